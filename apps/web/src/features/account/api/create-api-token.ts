import type { ApiTokenCreate, CreatedApiToken } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiTokensQueryOptions } from './get-api-tokens';

/** POST /api/me/tokens: the answer holds the secret, the only time it is sent. */
export const createApiToken = (body: ApiTokenCreate) =>
  api<CreatedApiToken>('/api/me/tokens', { method: 'POST', json: body });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions.queryKey }),
  });
}
