import type { AiSettings } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { aiSettingsQueryOptions } from './get-ai-settings';

/** Forgets the user's own choice: the server's default model, or the offline composer, writes again. */
export const resetAiSettings = () => api<AiSettings>('/api/settings/ai', { method: 'DELETE' });

export function useResetAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAiSettings,
    onSuccess: (settings) => queryClient.setQueryData(aiSettingsQueryOptions.queryKey, settings),
  });
}
