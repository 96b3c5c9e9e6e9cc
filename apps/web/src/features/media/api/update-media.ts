import type { MediaItem } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys } from './get-media';

/** PATCH /api/media/{id}: changes an upload's default alt text (each part keeps its own). */
export const updateMedia = ({ id, alt }: { id: string; alt: string }) =>
  api<MediaItem>(`/api/media/${encodeURIComponent(id)}`, { method: 'PATCH', json: { alt } });

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMedia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
