import type { AutomationActivity } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

/** Today's automation figures for a persona; "today" is the day in the given IANA time zone. */
export const getAutomationActivity = (id: string, timeZone: string) =>
  api<AutomationActivity>(`/api/personas/${id}/automation/activity?timeZone=${encodeURIComponent(timeZone)}`);

/** The persona's activity in every time zone: what a change to it invalidates. */
export const automationActivityKey = (id: string) => [...personaKeys.detail(id), 'automation-activity'] as const;

export const automationActivityQueryOptions = (id: string, timeZone: string) =>
  queryOptions({
    queryKey: [...automationActivityKey(id), timeZone],
    queryFn: () => getAutomationActivity(id, timeZone),
  });

/** Not called for a persona that is not saved yet (no id): it has no activity. */
export function useAutomationActivity(id: string | undefined, timeZone: string) {
  return useQuery({ ...automationActivityQueryOptions(id ?? '', timeZone), enabled: Boolean(id) });
}
