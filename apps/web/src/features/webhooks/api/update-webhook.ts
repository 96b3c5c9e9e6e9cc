import type { WebhookEndpoint, WebhookUpdate } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryOptions } from './get-webhooks';

/** PATCH /api/webhooks/{id}: its URL, events, or on/off (turned on again, its failures start over). */
export const updateWebhook = ({ id, ...body }: WebhookUpdate & { id: string }) =>
  api<WebhookEndpoint>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey }),
  });
}
