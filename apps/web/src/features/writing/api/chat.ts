import type { ChatRequest, ChatResponse } from '@plume/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversationQueryKey } from './get-conversation';

/** POST /chat: one reply in the persona's voice; the server keeps both messages. */
export const chat = (body: ChatRequest) => api<ChatResponse>('/api/chat', { method: 'POST', json: body });

export function useChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chat,
    onSettled: (_data, _error, body) => {
      if (body.personaId) void queryClient.invalidateQueries({ queryKey: conversationQueryKey(body.personaId) });
    },
  });
}
