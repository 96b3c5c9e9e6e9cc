import type { ReviewCreate, ScheduledItem } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleKey } from './get-schedule';

/** POST /api/review: a draft waits in the review queue (status pending_review). */
export const submitForReview = (body: ReviewCreate) =>
  api<ScheduledItem>('/api/review', { method: 'POST', json: body });

export function useSubmitForReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitForReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
