import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys } from './get-media';

/** DELETE /api/media/{id}: 204, or 409 `media_in_use` while a post that has not gone out carries it. */
export const deleteMedia = (id: string) => api<null>(`/api/media/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
