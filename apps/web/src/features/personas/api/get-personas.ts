import type { Persona } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getPersonas = () => api<Persona[]>('/api/personas');

export const personasQueryOptions = queryOptions({ queryKey: ['personas'], queryFn: getPersonas });

export function usePersonas() {
  return useQuery(personasQueryOptions);
}
