import type { WorkspaceInvite, workspaceInviteRequestSchema } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { membersKey } from './get-members';

export type InviteRequest = z.infer<typeof workspaceInviteRequestSchema>;

/** POST /api/workspaces/:id/invites: e-mails a link that joins the workspace with the role. */
export const inviteMember = (workspaceId: string, body: InviteRequest) =>
  api<WorkspaceInvite>(`/api/workspaces/${encodeURIComponent(workspaceId)}/invites`, { method: 'POST', json: body });

export function useInviteMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) => inviteMember(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(workspaceId) }),
  });
}
