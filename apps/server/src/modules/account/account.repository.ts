import { DEFAULT_NOTIFICATIONS, type NotificationSettings } from '@plume/core';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, personas, posts, sessions, userPreferences, users } from '../../db/schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export function createAccountRepository(db: Db) {
  return {
    async user(userId: string) {
      const [row] = await db
        .select({ username: users.username, email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** Whether another user has this (lowercase) username. */
    async usernameTaken(username: string, exceptUserId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.username, username), ne(users.id, exceptUserId)));
      return row !== undefined;
    },

    async updateUser(userId: string, patch: { username?: string | null; name?: string }): Promise<void> {
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** The user's sessions that have not expired, most recently active first. */
    async sessions(userId: string, now: Date) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.updatedAt));
    },

    /** Deletes one of the user's sessions; false when the user has none with this id. */
    async deleteSession(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return deleted.length > 0;
    },

    /** Deletes every session of the user, or every one but `keepId`. */
    async deleteSessions(userId: string, keepId: string | null): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return deleted.length;
    },

    async apiTokens(userId: string): Promise<ApiTokenRow[]> {
      return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
    },

    /** Tokens that still work (an expired one does not count toward the cap). */
    async countApiTokens(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, userId), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))));
      return row?.n ?? 0;
    },

    async insertApiToken(row: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
      const [inserted] = await db.insert(apiTokens).values(row).returning();
      if (!inserted) throw new Error('api token insert returned nothing');
      return inserted;
    },

    /** Deletes one of the user's tokens (it stops working at once); false when the user has none with this id. */
    async deleteApiToken(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
        .returning({ id: apiTokens.id });
      return deleted.length > 0;
    },

    async countPersonas(workspaceId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(personas).where(eq(personas.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    /** Posts of the workspace's personas published (status posted) since `since`. */
    async countPostedSince(workspaceId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .where(and(eq(personas.workspaceId, workspaceId), eq(posts.status, 'posted'), gte(posts.postedAt, since)));
      return row?.n ?? 0;
    },

    /**
     * Posts of the workspace's personas that count against a month: published in [from, to), or going
     * out in it (scheduled, being published, or published without a confirmation yet).
     */
    async countPostsIn(workspaceId: string, from: Date, to: Date, exceptPostId?: string): Promise<number> {
      const published = and(eq(posts.status, 'posted'), gte(posts.postedAt, from), lt(posts.postedAt, to));
      const planned = and(
        inArray(posts.status, ['scheduled', 'publishing', 'unconfirmed']),
        gte(posts.scheduledFor, from),
        lt(posts.scheduledFor, to),
      );
      const [row] = await db
        .select({ n: count() })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .where(
          and(
            eq(personas.workspaceId, workspaceId),
            or(published, planned),
            exceptPostId ? ne(posts.id, exceptPostId) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    async notifications(userId: string): Promise<NotificationSettings> {
      const [row] = await db
        .select({
          postFailed: userPreferences.emailPostFailed,
          postPublished: userPreferences.emailPostPublished,
          accountAttention: userPreferences.emailAccountAttention,
          weeklySummary: userPreferences.emailWeeklySummary,
          approvalWaiting: userPreferences.emailApprovalWaiting,
        })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row ?? DEFAULT_NOTIFICATIONS;
    },

    async setNotifications(userId: string, settings: NotificationSettings): Promise<void> {
      const set = {
        emailPostFailed: settings.postFailed,
        emailPostPublished: settings.postPublished,
        emailAccountAttention: settings.accountAttention,
        emailWeeklySummary: settings.weeklySummary,
        emailApprovalWaiting: settings.approvalWaiting,
      };
      // The same row as the time zone (user_preferences); the time zone is left as it is.
      await db
        .insert(userPreferences)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { ...set, updatedAt: new Date() } });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
