import type { InAppNotificationList } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationKeys = { all: ['notifications'] as const };

/** GET /api/notifications: the newest notifications and how many are unread. */
export const getNotifications = () => api<InAppNotificationList>('/api/notifications');

/** Read again every minute, so the unread dot follows events while the app is open. */
export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: getNotifications,
  refetchInterval: 60_000,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
