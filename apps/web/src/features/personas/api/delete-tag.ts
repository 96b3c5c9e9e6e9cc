import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';
import { tagsQueryOptions } from './get-tags';

export const deleteTag = (id: string) => api<null>(`/api/tags/${id}`, { method: 'DELETE' });

/** Deleting a tag also takes it off personas, so both lists refresh. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tagsQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: personaKeys.all });
    },
  });
}
