import type { Workspace } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspacesQueryOptions } from '../../../lib/api/get-workspaces';
import { api } from '../../../lib/api-client';

export type WorkspaceUpdate = { name?: string; needsApproval?: boolean };

/** PATCH /api/workspaces/:id: rename it, or turn "posts need approval" on or off. */
export const updateWorkspace = (workspaceId: string, body: WorkspaceUpdate) =>
  api<Workspace>(`/api/workspaces/${encodeURIComponent(workspaceId)}`, { method: 'PATCH', json: body });

export function useUpdateWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkspaceUpdate) => updateWorkspace(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions.queryKey }),
  });
}
