import { type Persona, personaExportFileName } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Downloads the persona as a JSON file named after it. */
export async function exportPersona(persona: Pick<Persona, 'id' | 'name'>): Promise<void> {
  const document = await api<Persona>(`/api/personas/${persona.id}/export`);
  const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(window.document.createElement('a'), {
    href: url,
    download: personaExportFileName(persona.name),
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportPersona() {
  return useMutation({ mutationFn: exportPersona });
}
