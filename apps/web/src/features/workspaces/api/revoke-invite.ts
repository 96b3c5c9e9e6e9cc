import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './get-members';

/** DELETE /api/workspaces/:id/invites/:inviteId: the invitation's link stops working. */
export const revokeInvite = (workspaceId: string, inviteId: string) =>
  api<null>(`/api/workspaces/${encodeURIComponent(workspaceId)}/invites/${encodeURIComponent(inviteId)}`, {
    method: 'DELETE',
  });

export function useRevokeInvite(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => revokeInvite(workspaceId, inviteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
  });
}
