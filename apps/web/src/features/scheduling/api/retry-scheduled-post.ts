import type { ScheduledItem } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleKey } from './get-schedule';

/** POST /api/schedule/{id}/retry: publishes a failed or unconfirmed post again now (the user decided). */
export const retryScheduledPost = (id: string) =>
  api<ScheduledItem>(`/api/schedule/${encodeURIComponent(id)}/retry`, { method: 'POST' });

export function useRetryScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryScheduledPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
