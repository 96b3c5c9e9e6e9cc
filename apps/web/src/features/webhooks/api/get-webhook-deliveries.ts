import type { WebhookDelivery } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/webhooks/{id}/deliveries: the newest 50, with the receiver's status code and the time. */
export const getWebhookDeliveries = (id: string) =>
  api<WebhookDelivery[]>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`);

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['webhooks', id, 'deliveries'],
    queryFn: () => getWebhookDeliveries(id),
    // A retry waiting shows its outcome without a reload.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 5000 : false),
  });

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}
