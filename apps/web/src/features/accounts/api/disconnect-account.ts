import type { Platform } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAccounts } from './invalidate';

/** DELETE /api/personas/{id}/accounts/{platform}: the server forgets the account and its tokens. */
export const disconnectAccount = ({ personaId, platform }: { personaId: string; platform: Platform }) =>
  api<void>(`/api/personas/${encodeURIComponent(personaId)}/accounts/${platform}`, { method: 'DELETE' });

export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSettled: (_data, _error, { personaId }) => invalidateAccounts(queryClient, personaId),
  });
}
