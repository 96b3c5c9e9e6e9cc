import type { WorkspaceInvite, WorkspaceMember } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type Members = { members: WorkspaceMember[]; invites: WorkspaceInvite[] };

/** GET /api/workspaces/:id/members: members with their roles; pending invitations for admins and the owner. */
export const getMembers = (workspaceId: string) =>
  api<Members>(`/api/workspaces/${encodeURIComponent(workspaceId)}/members`);

export const membersKey = (workspaceId: string) => ['workspace-members', workspaceId] as const;

export const membersQueryOptions = (workspaceId: string) =>
  queryOptions({ queryKey: membersKey(workspaceId), queryFn: () => getMembers(workspaceId) });

export function useMembers(workspaceId: string | undefined) {
  return useQuery({ ...membersQueryOptions(workspaceId ?? ''), enabled: workspaceId !== undefined });
}
