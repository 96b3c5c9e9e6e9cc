import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiTokensQueryOptions } from './get-api-tokens';

/** DELETE /api/me/tokens/{id}: the token is refused from the next request on. */
export const revokeApiToken = (id: string) =>
  api<null>(`/api/me/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions.queryKey }),
  });
}
