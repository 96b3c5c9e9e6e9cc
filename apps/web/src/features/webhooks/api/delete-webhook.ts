import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksQueryOptions } from './get-webhooks';

/** DELETE /api/webhooks/{id}: the endpoint and its delivery log. */
export const deleteWebhook = (id: string) => api<null>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey }),
  });
}
