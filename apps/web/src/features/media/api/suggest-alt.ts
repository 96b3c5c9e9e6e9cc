import type { AltSuggestion } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/media/{id}/alt-suggestion: alt text a model that reads images suggests, or none and
 * why (the offline writer cannot see images).
 */
export const suggestAlt = (id: string) =>
  api<AltSuggestion>(`/api/media/${encodeURIComponent(id)}/alt-suggestion`, { method: 'POST' });

export function useSuggestAlt() {
  return useMutation({ mutationFn: suggestAlt });
}
