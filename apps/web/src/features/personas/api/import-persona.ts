import type { Persona } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';

/** Sends a persona file as exported; the server validates every field. */
export async function importPersona(file: File): Promise<Persona> {
  let document: unknown;
  try {
    document = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not a JSON file`);
  }
  return api<Persona>('/api/personas/import', { method: 'POST', json: document });
}

export function useImportPersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPersona,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personaKeys.all }),
  });
}
