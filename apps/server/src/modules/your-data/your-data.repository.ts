import { and, asc, desc, eq, inArray, isNotNull, like, lt, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  accountSnapshots,
  aiSettings,
  apiTokens,
  automationActions,
  automationLog,
  blueskyOauthSessions,
  dataExports,
  devOutbox,
  inAppNotifications,
  media,
  mentionReads,
  mentions,
  opportunityDismissals,
  personaMessages,
  personas,
  personaVersions,
  platformAccounts,
  platformSpend,
  postHistory,
  postMetrics,
  posts,
  rateLimits,
  sourceChecks,
  sourceItems,
  tags,
  userPreferences,
  users,
  verifications,
  waitlist,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { historyColumns } from '../posts/post-history.repository';

export type DataExportRow = typeof dataExports.$inferSelect;
export type UserAccountRow = typeof platformAccounts.$inferSelect;

/** The `verifications` identifier of a user's pending account deletion (one at a time). */
export const deletionIdentifier = (userId: string) => `account-deletion:${userId}`;

/**
 * One kind of a user's data, read a page at a time (offset paging in a fixed order): each is a
 * file of the export. Columns that hold secrets (credentials, API keys, token hashes) are never
 * selected.
 */
type Reader = (userId: string, offset: number, limit: number) => Promise<Record<string, unknown>[]>;

/** Everything in the user's rows that the export carries, kind by kind (the file names of the archive). */
export const EXPORT_KINDS = [
  'personas',
  'persona-versions',
  'conversations',
  'posts',
  'post-history',
  'post-metrics',
  'account-snapshots',
  'connected-accounts',
  'source-items',
  'source-checks',
  'mentions',
  'mention-reads',
  'automation-actions',
  'automation-log',
  'notifications',
  'tags',
  'media',
  'api-tokens',
  'opportunity-dismissals',
  'webhooks',
  'webhook-deliveries',
  'workspaces',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function createYourDataRepository(db: Db) {
  const personaIds = (userId: string) =>
    db.select({ id: personas.id }).from(personas).where(eq(personas.workspaceId, userId));
  const page = <T extends PgSelect>(query: T, offset: number, limit: number) => query.limit(limit).offset(offset);

  const readers: Record<ExportKind, Reader> = {
    personas: (userId, offset, limit) =>
      page(
        db
          .select()
          .from(personas)
          .where(eq(personas.workspaceId, userId))
          .orderBy(asc(personas.createdAt), asc(personas.id))
          .$dynamic(),
        offset,
        limit,
      ),
    'persona-versions': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(personaVersions)
          .where(inArray(personaVersions.personaId, personaIds(userId)))
          .orderBy(asc(personaVersions.seq))
          .$dynamic(),
        offset,
        limit,
      ),
    conversations: (userId, offset, limit) =>
      page(
        db
          .select()
          .from(personaMessages)
          .where(inArray(personaMessages.personaId, personaIds(userId)))
          .orderBy(asc(personaMessages.seq))
          .$dynamic(),
        offset,
        limit,
      ),
    posts: (userId, offset, limit) =>
      page(
        db
          .select()
          .from(posts)
          .where(inArray(posts.personaId, personaIds(userId)))
          .orderBy(asc(posts.createdAt), asc(posts.id))
          .$dynamic(),
        offset,
        limit,
      ),
    'post-history': (userId, offset, limit) =>
      page(
        db
          // Named as the post's history shows it (a member's id says nothing outside Plume).
          .select(historyColumns)
          .from(postHistory)
          .leftJoin(users, eq(users.id, postHistory.actorUserId))
          .where(
            inArray(
              postHistory.postId,
              db
                .select({ id: posts.id })
                .from(posts)
                .where(inArray(posts.personaId, personaIds(userId))),
            ),
          )
          .orderBy(asc(postHistory.seq))
          .$dynamic(),
        offset,
        limit,
      ),
    'post-metrics': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(postMetrics)
          .where(inArray(postMetrics.personaId, personaIds(userId)))
          .orderBy(asc(postMetrics.accountId), asc(postMetrics.externalId))
          .$dynamic(),
        offset,
        limit,
      ),
    'account-snapshots': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(accountSnapshots)
          .where(inArray(accountSnapshots.personaId, personaIds(userId)))
          .orderBy(asc(accountSnapshots.readAt), asc(accountSnapshots.id))
          .$dynamic(),
        offset,
        limit,
      ),
    // Never the sealed credentials.
    'connected-accounts': (userId, offset, limit) =>
      page(
        db
          .select({
            id: platformAccounts.id,
            personaId: platformAccounts.personaId,
            platform: platformAccounts.platform,
            externalId: platformAccounts.externalId,
            username: platformAccounts.username,
            displayName: platformAccounts.displayName,
            avatarUrl: platformAccounts.avatarUrl,
            authMethod: platformAccounts.authMethod,
            status: platformAccounts.status,
            errorMessage: platformAccounts.errorMessage,
            followers: platformAccounts.followers,
            connectedAt: platformAccounts.connectedAt,
            metricsReadAt: platformAccounts.metricsReadAt,
            automatedLabel: platformAccounts.automatedLabel,
          })
          .from(platformAccounts)
          .where(inArray(platformAccounts.personaId, personaIds(userId)))
          .orderBy(asc(platformAccounts.connectedAt), asc(platformAccounts.id))
          .$dynamic(),
        offset,
        limit,
      ),
    'source-items': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(sourceItems)
          .where(inArray(sourceItems.personaId, personaIds(userId)))
          .orderBy(asc(sourceItems.fetchedAt), asc(sourceItems.id))
          .$dynamic(),
        offset,
        limit,
      ),
    'source-checks': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(sourceChecks)
          .where(inArray(sourceChecks.personaId, personaIds(userId)))
          .orderBy(asc(sourceChecks.personaId), asc(sourceChecks.sourceUrl))
          .$dynamic(),
        offset,
        limit,
      ),
    mentions: (userId, offset, limit) =>
      page(
        db
          .select()
          .from(mentions)
          .where(inArray(mentions.personaId, personaIds(userId)))
          .orderBy(asc(mentions.createdAt), asc(mentions.id))
          .$dynamic(),
        offset,
        limit,
      ),
    'mention-reads': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(mentionReads)
          .where(inArray(mentionReads.personaId, personaIds(userId)))
          .orderBy(asc(mentionReads.accountId), asc(mentionReads.day))
          .$dynamic(),
        offset,
        limit,
      ),
    'automation-actions': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(automationActions)
          .where(inArray(automationActions.personaId, personaIds(userId)))
          .orderBy(asc(automationActions.createdAt), asc(automationActions.id))
          .$dynamic(),
        offset,
        limit,
      ),
    'automation-log': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(automationLog)
          .where(inArray(automationLog.personaId, personaIds(userId)))
          .orderBy(asc(automationLog.createdAt), asc(automationLog.id))
          .$dynamic(),
        offset,
        limit,
      ),
    notifications: (userId, offset, limit) =>
      page(
        db
          .select()
          .from(inAppNotifications)
          .where(eq(inAppNotifications.workspaceId, userId))
          .orderBy(asc(inAppNotifications.createdAt), asc(inAppNotifications.id))
          .$dynamic(),
        offset,
        limit,
      ),
    tags: (userId, offset, limit) =>
      page(
        db
          .select()
          .from(tags)
          .where(eq(tags.workspaceId, userId))
          .orderBy(asc(tags.createdAt), asc(tags.id))
          .$dynamic(),
        offset,
        limit,
      ),
    media: (userId, offset, limit) =>
      page(
        db
          .select()
          .from(media)
          .where(eq(media.workspaceId, userId))
          .orderBy(asc(media.createdAt), asc(media.id))
          .$dynamic(),
        offset,
        limit,
      ),
    // Never the token's hash: what Account settings shows of it.
    'api-tokens': (userId, offset, limit) =>
      page(
        db
          .select({
            id: apiTokens.id,
            name: apiTokens.name,
            prefix: apiTokens.prefix,
            createdAt: apiTokens.createdAt,
            lastUsedAt: apiTokens.lastUsedAt,
            expiresAt: apiTokens.expiresAt,
          })
          .from(apiTokens)
          .where(eq(apiTokens.userId, userId))
          .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
          .$dynamic(),
        offset,
        limit,
      ),
    'opportunity-dismissals': (userId, offset, limit) =>
      page(
        db
          .select()
          .from(opportunityDismissals)
          .where(eq(opportunityDismissals.workspaceId, userId))
          .orderBy(asc(opportunityDismissals.key))
          .$dynamic(),
        offset,
        limit,
      ),
    webhooks: (userId, offset, limit) =>
      page(
        db
          .select({
            id: webhookEndpoints.id,
            url: webhookEndpoints.url,
            events: webhookEndpoints.events,
            enabled: webhookEndpoints.enabled,
            disabledReason: webhookEndpoints.disabledReason,
            createdAt: webhookEndpoints.createdAt,
          })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.workspaceId, userId))
          .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
          .$dynamic(),
        offset,
        limit,
      ),
    'webhook-deliveries': (userId, offset, limit) =>
      page(
        db
          .select({
            id: webhookDeliveries.id,
            endpointId: webhookDeliveries.endpointId,
            eventId: webhookEvents.id,
            event: webhookEvents.type,
            payload: webhookEvents.payload,
            status: webhookDeliveries.status,
            attempts: webhookDeliveries.attempts,
            responseStatus: webhookDeliveries.responseStatus,
            error: webhookDeliveries.error,
            lastAttemptAt: webhookDeliveries.lastAttemptAt,
            createdAt: webhookDeliveries.createdAt,
          })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(eq(webhookEvents.workspaceId, userId))
          .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
          .$dynamic(),
        offset,
        limit,
      ),
    // Every workspace they belong to (their personal one included), and as what: not its data,
    // which is the workspace's (decision 055-workspaces).
    workspaces: (userId, offset, limit) =>
      page(
        db
          .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
          .from(workspaceMembers)
          .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
          .where(eq(workspaceMembers.userId, userId))
          .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.id))
          .$dynamic(),
        offset,
        limit,
      ),
  };

  return {
    readers,

    /** The user's profile and settings (no API key, no password, no tokens): profile.json. */
    async profile(userId: string): Promise<Record<string, unknown> | null> {
      const [user] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          emailVerified: users.emailVerified,
          image: users.image,
          username: users.username,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return null;
      const [preferences] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
      const [ai] = await db
        .select({
          provider: aiSettings.provider,
          baseUrl: aiSettings.baseUrl,
          model: aiSettings.model,
          hasApiKey: sql<boolean>`${aiSettings.apiKeyEncrypted} is not null`,
          updatedAt: aiSettings.updatedAt,
        })
        .from(aiSettings)
        .where(eq(aiSettings.workspaceId, userId));
      const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, userId));
      return { user, workspace: workspace ?? null, preferences: preferences ?? null, aiSettings: ai ?? null };
    },

    /** Workspaces the user owns that have other members: each must be handed over before the account goes. */
    async sharedWorkspacesOwned(userId: string): Promise<string[]> {
      const rows = await db
        .select({ name: workspaces.name })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(
          and(
            eq(workspaceMembers.userId, userId),
            eq(workspaceMembers.role, 'owner'),
            sql`exists (select 1 from ${workspaceMembers} m where m.workspace_id = ${workspaces.id} and m.user_id <> ${userId})`,
          ),
        );
      return rows.map((r) => r.name);
    },

    async user(userId: string): Promise<{ id: string; email: string; name: string } | null> {
      const [row] = await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    // Exports.

    /** A new export being prepared, or null when one is already (the unique index says so). */
    async insertExport(row: { id: string; userId: string; storage: string }): Promise<DataExportRow | null> {
      const [inserted] = await db.insert(dataExports).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async preparingExport(userId: string): Promise<DataExportRow | null> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'preparing')));
      return row ?? null;
    },

    async latestExport(userId: string): Promise<DataExportRow | null> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      return row ?? null;
    },

    async findExport(id: string): Promise<DataExportRow | null> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
      return row ?? null;
    },

    async finishExport(id: string, done: { parts: number; bytes: number; readyAt: Date; expiresAt: Date }) {
      await db
        .update(dataExports)
        .set({ status: 'ready', ...done })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')));
    },

    async failExport(id: string, error: string, expiresAt: Date) {
      await db
        .update(dataExports)
        .set({ status: 'failed', error, expiresAt })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')));
    },

    /** Exports past their expiry (ready or failed). */
    async expiredExports(now: Date): Promise<DataExportRow[]> {
      return db
        .select()
        .from(dataExports)
        .where(and(isNotNull(dataExports.expiresAt), lt(dataExports.expiresAt, now)));
    },

    async deleteExports(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(dataExports).where(inArray(dataExports.id, [...ids]));
    },

    async exportsOf(userId: string): Promise<DataExportRow[]> {
      return db.select().from(dataExports).where(eq(dataExports.userId, userId));
    },

    // Deletion.

    /** Keeps the hash of a deletion token (a newer one replaces the older), single use. */
    async saveDeletionToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(verifications).where(eq(verifications.identifier, deletionIdentifier(userId)));
        await tx
          .insert(verifications)
          .values({ id: crypto.randomUUID(), identifier: deletionIdentifier(userId), value: tokenHash, expiresAt });
      });
    },

    /** Takes the deletion token with this hash (it works once): the user it was for, or null. */
    async takeDeletionToken(tokenHash: string, now: Date): Promise<string | null> {
      const [row] = await db
        .delete(verifications)
        .where(and(eq(verifications.value, tokenHash), like(verifications.identifier, 'account-deletion:%')))
        .returning();
      if (!row || row.expiresAt <= now) return null;
      return row.identifier.slice('account-deletion:'.length);
    },

    /** Everything the deletion must reach outside this database: connections, media, export archives. */
    async belongings(userId: string) {
      const accounts = await db
        .select()
        .from(platformAccounts)
        .where(inArray(platformAccounts.personaId, personaIds(userId)));
      const images = await db.select().from(media).where(eq(media.workspaceId, userId));
      const exports = await db.select().from(dataExports).where(eq(dataExports.userId, userId));
      const personaRows = await personaIds(userId);
      const postRows = await db
        .select({ id: posts.id })
        .from(posts)
        .where(inArray(posts.personaId, personaIds(userId)));
      return {
        accounts,
        media: images,
        exports,
        personaIds: personaRows.map((r) => r.id),
        postIds: postRows.map((r) => r.id),
      };
    },

    /**
     * Deletes every row of the user, in one transaction: the user (every table that references it,
     * or its personas, goes with it by ON DELETE CASCADE), and what names them without a foreign
     * key: sign-in links and deletion tokens, mail kept by the dev outbox, the waitlist entry,
     * rate-limit counters, the network spend of accounts no one else connects, and the user's jobs
     * in the queue. `ids` are the user's own ids (personas, posts, connections, media, exports),
     * matched in job payloads.
     */
    async deleteUser(
      user: { id: string; email: string },
      ids: readonly string[],
      accounts: readonly { platform: string; externalId: string }[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const email = user.email.toLowerCase();
        // The address as a LIKE pattern matches itself only ('_' and '%' are wildcards there).
        const emailLike = email.replace(/[\\%_]/g, '\\$&');
        await tx
          .delete(verifications)
          .where(
            or(
              eq(verifications.identifier, deletionIdentifier(user.id)),
              like(sql`lower(${verifications.value})`, `%"${emailLike}"%`),
              eq(sql`lower(${verifications.identifier})`, email),
            ),
          );
        await tx.delete(devOutbox).where(eq(sql`lower(${devOutbox.to})`, email));
        await tx.delete(waitlist).where(eq(waitlist.email, email));
        await tx.delete(rateLimits).where(like(rateLimits.key, `%${user.id}%`));
        // The workspaces they own go with them (their personal one; a shared one was handed over first).
        await tx.delete(workspaces).where(
          inArray(
            workspaces.id,
            tx
              .select({ id: workspaceMembers.workspaceId })
              .from(workspaceMembers)
              .where(and(eq(workspaceMembers.userId, user.id), eq(workspaceMembers.role, 'owner'))),
          ),
        );
        await tx.delete(users).where(eq(users.id, user.id));
        // A network account's spend is the account's: kept while another persona still connects it.
        for (const account of accounts) {
          const [still] = await tx
            .select({ id: platformAccounts.id })
            .from(platformAccounts)
            .where(
              and(
                eq(platformAccounts.platform, account.platform as 'x'),
                eq(platformAccounts.externalId, account.externalId),
              ),
            )
            .limit(1);
          if (!still) {
            await tx
              .delete(platformSpend)
              .where(
                and(
                  eq(platformSpend.platform, account.platform as 'x'),
                  eq(platformSpend.accountId, account.externalId),
                ),
              );
          }
        }
        // The user's jobs: waiting ones would act for a user who is gone; finished ones name them.
        const pattern = [user.id, ...ids].join('|');
        await tx.execute(sql`delete from pgboss.job where data::text ~ ${pattern} or output::text ~ ${pattern}`);
        await tx.execute(sql`delete from pgboss.archive where data::text ~ ${pattern} or output::text ~ ${pattern}`);
      });
    },

    /** The OAuth sessions of these DIDs that no connection uses any more (a revocation that failed leaves them). */
    async deleteUnusedBlueskySessions(dids: readonly string[]): Promise<void> {
      for (const did of dids) {
        const [still] = await db
          .select({ id: platformAccounts.id })
          .from(platformAccounts)
          .where(and(eq(platformAccounts.platform, 'bluesky'), eq(platformAccounts.externalId, did)))
          .limit(1);
        if (!still) await db.delete(blueskyOauthSessions).where(eq(blueskyOauthSessions.did, did));
      }
    },
  };
}
export type YourDataRepository = ReturnType<typeof createYourDataRepository>;
