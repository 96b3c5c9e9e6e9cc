import type { Workspace } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { api } from '../../../lib/api-client';

/** POST /api/workspaces: a new workspace, its owner the caller. */
export const createWorkspace = (name: string) => api<Workspace>('/api/workspaces', { method: 'POST', json: { name } });

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions.queryKey }),
  });
}
