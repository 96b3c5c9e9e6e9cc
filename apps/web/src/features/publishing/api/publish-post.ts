import type { PublishRequest, PublishResponse } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

/**
 * POST /api/personas/{id}/post: posts now to each platform named. 200 when at least one posted
 * (the results say which failed); 409 without a connected account; 502 when every platform failed.
 */
export const publishPost = ({ personaId, body }: { personaId: string; body: PublishRequest }) =>
  api<PublishResponse>(`/api/personas/${encodeURIComponent(personaId)}/post`, { method: 'POST', json: body });

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPost,
    // The persona's post count changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
