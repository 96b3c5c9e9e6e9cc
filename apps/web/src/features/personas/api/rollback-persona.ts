import type { Persona } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const rollbackPersona = ({ id, versionId }: { id: string; versionId: string }) =>
  api<Persona>(`/api/personas/${id}/rollback`, { method: 'POST', json: { versionId } });

export function useRollbackPersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollbackPersona,
    onSuccess: (persona) => {
      queryClient.setQueryData(['personas', persona.id], persona);
      void queryClient.invalidateQueries({ queryKey: ['personas'] });
    },
  });
}
