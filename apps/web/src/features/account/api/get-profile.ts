import type { Profile } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/me/profile: username, e-mail (not changeable), full name and the saved time zone. */
export const getProfile = () => api<Profile>('/api/me/profile');

export const profileQueryOptions = queryOptions({ queryKey: ['account', 'profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions);
}
