import type { Post } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleKey } from './get-schedule';

/** GET /api/posts/{id}: one post with its history (who wrote, edited, approved or rejected it, and when). */
export const getPost = (id: string) => api<Post>(`/api/posts/${encodeURIComponent(id)}`);

// Under the schedule's key: approving, editing or rejecting a post invalidates it with the rest.
export const postQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...scheduleKey, 'post', id], queryFn: () => getPost(id) });

export function usePost(id: string) {
  return useQuery(postQueryOptions(id));
}
