import type { Preferences } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/me/preferences: the user's IANA time zone, null until chosen (the browser's is used). */
export const getPreferences = () => api<Preferences>('/api/me/preferences');

export const preferencesQueryOptions = queryOptions({ queryKey: ['preferences'], queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}
