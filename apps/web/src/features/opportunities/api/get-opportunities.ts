import type { OpportunityList } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const opportunityKeys = { all: ['opportunities'] as const };

/** GET /api/opportunities: what the user could act on now, dismissed ones left out. */
export const getOpportunities = () => api<OpportunityList>('/api/opportunities');

/** Read again every few minutes while the dashboard is open: mentions and items come in on their own. */
export const opportunitiesQueryOptions = queryOptions({
  queryKey: opportunityKeys.all,
  queryFn: getOpportunities,
  refetchInterval: 5 * 60_000,
});

export function useOpportunities() {
  return useQuery(opportunitiesQueryOptions);
}
