import type { InAppNotificationList } from '@plume/core';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationKeys = { all: ['notifications'] as const };

/**
 * How many notifications are unread, for the navigation's dot on every page: one notification's
 * page carries the count, so the shell does not read fifty every minute. Under the notifications'
 * key, so marking read refreshes it.
 */
export function useUnreadCount(): number {
  return (
    useQuery({
      queryKey: [...notificationKeys.all, 'unread'],
      queryFn: () => api<InAppNotificationList>('/api/notifications?limit=1'),
      refetchInterval: 60_000,
    }).data?.unread ?? 0
  );
}

/** How many notifications a page of the list holds (decision 044-list-paging). */
export const NOTIFICATION_PAGE = 50;

/** GET /api/notifications?limit&cursor: one page, newest first, with the next page's cursor. */
export const getNotificationPage = (cursor: string | null) =>
  api<InAppNotificationList>(
    `/api/notifications?limit=${NOTIFICATION_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

/** Under the notifications' key: marking read refreshes the pages too. */
export const notificationPagesQueryOptions = infiniteQueryOptions({
  queryKey: [...notificationKeys.all, 'pages'],
  queryFn: ({ pageParam }) => getNotificationPage(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor ?? null,
});

/** The notifications page by page: the first at once, the next as the list's end comes into view. */
export function useNotificationPages() {
  const pages = useInfiniteQuery(notificationPagesQueryOptions);
  return {
    ...pages,
    items: pages.data?.pages.flatMap((p) => p.items),
    unread: pages.data?.pages[0]?.unread,
  };
}
