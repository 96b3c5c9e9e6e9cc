import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** POST /api/me/sessions/revoke-all: every other session, or every one including this one. */
export const revokeAllSessions = (includeCurrent: boolean) =>
  api<{ revoked: number }>('/api/me/sessions/revoke-all', { method: 'POST', json: { includeCurrent } });

export function useRevokeAllSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllSessions,
    onSettled: (_data, _error, includeCurrent) => {
      // Signed out here too: the sign-out flow clears the cache, so there is nothing to refresh.
      if (!includeCurrent) void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
    },
  });
}
