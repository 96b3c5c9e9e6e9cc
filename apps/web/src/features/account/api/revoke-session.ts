import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** DELETE /api/me/sessions/{id}: signs that session out. */
export const revokeSession = (id: string) =>
  api<null>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
