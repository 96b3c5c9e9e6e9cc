import type { Tag } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getTags = () => api<Tag[]>('/api/tags');

export const tagsQueryOptions = queryOptions({ queryKey: ['tags'], queryFn: getTags });

export function useTags() {
  return useQuery(tagsQueryOptions);
}
