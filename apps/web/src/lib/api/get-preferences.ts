import type { Preferences } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** The key of the user's preferences: the calendar reads and saves them, the profile changes the time zone. */
export const preferencesKey = ['preferences'] as const;

/** GET /api/me/preferences: the user's IANA time zone, null until chosen (the browser's is used). */
export const getPreferences = () => api<Preferences>('/api/me/preferences');

export const preferencesQueryOptions = queryOptions({ queryKey: preferencesKey, queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}
