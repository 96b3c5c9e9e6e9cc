import type { Persona, PersonaWrite } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

export const createPersona = (body: PersonaWrite) => api<Persona>('/api/personas', { method: 'POST', json: body });

export function useCreatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPersona,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
