import type { LandingMetrics } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/landing/metrics: posts published, active users, uptime and onboarding time, all real. */
export const getLandingMetrics = () => api<LandingMetrics>('/api/landing/metrics');

export const landingMetricsQueryOptions = queryOptions({
  queryKey: ['landing', 'metrics'],
  queryFn: getLandingMetrics,
  retry: false,
  staleTime: 60_000,
});

export function useLandingMetrics() {
  return useQuery(landingMetricsQueryOptions);
}
