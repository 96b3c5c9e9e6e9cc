import type { Preferences } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferencesQueryOptions } from '../../../lib/api/get-preferences';
import { api } from '../../../lib/api-client';

/** PUT /api/me/preferences: saves the time zone (null: follow the browser's). */
export const savePreferences = (body: Preferences) =>
  api<Preferences>('/api/me/preferences', { method: 'PUT', json: body });

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryOptions.queryKey, saved),
  });
}
