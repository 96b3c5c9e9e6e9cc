import type { Persona } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * The writing studio reads personas through its own file (features don't import each other). The
 * query keys are the personas feature's, so both share one cache and its invalidations.
 */
export const getPersonas = () => api<Persona[]>('/api/personas');
export const getPersona = (id: string) => api<Persona>(`/api/personas/${encodeURIComponent(id)}`);

export const writingPersonasQueryOptions = queryOptions({ queryKey: ['personas'], queryFn: getPersonas });
export const writingPersonaQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['personas', id], queryFn: () => getPersona(id) });

export function useWritingPersonas() {
  return useQuery(writingPersonasQueryOptions);
}

export function useWritingPersona(id: string) {
  return useQuery(writingPersonaQueryOptions(id));
}
