import type { GeneratedPost, GenerateRequest } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversationQueryKey } from './get-conversation';

/** The request as the form sends it: hashtags as typed (comma separated); the server parses them. */
export type GenerateInput = Omit<GenerateRequest, 'hashtags' | 'count' | 'topic' | 'personaId'> & {
  personaId: string;
  topic: string;
  hashtags: string;
  count?: number;
};

/** POST /api/generate: the advanced generator's posts, each within the platform limits. */
export const generatePosts = (body: GenerateInput) =>
  api<GeneratedPost[]>('/api/generate', { method: 'POST', json: body });

export function useGeneratePosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generatePosts,
    onSettled: (_data, _error, body) =>
      queryClient.invalidateQueries({ queryKey: conversationQueryKey(body.personaId) }),
  });
}
