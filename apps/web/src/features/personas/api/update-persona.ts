import type { Persona, PersonaWrite } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personasQueryOptions } from './get-personas';

export const updatePersona = ({ id, body }: { id: string; body: PersonaWrite }) =>
  api<Persona>(`/api/personas/${id}`, { method: 'PUT', json: body });

export function useUpdatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersona,
    onSuccess: (saved) =>
      queryClient.setQueryData(personasQueryOptions.queryKey, (list) =>
        list?.map((p) => (p.id === saved.id ? saved : p)),
      ),
  });
}
