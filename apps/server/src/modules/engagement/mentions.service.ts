import {
  ANSWERED_BY_HAND,
  MENTION_NOT_FOUND,
  type MentionItem,
  type MentionList,
  type MentionListQuery,
  type MentionReply,
} from '@plume/core';
import { ConflictError, NotFoundError } from '../../errors';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';
import type { SchedulingService } from '../scheduling/scheduling.service';
import type { Actor } from '../workspaces/approval';
import type { MentionRow, MentionWithReply } from './engagement.repository';
import { type RepliesService, replyToOf } from './replies.service';

/** A reply written by hand goes out this soon (the publish job's own path, as 'Post now' from the calendar). */
const HAND_REPLY_DELAY_MS = 1_000;

const toItem = (row: MentionWithReply): MentionItem => ({
  id: row.id,
  platform: row.platform,
  kind: row.kind,
  author: row.authorHandle,
  text: row.text,
  url: row.url,
  receivedAt: row.receivedAt.toISOString(),
  decision: row.decision as MentionItem['decision'],
  reason: row.reason,
  reply: row.reply
    ? {
        postId: row.reply.id,
        status: row.reply.status,
        content: row.reply.content,
        url: row.reply.url,
        scheduledFor: row.reply.scheduledFor?.toISOString() ?? null,
      }
    : null,
});

/**
 * A persona's mentions inbox (decision 041): every mention, reply and quote read
 * for it with what automation decided, answered by hand (sent now, as a reply to it) or drafted by
 * the persona on request (to the review queue).
 */
export function createMentionsService(deps: {
  repositories: Pick<Repositories, 'personas' | 'engagement' | 'accounts' | 'preferences'>;
  scheduling: Pick<SchedulingService, 'create'>;
  replies: Pick<RepliesService, 'draftNow'>;
  now?: () => Date;
}) {
  const { repositories: r, now = () => new Date() } = deps;

  async function mentionOf(workspaceId: string, personaId: string, mentionId: string) {
    const persona = await ownPersona(r.personas, workspaceId, personaId);
    const mention = await r.engagement.find(persona.id, mentionId);
    if (!mention) throw new NotFoundError(MENTION_NOT_FOUND);
    return { persona, mention };
  }

  async function itemOf(personaId: string, mention: MentionRow): Promise<MentionItem> {
    const row = await r.engagement.findWithReply(personaId, mention.id);
    if (!row) throw new NotFoundError(MENTION_NOT_FOUND);
    return toItem(row);
  }

  return {
    async list(workspaceId: string, personaId: string, query: MentionListQuery): Promise<MentionList> {
      const persona = await ownPersona(r.personas, workspaceId, personaId);
      const [at, id] = query.cursor?.split('~') ?? [];
      const after = at && id ? { receivedAt: new Date(at), id } : null;
      const rows = await r.engagement.page(persona.id, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toItem),
        nextCursor: rows.length > query.limit && last ? `${last.receivedAt.toISOString()}~${last.id}` : null,
      };
    },

    /** A reply written by hand: checked and sent now through the publish path, threaded under the mention. */
    async reply(actor: Actor, personaId: string, mentionId: string, body: MentionReply): Promise<MentionItem> {
      const { persona, mention } = await mentionOf(actor.workspaceId, personaId, mentionId);
      // Through the schedule, so the approval rule holds for a reply as for any post.
      const post = await deps.scheduling.create(
        actor,
        {
          personaId: persona.id,
          platform: mention.platform,
          content: body.content,
          runAt: new Date(now().getTime() + HAND_REPLY_DELAY_MS).toISOString(),
        },
        { replyTo: replyToOf(mention) },
      );
      await r.engagement.answered(mention.id, post.id, ANSWERED_BY_HAND);
      return itemOf(persona.id, mention);
    },

    /** The persona drafts a reply now, whatever automation decided; the draft waits in the review queue. */
    async draft(workspaceId: string, personaId: string, mentionId: string): Promise<MentionItem> {
      const { persona, mention } = await mentionOf(workspaceId, personaId, mentionId);
      const account = await r.accounts.findById(mention.accountId);
      if (!account) throw new ConflictError('The account this mention came to is no longer connected');
      const timeZone = (await r.preferences.workspaceTimeZone(workspaceId)) ?? 'UTC';
      const drafted = await deps.replies.draftNow({ persona, workspaceId, timeZone, account }, mention);
      if ('repeated' in drafted) {
        throw new ConflictError(
          `Every reply written repeated an earlier reply to @${mention.authorHandle}: write one by hand`,
        );
      }
      return itemOf(persona.id, mention);
    },
  };
}
export type MentionsService = ReturnType<typeof createMentionsService>;
