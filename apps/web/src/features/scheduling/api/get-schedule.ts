import type { PostStatus, ScheduledItem } from '@plume/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ScheduleQuery = { from?: string; to?: string; personaId?: string; status?: readonly PostStatus[] };

/** GET /api/schedule: the user's posts in a window ([from, to)), for a persona, with some statuses. */
export const getSchedule = (query: ScheduleQuery) => {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.personaId) params.set('personaId', query.personaId);
  if (query.status) params.set('status', query.status.join(','));
  const search = params.toString();
  return api<ScheduledItem[]>(`/api/schedule${search ? `?${search}` : ''}`);
};

/** Every schedule query starts with this key: a change to any post invalidates them all. */
export const scheduleKey = ['schedule'] as const;

export const scheduleQueryOptions = (query: ScheduleQuery) =>
  queryOptions({ queryKey: [...scheduleKey, query], queryFn: () => getSchedule(query) });

export function useSchedule(query: ScheduleQuery) {
  // The previous window stays on screen while Previous / Next loads the next one.
  return useQuery({ ...scheduleQueryOptions(query), placeholderData: keepPreviousData });
}

/** The review queue's statuses: a draft waiting for a person. */
export const REVIEW = ['pending_review'] as const;

/** How many drafts wait for review: the queue's own query, so every approve, reject or edit refreshes it. */
export function useReviewCount(): number {
  return useSchedule({ status: REVIEW }).data?.length ?? 0;
}
