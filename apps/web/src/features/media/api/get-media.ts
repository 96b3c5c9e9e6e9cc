import type { MediaList } from '@plume/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const mediaKeys = { all: ['media'] as const };

/** How many uploads a page of the library holds. */
export const MEDIA_PAGE_SIZE = 24;

/** GET /api/media?cursor=&limit=: the user's uploads, newest first, and how much of the quota they use. */
export const getMedia = (cursor: string | null, limit = MEDIA_PAGE_SIZE) => {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return api<MediaList>(`/api/media?${query}`);
};

export const mediaQueryOptions = infiniteQueryOptions({
  queryKey: mediaKeys.all,
  queryFn: ({ pageParam }) => getMedia(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export function useMediaLibrary(enabled = true) {
  return useInfiniteQuery({ ...mediaQueryOptions, enabled });
}
