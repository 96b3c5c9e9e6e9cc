import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { openWorkspace } from '../../../lib/workspace';
import { membersKey } from './get-members';
import { removeMember } from './remove-member';

/**
 * Leaving: DELETE /api/workspaces/:id/members/:yourId. The personal workspace opens before
 * anything is read again, since every read of the one just left would now be a 404.
 */
export function useLeaveWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(workspaceId, userId),
    onSuccess: async () => {
      // Forgotten first: the switch refetches what is on screen, and this would be a 404 now.
      queryClient.removeQueries({ queryKey: membersKey(workspaceId) });
      openWorkspace(queryClient, null);
      await queryClient.invalidateQueries({ queryKey: workspacesQueryOptions.queryKey });
    },
  });
}
