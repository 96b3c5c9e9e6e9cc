import type { AutomationActionKind, AutomationLogEntry, AutomationPauseReason, Persona, Platform } from '@plume/core';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { automationActions, automationLog, personas, platformAccounts, posts, sourceItems } from '../../db/schema';
import { type PersonaAtWork, personasAtWork } from '../personas/personas.repository';

export type NewLogEntry = {
  personaId: string;
  event: AutomationLogEntry['event'];
  message: string;
  slot?: Date | null;
  postId?: string | null;
  platform?: Platform | null;
  url?: string | null;
  actionId?: string | null;
};

/**
 * A persona whose automation runs something (core's automationActive): active, with posting,
 * replies or engagement on. Only such a persona pauses.
 */
const automates = and(
  eq(personas.isActive, true),
  sql`(${personas.automation} -> 'autoPosting' ->> 'enabled' = 'true'
    or ${personas.automation} -> 'autoReplies' ->> 'enabled' = 'true'
    or ${personas.automation} -> 'engagement' ->> 'enabled' = 'true')`,
);

/**
 * Likes, reposts and follows: the actions that are an activity of their own (a post or a reply
 * counts as the post it wrote), and the ones a person can take back on the platform.
 */
const ENGAGEMENT_ACTIONS: AutomationActionKind[] = ['like', 'repost', 'follow'];

export type ActionRow = typeof automationActions.$inferSelect;

type ActivityAsk = { personaId: string; from: Date; to: Date; except: string | null; planned: boolean };

