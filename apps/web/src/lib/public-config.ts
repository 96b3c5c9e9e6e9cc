import type { PublicConfig } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => api<PublicConfig>('/api/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
