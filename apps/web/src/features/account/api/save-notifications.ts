import type { NotificationSettings } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsQueryOptions } from './get-notifications';

/** PUT /api/me/notifications. */
export const saveNotifications = (body: NotificationSettings) =>
  api<NotificationSettings>('/api/me/notifications', { method: 'PUT', json: body });

export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotifications,
    // Saves run one after another, so quick toggles reach the server, and come back, in order.
    scope: { id: 'notification-settings' },
    // Switches show the new value at once; a failure puts the saved value back.
    onMutate: (next) => {
      const previous = queryClient.getQueryData(notificationsQueryOptions.queryKey);
      queryClient.setQueryData(notificationsQueryOptions.queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryOptions.queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationsQueryOptions.queryKey, saved),
  });
}
