import type { ScheduleCreate, ScheduledItem } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withBrowserZone } from '../../../lib/time-zones';
import { scheduleKey } from './get-schedule';

/**
 * POST /api/schedule: a post for `runAt`, or the persona's next free slot (`queue: true`). 400 names
 * the field (runAt, content), 409 when no account is connected for the platform or no slot is free.
 */
export const createScheduledPost = (body: ScheduleCreate) =>
  api<ScheduledItem>('/api/schedule', { method: 'POST', json: withBrowserZone(body) });

export function useCreateScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScheduledPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
