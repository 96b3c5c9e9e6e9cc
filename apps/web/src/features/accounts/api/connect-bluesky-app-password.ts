import type { Account, BlueskyAppPasswordRequest } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAccounts } from './invalidate';

/**
 * POST /api/personas/{id}/accounts/bluesky/app-password: the second way in. A 400 names the
 * field in its details; a 502 carries Bluesky's own message.
 */
export const connectBlueskyAppPassword = ({
  personaId,
  body,
}: {
  personaId: string;
  body: { handle: string; appPassword: string; service?: string };
}) =>
  api<Account>(`/api/personas/${encodeURIComponent(personaId)}/accounts/bluesky/app-password`, {
    method: 'POST',
    json: body satisfies Partial<BlueskyAppPasswordRequest>,
  });

export function useConnectBlueskyAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectBlueskyAppPassword,
    onSuccess: (_account, { personaId }) => invalidateAccounts(queryClient, personaId),
  });
}
