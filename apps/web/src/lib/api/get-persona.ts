import type { Persona } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { personaKeys } from './get-personas';

/** GET /api/personas/{id}: one persona. */
export const getPersona = (id: string) => api<Persona>(`/api/personas/${encodeURIComponent(id)}`);

export const personaQueryOptions = (id: string) =>
  queryOptions({ queryKey: personaKeys.detail(id), queryFn: () => getPersona(id) });

export function usePersona(id: string | undefined) {
  return useQuery({ ...personaQueryOptions(id ?? ''), enabled: Boolean(id) });
}
