import type { Persona } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * The calendar's persona filter and the Schedule dialog's persona choice read personas through their
 * own file (features don't import each other), under the personas feature's key: one shared cache.
 */
export const getPersonas = () => api<Persona[]>('/api/personas');

export const schedulingPersonasQueryOptions = queryOptions({ queryKey: ['personas'], queryFn: getPersonas });

export function useSchedulingPersonas() {
  return useQuery(schedulingPersonasQueryOptions);
}
