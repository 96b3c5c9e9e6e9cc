import type { Platform } from '@plume/core';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { personas, platformAccounts, posts, userPreferences, users, workspaceMembers } from '../../db/schema';

/** A workspace's members, joined for its owner: its e-mails go to the owner (decision 055). */
const owners = alias(workspaceMembers, 'owners');

/** Who gets a notice, and whether they want this kind (the defaults apply until they choose). */
type Recipient = { userId: string; email: string; name: string };
/** An event of a workspace's persona: told in the workspace's inbox, e-mailed to its owner. */
type WorkspaceRecipient = Recipient & { workspaceId: string };

export type PostOutcome = WorkspaceRecipient & {
  postId: string;
  personaId: string;
  personaName: string;
  platform: Platform;
  status: 'posted' | 'failed' | 'unconfirmed';
  content: string;
  url: string | null;
  error: string | null;
  wanted: boolean;
};

export type BrokenConnection = WorkspaceRecipient & {
  accountId: string;
  personaId: string;
  personaName: string;
  platform: Platform;
  username: string;
  errorMessage: string | null;
  /** Its persona's automation paused because of it, and that was not told yet: told with it. */
  pausedForIt: boolean;
  wanted: boolean;
};

/** A persona's automation that paused itself and whose owner was not told yet (decision 035). */
export type PendingPause = WorkspaceRecipient & {
  personaId: string;
  personaName: string;
  message: string;
  pausedAt: Date;
  wanted: boolean;
};

export type WeeklyPersona = { personaId: string; name: string; posted: number; failed: number; upcoming: number };

const OUTCOMES = ['posted', 'failed', 'unconfirmed'] as const;

