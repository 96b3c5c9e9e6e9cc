import type { Profile, ProfileUpdate } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferencesKey } from '../../../lib/api/get-preferences';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/auth';
import { profileQueryOptions } from './get-profile';

/** PATCH /api/me/profile: only the fields sent change. */
export const updateProfile = (body: ProfileUpdate) => api<Profile>('/api/me/profile', { method: 'PATCH', json: body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, saved);
      // The username names the session in the shell; the time zone is also in the preferences.
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: preferencesKey });
    },
  });
}