export function createAutomationRepository(db: Db) {
  // The daily activity count (activityIn below), asked before every post goes out: one statement
  // for all the personas asked about meanwhile, each with its own day (issue 32, decision 062).
  const activityOf = coalesced<ActivityAsk, number>(async (asks) => {
    const { rows } = (await db.execute(sql`
      select (
        select count(*) from ${posts} p
        where p.persona_id = a.persona and (a.left_out is null or p.id <> a.left_out)
          and ((p.status = 'posted' and p.posted_at >= a.f and p.posted_at < a.t) or p.status = 'publishing'
            or (a.planned and p.status in ('scheduled', 'pending_review')
              and p.scheduled_for >= a.f and p.scheduled_for < a.t))
      ) + (
        select count(*) from ${automationActions} x
        where x.persona_id = a.persona and x.kind in ${ENGAGEMENT_ACTIONS}
          and x.created_at >= a.f and x.created_at < a.t
      ) as n
      from unnest(
        ${sql.param(asks.map((a) => a.personaId))}::uuid[],
        ${sql.param(asks.map((a) => a.from.toISOString()))}::timestamptz[],
        ${sql.param(asks.map((a) => a.to.toISOString()))}::timestamptz[],
        ${sql.param(asks.map((a) => a.except))}::uuid[],
        ${sql.param(asks.map((a) => a.planned))}::boolean[]
      ) with ordinality as a(persona, f, t, left_out, planned, ord)
      order by a.ord`)) as unknown as { rows: { n: string | number }[] };
    return asks.map((_, i) => Number(rows[i]?.n ?? 0));
  });
  return {
    /**
     * Records one action a persona's automation took (the banner's counts and the daily limit).
     * With a subject (the mention replied to, the post liked, the account followed) it is kept once:
     * answers the new action's id, or undefined when the persona already did that to that subject.
     */
    async record(
      personaId: string,
      kind: AutomationActionKind,
      at: Date = new Date(),
      details: { platform: Platform; subject: string; recordId?: string | null } | null = null,
    ): Promise<string | undefined> {
      const [row] = await db
        .insert(automationActions)
        .values({ id: crypto.randomUUID(), personaId, kind, createdAt: at, ...details })
        .onConflictDoNothing()
        .returning({ id: automationActions.id });
      return row?.id;
    },

    /** Sets the platform's record of an action (known once the platform has answered). */
    async setRecord(actionId: string, recordId: string): Promise<void> {
      await db.update(automationActions).set({ recordId }).where(eq(automationActions.id, actionId));
    },

    /** Forgets an action that did not happen after all (the platform refused it). */
    async removeAction(actionId: string): Promise<void> {
      await db.delete(automationActions).where(eq(automationActions.id, actionId));
    },

    async findAction(personaId: string, actionId: string): Promise<ActionRow | undefined> {
      const [row] = await db
        .select()
        .from(automationActions)
        .where(and(eq(automationActions.personaId, personaId), eq(automationActions.id, actionId)));
      return row;
    },

    /** Marks an action undone, once: false when it already was. */
    async markUndone(actionId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(automationActions)
        .set({ undoneAt: at })
        .where(and(eq(automationActions.id, actionId), isNull(automationActions.undoneAt)))
        .returning({ id: automationActions.id });
      return rows.length > 0;
    },

    /**
     * The persona's activity in [from, to) against its daily activity limit (decision 025), each
     * thing once: its posts that went out (posted in the window, or being published now) and its
     * likes, reposts and follows. The `post` and `reply` rows of the actions record the writing, not
     * an activity: the post they wrote counts when it goes out. `planned`: with the posts set to go
     * out in the window, scheduled or waiting for review for a time in it (a writer asking whether
     * to add one); `except`: one post left out (the one being published asks about the others).
     */
    async activityIn(
      personaId: string,
      from: Date,
      to: Date,
      options: { planned?: boolean; except?: string } = {},
    ): Promise<number> {
      return activityOf({ personaId, from, to, except: options.except ?? null, planned: options.planned ?? false });
    },

    /** How many actions of a kind the persona took since `since` (caps per hour or day). */
    async countSince(personaId: string, kind: AutomationActionKind, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(automationActions)
        .where(
          and(
            eq(automationActions.personaId, personaId),
            eq(automationActions.kind, kind),
            gte(automationActions.createdAt, since),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** The subjects the persona already acted on with this kind (never the same like, repost, follow twice). */
    async subjectsOf(personaId: string, kind: AutomationActionKind, subjects: string[]): Promise<Set<string>> {
      if (subjects.length === 0) return new Set();
      const rows = await db
        .select({ subject: automationActions.subject })
        .from(automationActions)
        .where(
          and(
            eq(automationActions.personaId, personaId),
            eq(automationActions.kind, kind),
            inArray(automationActions.subject, subjects),
          ),
        );
      return new Set(rows.map((r) => r.subject ?? ''));
    },

    /**
     * What went out for the persona since `since` that its automation wrote: posts for a slot and
     * replies to mentions, published (a draft written but not yet out is not counted); and the
     * drafts waiting in the review queue now, whenever written.
     */
    async publishedSince(
      personaId: string,
      since: Date,
    ): Promise<{ posts: number; replies: number; waitingForReview: number }> {
      const [row] = await db
        .select({
          posts: sql<number>`count(*) filter (where ${posts.status} = 'posted' and ${posts.postedAt} >= ${since}
            and ${posts.replyTo} is null and ${posts.autoSlot} is not null)::int`,
          replies: sql<number>`count(*) filter (where ${posts.status} = 'posted' and ${posts.postedAt} >= ${since}
            and ${posts.replyTo} is not null)::int`,
          waitingForReview: sql<number>`count(*) filter (where ${posts.status} = 'pending_review')::int`,
        })
        .from(posts)
        .where(eq(posts.personaId, personaId));
      return {
        posts: Number(row?.posts ?? 0),
        replies: Number(row?.replies ?? 0),
        waitingForReview: Number(row?.waitingForReview ?? 0),
      };
    },

    /** How many actions of each kind a persona's automation took since `since`. */
    async countsSince(personaId: string, since: Date): Promise<Partial<Record<AutomationActionKind, number>>> {
      const rows = await db
        .select({ kind: automationActions.kind, n: count() })
        .from(automationActions)
        .where(and(eq(automationActions.personaId, personaId), gte(automationActions.createdAt, since)))
        .groupBy(automationActions.kind);
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    },

    /**
     * Active personas with automated posting on and not paused, with their owners and the owners'
     * time zones, in one query.
     */
    async postingPersonas(): Promise<{ persona: Persona; workspaceId: string; timeZone: string | null }[]> {
      return personasAtWork(
        db,
        and(
          eq(personas.isActive, true),
          isNull(personas.automationPausedAt),
          sql`(${personas.automation} -> 'autoPosting' ->> 'enabled') = 'true'`,
        ),
      );
    },

    /**
     * Pauses a persona's automation (decision 035) unless it is paused already or runs nothing:
     * true when this call paused it. Its run of rejected reply drafts starts again; its owner is
     * told by the notifications job (automation_pause_told_at).
     */
    async pause(
      personaId: string,
      pause: { reason: AutomationPauseReason; message: string; at: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(personas)
        .set({
          automationPausedAt: pause.at,
          automationPauseReason: pause.reason,
          automationPauseMessage: pause.message,
          automationPauseToldAt: null,
          replyRejections: 0,
        })
        .where(and(eq(personas.id, personaId), isNull(personas.automationPausedAt), automates))
        .returning({ id: personas.id });
      return rows.length > 0;
    },

    /** Clears a pause, and the runs of failures on the persona's accounts: true when it was paused. */
    async resume(personaId: string): Promise<boolean> {
      const rows = await db
        .update(personas)
        .set({
          automationPausedAt: null,
          automationPauseReason: null,
          automationPauseMessage: null,
          automationPauseToldAt: null,
          replyRejections: 0,
        })
        .where(and(eq(personas.id, personaId), isNotNull(personas.automationPausedAt)))
        .returning({ id: personas.id });
      await db
        .update(platformAccounts)
        .set({ actionFailures: 0 })
        .where(and(eq(platformAccounts.personaId, personaId), gt(platformAccounts.actionFailures, 0)));
      return rows.length > 0;
    },

    /** One more failed publish or action in a row on the account: how many now. */
    async countFailure(accountId: string): Promise<number> {
      const [row] = await db
        .update(platformAccounts)
        .set({ actionFailures: sql`${platformAccounts.actionFailures} + 1` })
        .where(eq(platformAccounts.id, accountId))
        .returning({ n: platformAccounts.actionFailures });
      return row?.n ?? 0;
    },

    async clearFailures(accountId: string): Promise<void> {
      await db
        .update(platformAccounts)
        .set({ actionFailures: 0 })
        .where(and(eq(platformAccounts.id, accountId), gt(platformAccounts.actionFailures, 0)));
    },

    /** One more reply draft rejected in a row: how many now. */
    async countRejection(personaId: string): Promise<number> {
      const [row] = await db
        .update(personas)
        .set({ replyRejections: sql`${personas.replyRejections} + 1` })
        .where(eq(personas.id, personaId))
        .returning({ n: personas.replyRejections });
      return row?.n ?? 0;
    },

    async clearRejections(personaId: string): Promise<void> {
      await db
        .update(personas)
        .set({ replyRejections: 0 })
        .where(and(eq(personas.id, personaId), gt(personas.replyRejections, 0)));
    },

    /**
     * What writing a slot works on, in one query: the workspace's persona, its workspace's zone and the
     * persona's accounts (any status); undefined when the persona is gone.
     */
    async slotWork(workspaceId: string, personaId: string): Promise<PersonaAtWork | undefined> {
      const [loaded] = await personasAtWork(db, and(eq(personas.workspaceId, workspaceId), eq(personas.id, personaId)));
      return loaded;
    },

    /**
     * Adds to the log; a slot is logged as skipped once (its unique key), however often it is looked
     * at. Answers whether the entry was new.
     */
    async log(entry: NewLogEntry, at: Date): Promise<boolean> {
      const rows = await db
        .insert(automationLog)
        .values({
          id: crypto.randomUUID(),
          slot: null,
          postId: null,
          platform: null,
          url: null,
          actionId: null,
          ...entry,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: automationLog.id });
      return rows.length > 0;
    },

    /**
     * The newest log entries of a persona, each with the action to undo while it can be undone
     * (a like, repost or follow made on the platform and not undone yet).
     */
    async logOf(personaId: string, limit: number) {
      const rows = await db
        .select({ entry: automationLog, action: automationActions, postStatus: posts.status })
        .from(automationLog)
        .leftJoin(automationActions, eq(automationActions.id, automationLog.actionId))
        .leftJoin(posts, eq(posts.id, automationLog.postId))
        .where(eq(automationLog.personaId, personaId))
        .orderBy(desc(automationLog.createdAt))
        .limit(limit);
      return rows.map(({ entry, action, postStatus }) => ({
        ...entry,
        postStatus,
        undone: Boolean(action?.undoneAt),
        undoActionId:
          action &&
          ENGAGEMENT_ACTIONS.includes(action.kind as AutomationActionKind) &&
          action.recordId &&
          !action.undoneAt
            ? action.id
            : null,
      }));
    },

    /** Whether the log has an entry of `event` for the persona since `since`. */
    async loggedSince(personaId: string, event: AutomationLogEntry['event'], since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: automationLog.id })
        .from(automationLog)
        .where(
          and(
            eq(automationLog.personaId, personaId),
            eq(automationLog.event, event),
            gte(automationLog.createdAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Takes the oldest unshared item of the persona's enabled sources for a curated post: marked as
     * used in the same statement, so two slots never share one item.
     */
    async takeUnusedItem(
      personaId: string,
      sourceUrls: string[],
      at: Date,
    ): Promise<{ title: string; link: string | null; summary: string | null } | undefined> {
      if (sourceUrls.length === 0) return undefined;
      const next = db
        .select({ id: sourceItems.id })
        .from(sourceItems)
        .where(
          and(
            eq(sourceItems.personaId, personaId),
            inArray(sourceItems.sourceUrl, sourceUrls),
            isNull(sourceItems.usedAt),
          ),
        )
        .orderBy(desc(sourceItems.publishedAt), asc(sourceItems.title))
        .limit(1);
      const [row] = await db
        .update(sourceItems)
        .set({ usedAt: at })
        .where(and(inArray(sourceItems.id, next), isNull(sourceItems.usedAt)))
        .returning({ title: sourceItems.title, link: sourceItems.link, summary: sourceItems.summary });
      return row;
    },
  };
}
export type AutomationRepository = ReturnType<typeof createAutomationRepository>;
