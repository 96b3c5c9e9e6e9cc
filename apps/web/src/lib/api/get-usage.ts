import type { UsageSummary } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { personaKeys } from './get-personas';

/** GET /api/usage: every persona's followers, posts and engagement now and before, and when last read. */
export const getUsage = () => api<UsageSummary>('/api/usage');

/** Under the personas' key: whatever changes the personas (a post read, a deletion) changes these figures. */
export const usageKey = [...personaKeys.all, 'usage'] as const;

export const usageQueryOptions = queryOptions({
  queryKey: usageKey,
  queryFn: getUsage,
  // A failure shows at once with its Try again button, rather than after three backoffs.
  retry: false,
});

export function useUsage(options: { pollMs?: number | false } = {}) {
  return useQuery({ ...usageQueryOptions, refetchInterval: options.pollMs ?? false });
}
