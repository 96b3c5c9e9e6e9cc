import {
  NEXT_CURSOR_HEADER,
  type Page,
  type PostStatus,
  type ReviewCount,
  type ScheduledItem,
  type ScheduleOrder,
} from '@plume/core';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, apiWithHeaders } from '../../../lib/api-client';

export type ScheduleQuery = { from?: string; to?: string; personaId?: string; status?: readonly PostStatus[] };

const searchOf = (query: ScheduleQuery & { order?: ScheduleOrder; limit?: number; cursor?: string }) => {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.personaId) params.set('personaId', query.personaId);
  if (query.status) params.set('status', query.status.join(','));
  if (query.order) params.set('order', query.order);
  if (query.limit) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  const search = params.toString();
  return `/api/schedule${search ? `?${search}` : ''}`;
};

/** GET /api/schedule: the user's posts in a window ([from, to)), for a persona, with some statuses. */
export const getSchedule = (query: ScheduleQuery) => api<ScheduledItem[]>(searchOf(query));

/** How many posts a page of the schedule holds (decision 044-list-paging). */
export const SCHEDULE_PAGE = 50;

/** One page of the same list, in `order`; the next page's cursor comes in the X-Next-Cursor header. */
export async function getSchedulePage(
  query: ScheduleQuery & { order: ScheduleOrder },
  cursor: string | null,
): Promise<Page<ScheduledItem>> {
  const { data, headers } = await apiWithHeaders<ScheduledItem[]>(
    searchOf({ ...query, limit: SCHEDULE_PAGE, ...(cursor ? { cursor } : {}) }),
  );
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export const schedulePagesQueryOptions = (query: ScheduleQuery & { order: ScheduleOrder }) =>
  infiniteQueryOptions({
    queryKey: [...scheduleKey, 'pages', query],
    queryFn: ({ pageParam }) => getSchedulePage(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The list page by page: the first at once, the next when asked (the list's end scrolled into view). */
export function useSchedulePages(query: ScheduleQuery & { order: ScheduleOrder }) {
  const pages = useInfiniteQuery({ ...schedulePagesQueryOptions(query), placeholderData: keepPreviousData });
  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items), [pages.data]);
  return { ...pages, items };
}

/** Every schedule query starts with this key: a change to any post invalidates them all. */
export const scheduleKey = ['schedule'] as const;

export const scheduleQueryOptions = (query: ScheduleQuery) =>
  queryOptions({ queryKey: [...scheduleKey, query], queryFn: () => getSchedule(query) });

export function useSchedule(query: ScheduleQuery) {
  // The previous window stays on screen while Previous / Next loads the next one.
  return useQuery({ ...scheduleQueryOptions(query), placeholderData: keepPreviousData });
}

/** The review queue's statuses: a draft waiting for a person. */
export const REVIEW = ['pending_review'] as const;

/** GET /api/review/count: one count, not the queue (the navigation shows it on every page). */
export const getReviewCount = () => api<ReviewCount>('/api/review/count');

/** Under the schedule's key, so every approve, reject or edit refreshes it. */
export const reviewCountQueryOptions = queryOptions({
  queryKey: [...scheduleKey, 'review-count'],
  queryFn: getReviewCount,
});

/** How many drafts wait for review. */
export function useReviewCount(): number {
  return useQuery(reviewCountQueryOptions).data?.waiting ?? 0;
}
