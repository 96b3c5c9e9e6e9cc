import type { WebhookWithSecret } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryOptions } from './get-webhooks';

/** POST /api/webhooks/{id}/secret: a new signing secret, shown this once; the old one stops at once. */
export const rotateWebhookSecret = (id: string) =>
  api<WebhookWithSecret>(`/api/webhooks/${encodeURIComponent(id)}/secret`, { method: 'POST' });

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey }),
  });
}
