import type { Analytics, AnalyticsRange } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

export type AnalyticsQuery = { range: AnalyticsRange; compare: boolean };

/** GET /api/personas/{id}/analytics: the persona's figures over a range, with the period before when comparing. */
export const getAnalytics = (id: string, { range, compare }: AnalyticsQuery) =>
  api<Analytics>(`/api/personas/${encodeURIComponent(id)}/analytics?range=${range}&compare=${compare}`);

/** Under the persona's key: whatever refreshes the persona (a post published, a deletion) refreshes these. */
export const analyticsKeys = {
  all: (id: string) => [...personaKeys.detail(id), 'analytics'] as const,
  one: (id: string, query: AnalyticsQuery) => [...analyticsKeys.all(id), query] as const,
};

export const analyticsQueryOptions = (id: string, query: AnalyticsQuery) =>
  queryOptions({
    queryKey: analyticsKeys.one(id, query),
    queryFn: () => getAnalytics(id, query),
    // A failure shows at once with its Retry button, rather than 'Loading...' through three backoffs.
    retry: false,
  });

export function useAnalytics(id: string, query: AnalyticsQuery) {
  return useQuery({
    ...analyticsQueryOptions(id, query),
    // Another range or Compare keeps this persona's figures on screen while the new ones load; another
    // persona starts clean (its figures must not show under this one's name).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === id ? previous : undefined),
  });
}
