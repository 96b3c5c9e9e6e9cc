import type { MediaItem } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mediaKeys } from './get-media';

/** POST /api/media (multipart: `file`, optional `alt`): stores an image in the user's library. */
export function uploadMedia({ file, alt }: { file: File; alt?: string }) {
  const form = new FormData();
  form.append('file', file);
  if (alt) form.append('alt', alt);
  return api<MediaItem>('/api/media', { method: 'POST', body: form });
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}
