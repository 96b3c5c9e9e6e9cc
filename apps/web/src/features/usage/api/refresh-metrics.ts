import type { MetricsRefreshResult } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/metrics/refresh: reads every connected account of the user's personas now, in the background. */
export const refreshMetrics = () => api<MetricsRefreshResult>('/api/metrics/refresh', { method: 'POST', json: {} });

export function useRefreshMetrics() {
  return useMutation({ mutationFn: refreshMetrics });
}
