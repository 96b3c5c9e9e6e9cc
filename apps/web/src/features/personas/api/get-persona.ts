import type { Persona } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPersona = (id: string) => api<Persona>(`/api/personas/${id}`);

export const personaQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['personas', id], queryFn: () => getPersona(id) });

export function usePersona(id: string | undefined) {
  return useQuery({ ...personaQueryOptions(id ?? ''), enabled: Boolean(id) });
}
