import type { ScheduleBatch, ScheduledItem } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withBrowserZone } from '../../../lib/time-zones';
import { scheduleKey } from './get-schedule';

/**
 * POST /api/schedule/batch: several posts in one call, all or none; the created posts in the order
 * sent. An error names the item (`body.items.2.runAt`, or `body.items.2: …` for one with no field).
 */
export const createScheduledBatch = (body: ScheduleBatch) =>
  api<ScheduledItem[]>('/api/schedule/batch', {
    method: 'POST',
    json: { items: body.items.map((item) => withBrowserZone(item)) },
  });

export function useCreateScheduledBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScheduledBatch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
