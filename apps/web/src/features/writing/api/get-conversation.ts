import type { Message } from '@plume/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getConversation = (personaId: string) =>
  api<Message[]>(`/api/conversations/${encodeURIComponent(personaId)}`);

export const conversationQueryKey = (personaId: string) => ['conversations', personaId] as const;

export const conversationQueryOptions = (personaId: string) =>
  queryOptions({
    queryKey: conversationQueryKey(personaId),
    queryFn: () => getConversation(personaId),
  });

export function useConversation(personaId: string) {
  return useQuery(conversationQueryOptions(personaId));
}
