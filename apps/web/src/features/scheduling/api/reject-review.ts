import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleKey } from './get-schedule';

/** POST /api/review/{id}/reject: the draft is dropped (204). */
export const rejectReview = (id: string) =>
  api<null>(`/api/review/${encodeURIComponent(id)}/reject`, { method: 'POST' });

export function useRejectReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
