import type { InAppNotification, NotificationKind, NotificationSeverity, PageKey } from '@plume/core';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inAppNotifications, personas, platformAccounts, postMetrics, posts } from '../../db/schema';

/** An event to tell a user about; `dedupeKey` names it, so telling it twice adds nothing. */
export type NewNotification = {
  workspaceId: string;
  personaId: string | null;
  kind: NotificationKind;
  severity: NotificationSeverity;
  title: string;
  message: string;
  link: string | null;
  dedupeKey: string;
};

const toNotification = (row: typeof inAppNotifications.$inferSelect): InAppNotification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  severity: row.severity as NotificationSeverity,
  title: row.title,
  message: row.message,
  link: row.link,
  personaId: row.personaId,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export function createInboxRepository(db: Db) {
  return {
    /** Adds the events not told yet; answers how many were new. */
    async add(rows: NewNotification[]): Promise<number> {
      if (rows.length === 0) return 0;
      const added = await db
        .insert(inAppNotifications)
        .values(rows.map((row) => ({ id: crypto.randomUUID(), ...row })))
        .onConflictDoNothing()
        .returning({ id: inAppNotifications.id });
      return added.length;
    },

    async list(workspaceId: string, limit: number): Promise<InAppNotification[]> {
      const rows = await db
        .select()
        .from(inAppNotifications)
        .where(eq(inAppNotifications.workspaceId, workspaceId))
        .orderBy(desc(inAppNotifications.createdAt), desc(inAppNotifications.id))
        .limit(limit);
      return rows.map(toNotification);
    },

    /**
     * One page, newest first, by a keyset (created_at, id) below the previous page's last
     * (decision 044-list-paging); `next` is the last row's key when more follow.
     */
    async page(
      workspaceId: string,
      limit: number,
      before?: PageKey,
    ): Promise<{ items: InAppNotification[]; next: PageKey | null }> {
      const t = inAppNotifications;
      const rows = await db
        .select({
          row: t,
          pageKey: sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(t)
        .where(
          and(
            eq(t.workspaceId, workspaceId),
            before ? sql`(${t.createdAt}, ${t.id}) < (${before.at}::timestamptz, ${before.id}::uuid)` : undefined,
          ),
        )
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(limit + 1);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        items: shown.map((r) => toNotification(r.row)),
        next: rows.length > limit && last ? { at: last.pageKey, id: last.row.id } : null,
      };
    },

    async unreadCount(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(inAppNotifications)
        .where(and(eq(inAppNotifications.workspaceId, workspaceId), isNull(inAppNotifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks one of the workspace's notifications read; false when it is not theirs (or not there). */
    async markRead(workspaceId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(inAppNotifications)
        .set({ readAt: at })
        .where(and(eq(inAppNotifications.workspaceId, workspaceId), eq(inAppNotifications.id, id)))
        .returning({ id: inAppNotifications.id });
      return rows.length > 0;
    },

    /** Users with drafts waiting in the review queue, and how many. */
    async draftsWaiting(): Promise<{ workspaceId: string; drafts: number }[]> {
      return db
        .select({ workspaceId: personas.workspaceId, drafts: count() })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .where(eq(posts.status, 'pending_review'))
        .groupBy(personas.workspaceId);
    },

    /**
     * Personas with a working connection that published nothing since `since` (and existed then):
     * their owners are told, once a week.
     */
    async quietPersonas(since: Date): Promise<{ workspaceId: string; personaId: string; name: string }[]> {
      return db
        .select({ workspaceId: personas.workspaceId, personaId: personas.id, name: personas.name })
        .from(personas)
        .where(
          and(
            lt(personas.createdAt, since),
            sql`exists (select 1 from ${platformAccounts} where ${platformAccounts.personaId} = ${personas.id}
              and ${platformAccounts.status} = 'active')`,
            sql`not exists (select 1 from ${posts} where ${posts.personaId} = ${personas.id}
              and ${posts.status} = 'posted' and ${posts.postedAt} >= ${since})`,
          ),
        );
    },

    /** Personas with at least `minPosts` posts read that were published since `since` (enough for insights). */
    async personasWithReadings(
      since: Date,
      minPosts: number,
    ): Promise<{ workspaceId: string; personaId: string; name: string }[]> {
      return db
        .select({ workspaceId: personas.workspaceId, personaId: personas.id, name: personas.name })
        .from(personas)
        .where(
          sql`(select count(*) from ${postMetrics} where ${postMetrics.personaId} = ${personas.id}
            and ${postMetrics.postedAt} >= ${since}) >= ${minPosts}`,
        );
    },

    /** Whether the workspace was already told the event `dedupeKey` names. */
    async has(workspaceId: string, dedupeKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: inAppNotifications.id })
        .from(inAppNotifications)
        .where(and(eq(inAppNotifications.workspaceId, workspaceId), eq(inAppNotifications.dedupeKey, dedupeKey)))
        .limit(1);
      return row !== undefined;
    },

    async markAllRead(workspaceId: string, at: Date): Promise<void> {
      await db
        .update(inAppNotifications)
        .set({ readAt: at })
        .where(and(eq(inAppNotifications.workspaceId, workspaceId), isNull(inAppNotifications.readAt)));
    },
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
