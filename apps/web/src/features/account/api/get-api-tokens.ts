import type { ApiToken } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/me/tokens: personal API tokens by name, prefix and times (never the secret). */
export const getApiTokens = () => api<ApiToken[]>('/api/me/tokens');

export const apiTokensQueryOptions = queryOptions({ queryKey: ['account', 'tokens'], queryFn: getApiTokens });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions);
}
