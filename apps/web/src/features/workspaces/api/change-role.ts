import type { WorkspaceMember, WorkspaceRole } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './get-members';

/** PATCH /api/workspaces/:id/members/:userId: a member's new role (never owner: that is a transfer). */
export const changeRole = (workspaceId: string, userId: string, role: Exclude<WorkspaceRole, 'owner'>) =>
  api<WorkspaceMember[]>(`/api/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    json: { role },
  });

export function useChangeRole(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Exclude<WorkspaceRole, 'owner'> }) =>
      changeRole(workspaceId, userId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
  });
}
