import type { WebhookEndpoint } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/webhooks: the endpoints, with their events and whether they are on (never the secret). */
export const getWebhooks = () => api<WebhookEndpoint[]>('/api/webhooks');

export const webhooksQueryOptions = queryOptions({ queryKey: ['webhooks'], queryFn: getWebhooks });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions);
}
