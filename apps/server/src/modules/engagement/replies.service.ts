import {
  chooseTemplate,
  createDraftBatch,
  DRAFTED_ON_REQUEST,
  type DraftBatch,
  mentionCheckMinutes,
  nextWakingTime,
  type Persona,
  PLATFORM_RULES,
  type Platform,
  quotePost,
  REPLIES_PER_PERSON_PER_DAY,
  REPLIES_PER_THREAD_PER_DAY,
  type ReplyContext,
  repliesNeedReview,
  sentimentAllowed,
  startOfDay,
  textPart,
} from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { NamedLock } from '../../db/named-lock';
import { asPlatformError, type PlatformAdapter, type StoredReplyTo } from '../../integrations/platform';
import { sendCheckMentions } from '../../jobs/engagement';
import { sendPublishPost } from '../../jobs/publish-posts';
import type { Queue } from '../../jobs/queue';
import type { PlanLimits } from '../account/plan-limits';
import type { AccountRow } from '../accounts/accounts.repository';
import { createSafety } from '../automation/safety';
import type { NewNotification } from '../inbox/inbox.repository';
import type { Repositories, UnitOfWork } from '../repositories';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import { automationActor, mustReview } from '../workspaces/approval';
import type { DraftCheck, DraftHistory, Revision } from '../writing/draft-check';
import type { ReplyWriter } from '../writing/writing.service';
import type { MentionRow, Working } from './engagement.repository';
import { sentimentOf } from './sentiment';

/** A first read looks this far back: a persona just switched on answers what came in lately, not a backlog. */
const FIRST_READ_MS = 60 * 60_000;
/** A mention older than this when it is considered is not answered. */
const STALE_MS = 24 * 3_600_000;
/** Pages of mentions one read takes at most (each a call; X bills each). */
const MAX_PAGES = 3;
/** A reply goes out this many minutes after the mention at the soonest, at random up to the second (human-like). */
const REPLY_DELAY_MINUTES = { min: 2, max: 10 } as const;
/** After a failed read the next waits 2 minutes, doubling, at most an hour. */
const backoffMs = (failures: number) => Math.min(2 * 60_000 * 2 ** Math.max(0, failures - 1), 3_600_000);

export type CheckOutcome = 'checked' | 'not replying' | 'rate limited' | 'failed';

/**
 * Replies to mentions (decision 022): each connected account's mentions, replies and quotes are
 * read from a cursor kept in the database, each is kept once (its unique key) and considered once
 * under the account's lock: the persona's rules decide whether it is answered, the writer writes
 * the reply, and it waits for review (always on X) or is scheduled.
 */
