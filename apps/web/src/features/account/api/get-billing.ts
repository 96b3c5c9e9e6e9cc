import type { Billing } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/me/billing: the plan and this month's usage. */
export const getBilling = () => api<Billing>('/api/me/billing');

export const billingQueryOptions = queryOptions({ queryKey: ['account', 'billing'], queryFn: getBilling });

export function useBilling() {
  return useQuery(billingQueryOptions);
}
