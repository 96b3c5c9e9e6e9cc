import type { ScheduledItem } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleKey } from './get-schedule';

/** POST /api/schedule/{id}/mark-posted: the user saw a failed or unconfirmed post on the account. */
export const markPosted = (id: string) =>
  api<ScheduledItem>(`/api/schedule/${encodeURIComponent(id)}/mark-posted`, { method: 'POST' });

export function useMarkPosted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPosted,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
