import type { ReviewBulk, ReviewBulkResult } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withBrowserZone } from '../../../lib/time-zones';
import { scheduleKey } from './get-schedule';

/** POST /api/review/bulk: approve (each at its own time) or reject several drafts; each says if it was done. */
export const bulkReview = (body: ReviewBulk) =>
  api<ReviewBulkResult>('/api/review/bulk', { method: 'POST', json: withBrowserZone(body) });

export function useBulkReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
