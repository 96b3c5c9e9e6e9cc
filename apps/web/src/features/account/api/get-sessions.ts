import type { AccountSession } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/me/sessions: signed-in browsers and devices, this one marked `current`. */
export const getSessions = () => api<AccountSession[]>('/api/me/sessions');

export const sessionsQueryOptions = queryOptions({ queryKey: ['account', 'sessions'], queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
