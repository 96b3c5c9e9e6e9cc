import type { WebhookCreate, WebhookWithSecret } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryOptions } from './get-webhooks';

/** POST /api/webhooks: the answer holds the signing secret, the only time it is sent. */
export const createWebhook = (body: WebhookCreate) =>
  api<WebhookWithSecret>('/api/webhooks', { method: 'POST', json: body });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey }),
  });
}
