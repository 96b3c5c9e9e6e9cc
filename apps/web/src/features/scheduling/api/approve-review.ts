import type { ReviewApprove, ScheduledItem } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withBrowserZone } from '../../../lib/time-zones';
import { scheduleKey } from './get-schedule';

/** POST /api/review/{id}/approve: at its own time (`{}`), a chosen time (`runAt`), the next free slot (`queue: true`) or now (`now: true`). */
export const approveReview = ({ id, body }: { id: string; body: ReviewApprove }) =>
  api<ScheduledItem>(`/api/review/${encodeURIComponent(id)}/approve`, { method: 'POST', json: withBrowserZone(body) });

export function useApproveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
