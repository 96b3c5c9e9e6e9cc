import { IDEMPOTENCY_KEY_HEADER, type MentionItem, type MentionList, type MentionReply } from '@plume/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { personaKeys } from '../../../lib/api/get-personas';
import { api } from '../../../lib/api-client';
import { automationPlanQueryOptions } from './get-automation-plan';

const base = (personaId: string) => `/api/personas/${encodeURIComponent(personaId)}/mentions`;

/** GET /api/personas/{id}/mentions: a page of the persona's mentions, newest first. */
export const getMentions = (personaId: string, cursor: string | null) =>
  api<MentionList>(`${base(personaId)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

export const mentionsKey = (personaId: string) => [...personaKeys.detail(personaId), 'mentions'] as const;

/** The inbox, page by page (Show older). Not called for a persona not saved yet. */
export function useMentions(personaId: string | undefined) {
  return useInfiniteQuery({
    queryKey: mentionsKey(personaId ?? ''),
    queryFn: ({ pageParam }) => getMentions(personaId ?? '', pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(personaId),
  });
}

type Target = { personaId: string; mentionId: string };

/**
 * POST …/mentions/{mentionId}/reply: a reply written by hand, posted now under the mention. `key`
 * is the send's own: the same key never posts twice.
 */
export const replyToMention = ({ personaId, mentionId, content, key }: Target & MentionReply & { key: string }) =>
  api<MentionItem>(`${base(personaId)}/${encodeURIComponent(mentionId)}/reply`, {
    method: 'POST',
    json: { content },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });

/** POST …/mentions/{mentionId}/draft: the persona drafts a reply now, into the review queue. */
export const draftForMention = ({ personaId, mentionId }: Target) =>
  api<MentionItem>(`${base(personaId)}/${encodeURIComponent(mentionId)}/draft`, { method: 'POST' });

function useInboxMutation<V extends Target>(mutationFn: (v: V) => Promise<MentionItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, { personaId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mentionsKey(personaId) }),
        queryClient.invalidateQueries({ queryKey: automationPlanQueryOptions(personaId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['schedule'] }),
      ]),
  });
}

export const useReplyToMention = () => useInboxMutation(replyToMention);
export const useDraftForMention = () => useInboxMutation(draftForMention);
