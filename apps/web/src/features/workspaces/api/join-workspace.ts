import type { Workspace } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { api } from '../../../lib/api-client';

/** POST /api/workspaces/join: accepts the invitation whose link carried `token`. */
export const joinWorkspace = (token: string) =>
  api<Workspace>('/api/workspaces/join', { method: 'POST', json: { token } });

export function useJoinWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions.queryKey }),
  });
}
