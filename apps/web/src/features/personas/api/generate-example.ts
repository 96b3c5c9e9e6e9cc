import type { GeneratedPost, GenerateRequest } from '@plume/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The pipeline preview's example: POST /api/generate with the editor's settings not saved yet, by
 * the same writer automation uses (the user's model, the server's, else the offline composer).
 */
export function useGenerateExample() {
  return useMutation({
    mutationFn: async (body: Omit<GenerateRequest, 'hashtags'>) => {
      const [post] = await api<GeneratedPost[]>('/api/generate', { method: 'POST', json: { ...body, hashtags: [] } });
      if (!post) throw new Error('The writer wrote nothing');
      return post;
    },
  });
}
