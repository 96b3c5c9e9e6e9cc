import type { Persona } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaQueryOptions } from '../../../lib/api/get-persona';
import { personasQueryOptions } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';
import { automationPlanQueryOptions } from './get-automation-plan';

/** POST /api/personas/{id}/automation/resume: the automation that paused itself runs again; the persona as it is now. */
export const resumeAutomation = (personaId: string) =>
  api<Persona>(`/api/personas/${encodeURIComponent(personaId)}/automation/resume`, { method: 'POST' });

export function useResumeAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeAutomation,
    onSuccess: async (resumed) => {
      queryClient.setQueryData(personasQueryOptions.queryKey, (list) =>
        list?.map((p) => (p.id === resumed.id ? resumed : p)),
      );
      queryClient.setQueryData(personaQueryOptions(resumed.id).queryKey, resumed);
      // The log says it resumed.
      await queryClient.invalidateQueries({ queryKey: automationPlanQueryOptions(resumed.id).queryKey });
    },
  });
}
