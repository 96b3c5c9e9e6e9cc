import type { Tag, TagWrite } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tagsQueryOptions } from './get-tags';

export const createTag = (body: TagWrite) => api<Tag>('/api/tags', { method: 'POST', json: body });

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryOptions.queryKey }),
  });
}