export function createRepliesService(deps: {
  repositories: Pick<Repositories, 'engagement' | 'automation' | 'posts'>;
  unitOfWork: UnitOfWork;
  /** Each network's mentions and threads (a network without mentions is never read). */
  adapters: Record<Platform, Pick<PlatformAdapter, 'readMentions' | 'threadAbove'>>;
  /**
   * The persona's reply writer (its model looked up once), for the persona a check loaded, with
   * the persona's posts the check gathered once (the model's examples).
   */
  replyWriter: (workspaceId: string, persona: Persona, history?: DraftHistory) => Promise<ReplyWriter>;
  /** The check before review (decision 037): every reply passes it, or waits for review flagged. */
  check: Pick<DraftCheck, 'history' | 'write'>;
  /** Where check-mentions and publish jobs are queued. */
  queue: Queue;
  planLimits: Pick<PlanLimits, 'checkNewPosts'>;
  lock: NamedLock;
  log: FastifyBaseLogger;
  /** Where a new mention is told, for a persona that asked for it (autoReplies.notifyMentions). */
  inbox?: { add(rows: NewNotification[]): Promise<number> };
  /** A reply drafted into the review queue is told to the owner's webhooks. */
  events?: Pick<WebhookEvents, 'replyDrafted'>;
  now?: () => Date;
  random?: () => number;
}) {
  const { repositories: r, now = () => new Date(), random = Math.random, log } = deps;
  const safety = createSafety(r);

  /** When a reply goes out: a few minutes on, inside waking hours with Human-like patterns (the cooldown is publishing's). */
  function replyTime(persona: Persona, timeZone: string, at: Date): Date {
    const { safety } = persona.automation;
    const { min, max } = REPLY_DELAY_MINUTES;
    let when = new Date(at.getTime() + (min + random() * (max - min)) * 60_000);
    if (safety.humanLikePatterns) when = nextWakingTime(when, timeZone);
    return when;
  }

  /**
   * Why a mention is not answered, or null when it is: the persona's rules in order (own post,
   * another persona of the user, sentiment, the response-rate sample, caps).
   */
  async function reasonToPass(
    mention: MentionRow,
    persona: Persona,
    account: AccountRow,
    own: Set<string>,
    context: { timeZone: string; at: Date; sentiment: string; allowed: boolean },
  ): Promise<string | null> {
    const replies = persona.automation.autoReplies;
    const from = `@${mention.authorHandle}`;
    if (mention.authorId === account.externalId) return 'its own post';
    if (own.has(mention.authorId)) return `${from} is another of your personas (personas never answer each other)`;
    // Kept while replies were off or the persona paused: a late answer is worse than none.
    if (context.at.getTime() - mention.receivedAt.getTime() > STALE_MS) return 'it came more than a day ago';
    if (!context.allowed) {
      return `${from} reads as ${context.sentiment}; the sentiment filter answers ${replies.sentimentFilter === 'positive' ? 'positive mentions only' : 'neutral and positive ones'}`;
    }
    if (random() * 100 >= replies.responseRate) {
      return `not in the ${replies.responseRate}% of mentions the response rate answers`;
    }
    const hourAgo = new Date(context.at.getTime() - 3_600_000);
    if ((await r.automation.countSince(persona.id, 'reply', hourAgo)) >= replies.maxRepliesPerHour) {
      return `the limit of ${replies.maxRepliesPerHour} replies an hour is reached`;
    }
    const day = await safety.daily(persona, context.timeZone, context.at, { planned: true });
    if (day.left === 0) return `the daily activity limit (${day.limit}) is reached`;
    const today = startOfDay(context.at, context.timeZone);
    if (
      (await r.engagement.repliedSince(persona.id, today, { threadId: mention.threadId })) >= REPLIES_PER_THREAD_PER_DAY
    ) {
      return `already ${REPLIES_PER_THREAD_PER_DAY} replies in this thread today`;
    }
    if (
      (await r.engagement.repliedSince(persona.id, today, { authorId: mention.authorId })) >= REPLIES_PER_PERSON_PER_DAY
    ) {
      return `already ${REPLIES_PER_PERSON_PER_DAY} replies to ${from} today`;
    }
    return null;
  }

  /**
   * Writes a reply to `mention` in the persona's voice (its template, the thread above when
   * contextual), checked before review; undefined when every try repeated an earlier reply to the
   * same person.
   */
  async function writeReply(
    mention: MentionRow,
    persona: Persona,
    account: AccountRow,
    writer: () => Promise<{ write: ReplyWriter; history: DraftHistory; batch: DraftBatch }>,
  ) {
    const platform = account.platform;
    const replies = persona.automation.autoReplies;
    const { sentiment } = sentimentOf(mention.text);
    const template = chooseTemplate(replies.templates, {
      kind: mention.kind,
      text: mention.text,
      sentiment,
    });
    const stored = mention.ref;
    let thread: { author: string; text: string }[] = [];
    if (replies.contextualReplies) {
      const reader = deps.adapters[platform];
      // A post with a parent is in a thread: its posts above are read first.
      if (reader.threadAbove && stored.parent.id !== stored.root.id) {
        thread = await reader.threadAbove(account, mention.externalId).catch(() => []);
      } else if (stored.inReplyTo) {
        thread = [stored.inReplyTo];
      }
    }
    const context: ReplyContext = {
      author: mention.authorHandle,
      text: mention.text,
      thread,
      ...(template ? { instruction: template.text } : {}),
    };
    // Never the same words twice to one person: written again, up to three times.
    const said = await r.posts.replyTextsTo(persona.id, platform, mention.authorId);
    const { write, history, batch } = await writer();
    const attempt = async (revision: Revision | null) => {
      let written = await write(platform, context, revision);
      for (let n = 1; said.has(written.text) && n < 3; n++) written = await write(platform, context, revision);
      return written;
    };
    // The check before review: a reply that repeats, runs long or reads far from the voice is
    // written again, then kept with its flags.
    const checked = await deps.check.write({
      history,
      batch,
      platforms: [platform],
      kind: 'reply',
      traits: persona.personality,
      partsOf: (w) => [w.text],
      initial: await attempt(null),
      rewrite: attempt,
    });
    const written = checked.draft;
    const flags = checked.flags;
    if (said.has(written.text)) return undefined;
    batch.add(written.text, `your reply to @${mention.authorHandle} written just now`);
    return { text: written.text, writer: written.writer, template, flags };
  }

  /**
   * Considers one mention, once: passes it with the reason, or writes and keeps the reply. `work`
   * is what the check loaded (the persona, its owner's zone, the account); `writer` the reply
   * writer, looked up at the first reply the check writes.
   */
  async function consider(
    mention: MentionRow,
    work: Working,
    own: Set<string>,
    at: Date,
    writer: () => Promise<{ write: ReplyWriter; history: DraftHistory; batch: DraftBatch }>,
  ): Promise<'replied' | 'passed'> {
    const { persona, workspaceId, timeZone, account } = work;
    const platform = account.platform;
    const replies = persona.automation.autoReplies;
    const { sentiment } = sentimentOf(mention.text);
    const allowed = sentimentAllowed(replies.sentimentFilter, sentiment);
    const pass = async (reason: string) => {
      await r.engagement.decide(mention.id, 'passed', reason);
      // A persona's own posts are not news: everything else is told in the log.
      if (reason !== 'its own post') {
        await r.automation.log(
          {
            personaId: persona.id,
            event: 'passed',
            message: `Did not reply to ${mentionWords(mention)}: ${reason}.`,
            platform,
            url: mention.url,
          },
          at,
        );
      }
      return 'passed' as const;
    };
    const why = await reasonToPass(mention, persona, account, own, { timeZone, at, sentiment, allowed });
    if (why) return pass(why);

    const written = await writeReply(mention, persona, account, writer);
    if (!written) return pass(`every reply written repeated an earlier reply to @${mention.authorHandle}`);
    const { template, flags } = written;

    // A reply the check still flags needs a person, even where replies may go without review.
    // Where posts need approval, only an approver's consent lets automation skip review (decision 056-approval-that-blocks).
    const who = automationActor(workspaceId, work.needsApproval, work.unreviewedBy);
    const review = repliesNeedReview(replies, platform) || flags.length > 0 || mustReview(who);
    const goesAt = replyTime(persona, timeZone, at);
    if (!review) {
      try {
        await deps.planLimits.checkNewPosts(workspaceId, 1, goesAt);
      } catch (error) {
        return pass(error instanceof Error ? error.message : 'the plan allows no more posts');
      }
    }
    const replyTo = replyToOf(mention);
    const kept = await deps.unitOfWork(async (tx) => {
      // The reply's action is the mention's second unique key: a mention is answered once, ever.
      const actionId = await tx.automation.record(persona.id, 'reply', at, { platform, subject: mention.externalId });
      if (!actionId) return undefined;
      const post = await tx.posts.insert({
        personaId: persona.id,
        platform,
        content: written.text,
        parts: [textPart(written.text)],
        status: review ? 'pending_review' : 'scheduled',
        scheduledFor: goesAt,
        replyTo,
        writer: written.writer,
        checkFlags: flags,
        approvedBy: review ? null : who.vouchedBy,
      });
      await tx.postHistory.record([
        { postId: post.id, actorUserId: null, actorKind: 'automation', action: 'wrote', at },
        { postId: post.id, actorUserId: null, actorKind: 'automation', action: review ? 'submitted' : 'scheduled', at },
      ]);
      await tx.engagement.decide(mention.id, 'replied', null, post.id);
      await tx.automation.log(
        {
          personaId: persona.id,
          event: 'replied',
          message: `Wrote a reply to ${mentionWords(mention)}${template ? ` with the template “${template.name}”` : ''}; ${
            review
              ? platform === 'x'
                ? 'waiting in the review queue (X replies always need your approval).'
                : 'waiting in the review queue.'
              : 'scheduled without review.'
          }`,
          platform,
          url: mention.url,
          postId: post.id,
          actionId,
        },
        at,
      );
      return post;
    });
    if (!kept) {
      await r.engagement.decide(mention.id, 'replied', 'answered already');
      return 'replied';
    }
    if (!review) await sendPublishPost(deps.queue, { postId: kept.id }, { at: goesAt });
    else await deps.events?.replyDrafted(kept.id, { workspaceId, personaName: persona.name });
    return 'replied';
  }

  /** A new mention told in the app, once each (its id is the key), for a persona that asked for it. */
  async function tell(
    work: { persona: Persona; workspaceId: string; account: AccountRow },
    fresh: Pick<MentionRow, 'id' | 'kind' | 'authorId' | 'authorHandle' | 'text'>[],
  ) {
    const { persona, workspaceId, account } = work;
    await deps.inbox?.add(
      fresh
        .filter((m) => m.authorId !== account.externalId)
        .map((m) => ({
          workspaceId,
          personaId: persona.id,
          kind: 'mention' as const,
          severity: 'info' as const,
          title: `${m.kind === 'reply' ? 'A reply' : m.kind === 'quote' ? 'A quote' : 'A mention'} from @${m.authorHandle} for ${persona.name}`,
          message: quotePost(m.text, 140),
          link: `/editor/${persona.id}?tab=mentions`,
          dedupeKey: `mention:${m.id}`,
        })),
    );
  }

  return {
    /**
     * A reply drafted now, at its owner's request, whatever automation decided: written by the
     * persona's reply writer, checked, and left in the review queue as a reply to the mention.
     */
    async draftNow(
      work: { persona: Persona; workspaceId: string; timeZone: string; account: AccountRow },
      mention: MentionRow,
    ): Promise<{ postId: string } | { repeated: true }> {
      const writer = async () => {
        const history = await deps.check.history(work.workspaceId, work.persona.id, { timeZone: work.timeZone });
        const write = await deps.replyWriter(work.workspaceId, work.persona, history);
        return { write, history, batch: createDraftBatch() };
      };
      const written = await writeReply(mention, work.persona, work.account, writer);
      if (!written) return { repeated: true };
      const post = await deps.unitOfWork(async (tx) => {
        const kept = await tx.posts.insert({
          personaId: work.persona.id,
          platform: work.account.platform,
          content: written.text,
          parts: [textPart(written.text)],
          status: 'pending_review',
          // Waits for review: its time is set when it is approved (a reply goes at once then).
          scheduledFor: null,
          replyTo: replyToOf(mention),
          writer: written.writer,
          checkFlags: written.flags,
        });
        await tx.engagement.answered(mention.id, kept.id, DRAFTED_ON_REQUEST);
        return kept;
      });
      await deps.events?.replyDrafted(post.id, { workspaceId: work.workspaceId, personaName: work.persona.name });
      return { postId: post.id };
    },

    /** Every minute: a check-mentions job for each account whose read is due (one waits per account). */
    async queueDue(): Promise<number> {
      const due = await r.engagement.accountsDue(now());
      for (const { account } of due) await sendCheckMentions(deps.queue, { accountId: account.id });
      return due.length;
    },

    /** A persona that now answers mentions: each of its accounts is read at once, not at the next minute. */
    async queueFor(personaId: string): Promise<void> {
      for (const { account } of await r.engagement.accountsOf(personaId)) {
        await sendCheckMentions(deps.queue, { accountId: account.id });
      }
    },

    /**
     * Reads an account's new mentions and considers each, under the account's lock: the cursor
     * moves only past mentions kept, and a mention kept is considered even if the process died
     * before (it waits in the table).
     */
    async check(accountId: string): Promise<CheckOutcome> {
      return deps.lock(`mentions:${accountId}`, async () => {
        const at = now();
        const work = await r.engagement.account(accountId);
        if (!work) return 'not replying';
        const { account, persona } = work;
        const platform = account.platform;
        const replying = persona.automation.autoReplies.enabled;
        // An engaging persona's mentions are read too: its likes, reposts and follows go to the
        // people who reached it first (decision 032), on a network that allows them.
        const engaging =
          persona.automation.engagement.enabled && Object.values(PLATFORM_RULES[platform].engagement).some(Boolean);
        if (!replying && !engaging) return 'not replying';
        const cursor = await r.engagement.cursorOf(account.id);
        const every = mentionCheckMinutes(persona.automation.autoReplies, platform) * 60_000;
        try {
          const adapter = deps.adapters[platform];
          if (!adapter.readMentions) return 'not replying';
          const read = await adapter.readMentions(account, {
            cursor: cursor?.cursor ?? null,
            since: new Date(at.getTime() - FIRST_READ_MS),
            maxPages: MAX_PAGES,
          });
          await r.engagement.addReads(account, at, read.reads);
          const fresh = await r.engagement.keep(account, read.mentions);
          if (persona.automation.autoReplies.notifyMentions) await tell(work, fresh);
          await r.engagement.saveCursor(account.id, read.cursor, at, new Date(at.getTime() + every));
        } catch (error) {
          const failure = asPlatformError(error);
          const wait =
            failure.kind === 'rate_limited'
              ? (failure.details.retryAfterSeconds ?? 60) * 1000
              : Math.max(every, backoffMs((cursor?.failures ?? 0) + 1));
          await r.engagement.failCursor(account.id, new Date(at.getTime() + wait), failure.message);
          log.info({ accountId, kind: failure.kind }, 'reading mentions failed');
          // Mentions kept by an earlier read are still considered.
          if (failure.kind === 'rate_limited') return 'rate limited';
          if ((await r.engagement.waiting(account.id)).length === 0) return 'failed';
        }
        if (!replying) {
          // Kept for engagement only: never answered later (a late answer is worse than none),
          // nor told in the log; the dashboard still lists them as mentions without a reply.
          for (const mention of await r.engagement.waiting(account.id)) {
            await r.engagement.decide(mention.id, 'passed', 'replies are off');
          }
          return 'checked';
        }
        const own = await r.engagement.ownAccountIds(work.workspaceId);
        // The persona's writer and posts, looked up once for the check (at its first reply), not
        // per reply; the replies it writes are one batch (none the same as another).
        let writer: Promise<{ write: ReplyWriter; history: DraftHistory; batch: DraftBatch }> | undefined;
        const writerOnce = () => {
          writer ??= (async () => {
            const history = await deps.check.history(work.workspaceId, persona.id, { timeZone: work.timeZone });
            const write = await deps.replyWriter(work.workspaceId, persona, history);
            return { write, history, batch: createDraftBatch() };
          })();
          return writer;
        };
        for (const mention of await r.engagement.waiting(account.id)) {
          await consider(mention, work, own, at, writerOnce);
        }
        return 'checked';
      });
    },
  };
}
export type RepliesService = ReturnType<typeof createRepliesService>;

/** What a reply to `mention` keeps to thread under it and to name it. */
export function replyToOf(mention: MentionRow): StoredReplyTo {
  return {
    ref: { parent: mention.ref.parent, root: mention.ref.root },
    authorId: mention.authorId,
    author: mention.authorHandle,
    text: mention.text,
    url: mention.url,
  };
}

function mentionWords(mention: MentionRow): string {
  const what = mention.kind === 'reply' ? 'a reply' : mention.kind === 'quote' ? 'a quote' : 'a mention';
  return `${what} from @${mention.authorHandle} (“${quotePost(mention.text, 80)}”)`;
}
