import type { Persona, PersonaWrite } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaQueryOptions } from '../../../lib/api/get-persona';
import { personasQueryOptions } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

export const updatePersona = ({ id, body }: { id: string; body: PersonaWrite }) =>
  api<Persona>(`/api/personas/${id}`, { method: 'PUT', json: body });

/** Every save of one persona (the editor's Save, automation saved at once) runs in click order. */
export const personaSaveScope = (id: string) => `persona-${id}`;

/**
 * `scope`: saves sharing it run one after another (switches saved at once must reach the
 * server in the order they were flipped, and never race the editor's Save).
 */
export function useUpdatePersona(scope?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersona,
    ...(scope ? { scope: { id: scope } } : {}),
    onSuccess: (saved) => {
      queryClient.setQueryData(personasQueryOptions.queryKey, (list) =>
        list?.map((p) => (p.id === saved.id ? saved : p)),
      );
      // The editor reopened within the cache's freshness window must show what was saved.
      queryClient.setQueryData(personaQueryOptions(saved.id).queryKey, saved);
    },
  });
}
