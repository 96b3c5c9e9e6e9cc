import type { NextSlot } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/time-zones';
import { scheduleKey } from './get-schedule';

/** GET /api/schedule/next-slot: the slot 'Add to queue' takes if sent now (the server's rule, the server's answer). */
export const getNextSlot = (personaId: string) =>
  api<NextSlot>(`/api/schedule/next-slot?${new URLSearchParams({ personaId, timeZone: browserTimeZone() })}`);

// Under the schedule's key: a post taking a slot invalidates it with the rest.
export const nextSlotQueryOptions = (personaId: string) =>
  queryOptions({ queryKey: [...scheduleKey, 'next-slot', personaId], queryFn: () => getNextSlot(personaId) });

export function useNextSlot(personaId: string | undefined) {
  return useQuery({ ...nextSlotQueryOptions(personaId ?? ''), enabled: Boolean(personaId) });
}
