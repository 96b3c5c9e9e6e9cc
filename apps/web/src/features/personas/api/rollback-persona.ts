import type { Persona } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaQueryOptions } from '../../../lib/api/get-persona';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

export const rollbackPersona = ({ id, versionId }: { id: string; versionId: string }) =>
  api<Persona>(`/api/personas/${id}/rollback`, { method: 'POST', json: { versionId } });

export function useRollbackPersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollbackPersona,
    onSuccess: (persona) => {
      queryClient.setQueryData(personaQueryOptions(persona.id).queryKey, persona);
      void queryClient.invalidateQueries({ queryKey: personaKeys.all });
    },
  });
}