export function createNotificationsRepository(db: Db) {
  return {
    /** The addresses of the workspace's approvers (and above) who asked for an e-mail when a post waits for approval. */
    async approversToMail(workspaceId: string): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .innerJoin(userPreferences, eq(userPreferences.userId, workspaceMembers.userId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspaceId),
            inArray(workspaceMembers.role, ['approver', 'admin', 'owner']),
            eq(userPreferences.emailApprovalWaiting, true),
          ),
        );
      return rows.map((row) => row.email);
    },

    /**
     * How scheduled posts ended that nobody was told about yet (posting now is answered on screen).
     * `wanted` follows the owner's settings: post failed (failed, unconfirmed) or post published.
     */
    async pendingOutcomes(limit: number): Promise<PostOutcome[]> {
      const rows = await db
        .select({
          postId: posts.id,
          personaId: posts.personaId,
          status: posts.status,
          platform: posts.platform,
          content: posts.content,
          url: posts.url,
          error: posts.error,
          personaName: personas.name,
          workspaceId: personas.workspaceId,
          userId: users.id,
          email: users.email,
          name: users.name,
          postFailed: sql<boolean>`coalesce(${userPreferences.emailPostFailed}, true)`,
          postPublished: sql<boolean>`coalesce(${userPreferences.emailPostPublished}, false)`,
        })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .innerJoin(owners, and(eq(owners.workspaceId, personas.workspaceId), eq(owners.role, 'owner')))
        .innerJoin(users, eq(users.id, owners.userId))
        .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
        .where(and(isNull(posts.notifiedAt), isNotNull(posts.scheduledFor), inArray(posts.status, [...OUTCOMES])))
        .orderBy(asc(posts.updatedAt))
        .limit(limit);
      return rows.map(({ postFailed, postPublished, ...row }) => ({
        ...row,
        status: row.status as PostOutcome['status'],
        wanted: row.status === 'posted' ? postPublished : postFailed,
      }));
    },

    /** Marks outcomes as told; returns the ids this caller marked (another worker may have been first). */
    async markOutcomesNotified(ids: string[], at: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(posts)
        .set({ notifiedAt: at })
        .where(and(inArray(posts.id, ids), isNull(posts.notifiedAt)))
        .returning({ id: posts.id });
      return rows.map((r) => r.id);
    },

    /** A notice that could not be sent is tried again on the next run. */
    async unmarkOutcome(id: string, at: Date): Promise<void> {
      await db
        .update(posts)
        .set({ notifiedAt: null })
        .where(and(eq(posts.id, id), eq(posts.notifiedAt, at)));
    },

    /** Connections that stopped working and whose owner was not told yet. */
    async pendingBrokenConnections(limit: number): Promise<BrokenConnection[]> {
      const rows = await db
        .select({
          accountId: platformAccounts.id,
          personaId: personas.id,
          personaName: personas.name,
          platform: platformAccounts.platform,
          username: platformAccounts.username,
          errorMessage: platformAccounts.errorMessage,
          pausedForIt: sql<boolean>`(${personas.automationPauseReason} = 'reconnect'
            and ${personas.automationPausedAt} is not null and ${personas.automationPauseToldAt} is null)`,
          workspaceId: personas.workspaceId,
          userId: users.id,
          email: users.email,
          name: users.name,
          wanted: sql<boolean>`coalesce(${userPreferences.emailAccountAttention}, true)`,
        })
        .from(platformAccounts)
        .innerJoin(personas, eq(personas.id, platformAccounts.personaId))
        .innerJoin(owners, and(eq(owners.workspaceId, personas.workspaceId), eq(owners.role, 'owner')))
        .innerJoin(users, eq(users.id, owners.userId))
        .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
        .where(and(eq(platformAccounts.status, 'error'), isNull(platformAccounts.attentionNotifiedAt)))
        .orderBy(asc(platformAccounts.updatedAt))
        .limit(limit);
      return rows;
    },

    async markConnectionsNotified(ids: string[], at: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(platformAccounts)
        .set({ attentionNotifiedAt: at })
        .where(and(inArray(platformAccounts.id, ids), isNull(platformAccounts.attentionNotifiedAt)))
        .returning({ id: platformAccounts.id });
      return rows.map((r) => r.id);
    },

    async unmarkConnection(id: string, at: Date): Promise<void> {
      await db
        .update(platformAccounts)
        .set({ attentionNotifiedAt: null })
        .where(and(eq(platformAccounts.id, id), eq(platformAccounts.attentionNotifiedAt, at)));
    },

    /**
     * Automation pauses nobody was told about. The e-mail follows the owner's "Account needs
     * attention" choice: a persona that stopped on its own needs their attention.
     */
    async pendingPauses(limit: number): Promise<PendingPause[]> {
      const rows = await db
        .select({
          personaId: personas.id,
          personaName: personas.name,
          message: personas.automationPauseMessage,
          pausedAt: personas.automationPausedAt,
          workspaceId: personas.workspaceId,
          userId: users.id,
          email: users.email,
          name: users.name,
          wanted: sql<boolean>`coalesce(${userPreferences.emailAccountAttention}, true)`,
        })
        .from(personas)
        .innerJoin(owners, and(eq(owners.workspaceId, personas.workspaceId), eq(owners.role, 'owner')))
        .innerJoin(users, eq(users.id, owners.userId))
        .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
        .where(and(isNotNull(personas.automationPausedAt), isNull(personas.automationPauseToldAt)))
        .orderBy(asc(personas.automationPausedAt))
        .limit(limit);
      return rows.flatMap((r) => (r.pausedAt ? [{ ...r, message: r.message ?? '', pausedAt: r.pausedAt }] : []));
    },

    /** Marks pauses as told; returns the persona ids this caller marked. */
    async markPausesTold(personaIds: string[], at: Date): Promise<string[]> {
      if (personaIds.length === 0) return [];
      const rows = await db
        .update(personas)
        .set({ automationPauseToldAt: at })
        .where(
          and(
            inArray(personas.id, personaIds),
            isNotNull(personas.automationPausedAt),
            isNull(personas.automationPauseToldAt),
          ),
        )
        .returning({ id: personas.id });
      return rows.map((r) => r.id);
    },

    async unmarkPause(personaId: string, at: Date): Promise<void> {
      await db
        .update(personas)
        .set({ automationPauseToldAt: null })
        .where(and(eq(personas.id, personaId), eq(personas.automationPauseToldAt, at)));
    },

    /** Everyone who asked for the weekly summary. */
    weeklyRecipients(): Promise<Recipient[]> {
      return db
        .select({ userId: users.id, email: users.email, name: users.name })
        .from(users)
        .innerJoin(userPreferences, eq(userPreferences.userId, users.id))
        .where(eq(userPreferences.emailWeeklySummary, true))
        .orderBy(asc(users.createdAt));
    },

    /**
     * Takes the user's weekly summary for sending, unless one was taken in the last `withinMs`
     * (a retried job, a second worker); returns the previous mark to put back if sending fails.
     */
    async claimWeekly(userId: string, at: Date, withinMs: number): Promise<{ previous: Date | null } | null> {
      const before = new Date(at.getTime() - withinMs);
      const [current] = await db
        .select({ at: userPreferences.weeklySummaryAt })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      if (!current) return null;
      const rows = await db
        .update(userPreferences)
        .set({ weeklySummaryAt: at })
        .where(
          and(
            eq(userPreferences.userId, userId),
            or(isNull(userPreferences.weeklySummaryAt), lt(userPreferences.weeklySummaryAt, before)),
          ),
        )
        .returning({ userId: userPreferences.userId });
      return rows.length > 0 ? { previous: current.at } : null;
    },

    async unclaimWeekly(userId: string, at: Date, previous: Date | null): Promise<void> {
      await db
        .update(userPreferences)
        .set({ weeklySummaryAt: previous })
        .where(and(eq(userPreferences.userId, userId), eq(userPreferences.weeklySummaryAt, at)));
    },

    /** Per persona of the workspaces the user belongs to: posts published and failed in [from, to), and scheduled in [to, to + 7 days). */
    async weeklyFigures(userId: string, from: Date, to: Date): Promise<WeeklyPersona[]> {
      const nextWeek = new Date(to.getTime() + 7 * 86_400_000);
      const owned = await db
        .select({ personaId: personas.id, name: personas.name })
        .from(personas)
        .where(
          inArray(
            personas.workspaceId,
            db
              .select({ id: workspaceMembers.workspaceId })
              .from(workspaceMembers)
              .where(eq(workspaceMembers.userId, userId)),
          ),
        )
        .orderBy(asc(personas.name));
      if (owned.length === 0) return [];
      const ids = owned.map((p) => p.personaId);
      const tally = async (where: ReturnType<typeof and>) => {
        const rows = await db
          .select({ personaId: posts.personaId, n: count() })
          .from(posts)
          .where(and(inArray(posts.personaId, ids), where))
          .groupBy(posts.personaId);
        return new Map(rows.map((r) => [r.personaId, r.n]));
      };
      const posted = await tally(and(eq(posts.status, 'posted'), gte(posts.postedAt, from), lt(posts.postedAt, to)));
      const failed = await tally(
        and(inArray(posts.status, ['failed', 'unconfirmed']), gte(posts.updatedAt, from), lt(posts.updatedAt, to)),
      );
      const upcoming = await tally(
        and(eq(posts.status, 'scheduled'), gte(posts.scheduledFor, to), lt(posts.scheduledFor, nextWeek)),
      );
      return owned.map((p) => ({
        ...p,
        posted: posted.get(p.personaId) ?? 0,
        failed: failed.get(p.personaId) ?? 0,
        upcoming: upcoming.get(p.personaId) ?? 0,
      }));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
