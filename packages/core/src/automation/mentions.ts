/**
 * A persona's mentions inbox: every mention, reply and quote Plume read for it, with what its
 * automation decided and why, and what became of the reply (decision 041).
 */
import { z } from 'zod';
import { platformSchema } from '../platforms/platform-schema';
import { POST_STATUSES, type PostStatus } from '../publishing/publishing';
import { MENTION_KINDS } from './engagement';

/** waiting: not considered yet (replies off a moment, automation paused); replied; passed (with the reason). */
export const MENTION_DECISIONS = ['waiting', 'replied', 'passed'] as const;
export type MentionDecision = (typeof MENTION_DECISIONS)[number];

/** The reasons a mention was answered by a person, not by automation's rules. */
export const ANSWERED_BY_HAND = 'answered by hand';
export const DRAFTED_ON_REQUEST = 'drafted on request';

export const mentionItemSchema = z
  .object({
    id: z.string(),
    platform: platformSchema,
    kind: z.enum(MENTION_KINDS),
    /** The author's handle, without @. */
    author: z.string(),
    text: z.string(),
    url: z.string().nullable(),
    receivedAt: z.iso.datetime({ offset: true }),
    decision: z.enum(MENTION_DECISIONS),
    /** Why it was passed, or how it was answered (by hand, drafted on request); null: by automation. */
    reason: z.string().nullable(),
    /** The reply written to it, as it is now (null: none, or deleted). */
    reply: z
      .object({
        postId: z.string(),
        status: z.enum(POST_STATUSES),
        content: z.string(),
        url: z.string().nullable(),
        scheduledFor: z.iso.datetime({ offset: true }).nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'MentionItem' });
export type MentionItem = z.infer<typeof mentionItemSchema>;

export const MENTIONS_PAGE_SIZE = 20;

export const mentionListQuerySchema = z.object({
  /** Where the previous page ended (its `nextCursor`). */
  cursor: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~[0-9a-f-]{36}$/, 'must be a nextCursor from an earlier page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(MENTIONS_PAGE_SIZE),
});
export type MentionListQuery = z.infer<typeof mentionListQuerySchema>;

export const mentionListSchema = z
  .object({
    items: z.array(mentionItemSchema),
    /** The next page's cursor; null: this was the last. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'MentionList' });
export type MentionList = z.infer<typeof mentionListSchema>;

export const mentionParamsSchema = z.object({
  id: z.uuid('must be a persona id'),
  mentionId: z.uuid('must be a mention id'),
});

/** POST …/mentions/{mentionId}/reply: a reply written by hand, sent now as a reply to the mention. */
export const mentionReplySchema = z
  .object({ content: z.string().trim().min(1, 'Write a reply first').max(10_000) })
  .meta({ id: 'MentionReply' });
export type MentionReply = z.infer<typeof mentionReplySchema>;

export const MENTION_NOT_FOUND = 'Mention not found';

/** A reply's state in words, as the inbox and the activity log tell it now. */
export function replyStateWords(status: PostStatus | null): string {
  switch (status) {
    case null:
      return 'the reply was deleted';
    case 'draft':
    case 'pending_review':
      return 'waiting in the review queue';
    case 'scheduled':
    case 'publishing':
      return 'approved, going out shortly';
    case 'posted':
      return 'posted';
    case 'failed':
      return 'posting it failed';
    case 'unconfirmed':
      return 'posting it was not confirmed';
    case 'canceled':
      return 'rejected in review';
  }
}

/** What became of a mention, in one line: the inbox's status. */
export function mentionOutcome(item: Pick<MentionItem, 'decision' | 'reason' | 'reply'>): string {
  if (item.decision === 'waiting') return 'Not looked at yet: automation considers it at its next check';
  if (item.decision === 'passed') return `Skipped: ${item.reason ?? 'no reason was kept'}`;
  const who =
    item.reason === ANSWERED_BY_HAND
      ? 'You replied'
      : item.reason === DRAFTED_ON_REQUEST
        ? 'Reply drafted on request'
        : 'Reply drafted by automation';
  const state = replyStateWords(item.reply?.status ?? null);
  return `${who}: ${state}`;
}
