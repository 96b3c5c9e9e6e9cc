import type { WorkspaceMember } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { api } from '../../../lib/api-client';
import { membersKey } from './get-members';

/** POST /api/workspaces/:id/transfer: the member becomes owner, the caller an admin. */
export const transferOwnership = (workspaceId: string, userId: string) =>
  api<WorkspaceMember[]>(`/api/workspaces/${encodeURIComponent(workspaceId)}/transfer`, {
    method: 'POST',
    json: { userId },
  });

export function useTransferOwnership(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => transferOwnership(workspaceId, userId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) });
      await queryClient.invalidateQueries({ queryKey: workspacesQueryOptions.queryKey });
    },
  });
}
