import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';

/** POST /api/notifications/{id}/read, or /read-all without an id. */
export const markRead = (id?: string) =>
  api<null>(id ? `/api/notifications/${encodeURIComponent(id)}/read` : '/api/notifications/read-all', {
    method: 'POST',
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
