import type { AiSettings } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getAiSettings = () => api<AiSettings>('/api/settings/ai');

export const aiSettingsQueryOptions = queryOptions({ queryKey: ['settings', 'ai'], queryFn: getAiSettings });

export function useAiSettings() {
  return useQuery(aiSettingsQueryOptions);
}
