import type { Persona } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * The keys of every persona read, here once because several features read personas (dashboard,
 * editor, writing studio, calendar) or change them (publishing, accounts). Invalidating `all`
 * refreshes the list, each persona and what hangs under it (versions, automation activity).
 */
export const personaKeys = {
  all: ['personas'] as const,
  detail: (id: string) => ['personas', id] as const,
};

/** GET /api/personas: the user's personas. */
export const getPersonas = () => api<Persona[]>('/api/personas');

export const personasQueryOptions = queryOptions({ queryKey: personaKeys.all, queryFn: getPersonas });

export function usePersonas() {
  return useQuery(personasQueryOptions);
}
