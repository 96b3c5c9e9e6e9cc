import type { LocalModels } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/settings/ai/local: an Ollama server on the machine Plume runs on, and its models. */
export const getLocalModels = () => api<LocalModels>('/api/settings/ai/local');

export const localModelsQueryOptions = queryOptions({
  queryKey: ['settings', 'ai', 'local'],
  queryFn: getLocalModels,
  // Looked for once a visit; "Look again" asks anew.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useLocalModels() {
  return useQuery(localModelsQueryOptions);
}
