import type { PersonaOfTheDayResponse } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/landing/persona-of-the-day: public, the same all day (UTC); `persona` null when none is public. */
export const getPersonaOfTheDay = () => api<PersonaOfTheDayResponse>('/api/landing/persona-of-the-day');

// The spec: a landing loader that fails logs and carries on, so it is not retried.
export const personaOfTheDayQueryOptions = queryOptions({
  queryKey: ['landing', 'persona-of-the-day'],
  queryFn: getPersonaOfTheDay,
  retry: false,
  staleTime: 60_000,
});

export function usePersonaOfTheDay() {
  return useQuery(personaOfTheDayQueryOptions);
}
