import type { NotificationSettings } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/me/notifications: which events send an e-mail. */
export const getNotifications = () => api<NotificationSettings>('/api/me/notifications');

export const notificationsQueryOptions = queryOptions({
  queryKey: ['account', 'notifications'],
  queryFn: getNotifications,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
