import type { AutomationPlan } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

/** The persona's next posting slots with the posts written for them, and what automation did. */
export const getAutomationPlan = (id: string) => api<AutomationPlan>(`/api/personas/${id}/automation/plan`);

export const automationPlanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...personaKeys.detail(id), 'automation-plan'],
    queryFn: () => getAutomationPlan(id),
    // Automation acts on its own: what it wrote shows within a minute while the tab is open.
    refetchInterval: 60_000,
  });

/** Not called for a persona that is not saved yet (no id): it has no plan on the server. */
export function useAutomationPlan(id: string | undefined) {
  return useQuery({ ...automationPlanQueryOptions(id ?? ''), enabled: Boolean(id) });
}
