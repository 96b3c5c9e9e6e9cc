import type { ScheduledItem, ScheduleUpdate } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withBrowserZone } from '../../../lib/time-zones';
import { scheduleKey } from './get-schedule';

/** PATCH /api/schedule/{id}: edits or reschedules a post that has not gone out (409 once it has). */
export const updateScheduledPost = ({ id, body }: { id: string; body: ScheduleUpdate }) =>
  api<ScheduledItem>(`/api/schedule/${encodeURIComponent(id)}`, { method: 'PATCH', json: withBrowserZone(body) });

export function useUpdateScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScheduledPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
