import type { RecentPost } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/landing/recent-posts: the latest posts public personas published, newest first. */
export const getRecentPosts = (limit: number) => api<RecentPost[]>(`/api/landing/recent-posts?limit=${limit}`);

export const recentPostsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['landing', 'recent-posts', limit],
    queryFn: () => getRecentPosts(limit),
    retry: false,
    staleTime: 60_000,
  });

export function useRecentPosts(limit: number) {
  return useQuery(recentPostsQueryOptions(limit));
}
