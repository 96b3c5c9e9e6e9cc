import type { Workspace } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * GET /api/workspaces: the workspaces the user belongs to, with their role in each, the personal
 * one first. Here in lib because the shell, the team page and every role-aware screen read it.
 */
export const getWorkspaces = async () => (await api<{ workspaces: Workspace[] }>('/api/workspaces')).workspaces;

export const workspacesQueryOptions = queryOptions({ queryKey: ['workspaces'], queryFn: getWorkspaces });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions);
}
