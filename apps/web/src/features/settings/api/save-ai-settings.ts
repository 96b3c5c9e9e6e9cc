import type { AiSettings, AiSettingsWrite } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { aiSettingsQueryOptions } from './get-ai-settings';

/** `apiKey`: a new key; null removes the stored one; left out keeps it. */
export type AiSettingsInput = Omit<AiSettingsWrite, 'baseUrl'> & { baseUrl?: string };

export const saveAiSettings = (body: AiSettingsInput) =>
  api<AiSettings>('/api/settings/ai', { method: 'PUT', json: body });

export function useSaveAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAiSettings,
    onSuccess: (saved) => queryClient.setQueryData(aiSettingsQueryOptions.queryKey, saved),
  });
}
