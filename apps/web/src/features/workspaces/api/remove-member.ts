import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { api } from '../../../lib/api-client';
import { membersKey } from './get-members';

/** DELETE /api/workspaces/:id/members/:userId: removes a member, or (your own id) leaves. */
export const removeMember = (workspaceId: string, userId: string) =>
  api<null>(`/api/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });

export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(workspaceId, userId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) });
      // Seats and, after leaving, the list of one's workspaces.
      await queryClient.invalidateQueries({ queryKey: workspacesQueryOptions.queryKey });
    },
  });
}
