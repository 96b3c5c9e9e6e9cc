import { IDEMPOTENCY_KEY_HEADER, type PublishRequest, type PublishResponse } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

/**
 * POST /api/personas/{id}/post: posts now to each platform named. 200 when at least one posted
 * (the results say which failed); 409 without a connected account, or `duplicate_post` when the
 * same text went out within ten minutes (sent again with `confirmDuplicate` to post it anyway);
 * 502 when every platform failed. `key` is the click's own: the same key never posts twice.
 */
export const publishPost = ({ personaId, body, key }: { personaId: string; body: PublishRequest; key: string }) =>
  api<PublishResponse>(`/api/personas/${encodeURIComponent(personaId)}/post`, {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPost,
    // The persona's post count changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
