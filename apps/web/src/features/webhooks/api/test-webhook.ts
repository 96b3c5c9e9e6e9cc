import type { WebhookDelivery } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookDeliveriesQueryOptions } from './get-webhook-deliveries';

/** POST /api/webhooks/{id}/test: a signed webhook.test event sent now; answers the delivery as logged. */
export const testWebhook = (id: string) =>
  api<WebhookDelivery>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' });

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSettled: (_data, _error, id) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(id).queryKey }),
  });
}
