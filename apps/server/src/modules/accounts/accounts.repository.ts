import { type Account, type Platform, profileUrl } from '@plume/core';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../../db/client';
import { blueskyOauthSessions, oauthStates, personas, platformAccounts } from '../../db/schema';

export type AccountRow = typeof platformAccounts.$inferSelect;

/** What a connection is made of when it is saved (credentials already sealed). */
export type AccountWrite = {
  personaId: string;
  platform: Platform;
  externalId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  authMethod: 'oauth' | 'app_password';
  credentials: string | null;
  followers: number;
};

/** The account as the API shows it: the spec's connection report and what the card needs. */
export function toAccount(row: AccountRow): Account {
  const platform = row.platform;
  return {
    platform,
    username: row.username,
    isConnected: true,
    connectedAt: row.connectedAt.toISOString(),
    status: row.status === 'error' ? 'error' : 'active',
    followers: row.followers,
    // The last time its metrics were read, not when it was connected (decision 042).
    lastSyncAt: row.metricsReadAt?.toISOString() ?? null,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    profileUrl: profileUrl(platform, row.username),
    authMethod: row.authMethod === 'app_password' ? 'app_password' : 'oauth',
    errorMessage: row.errorMessage,
  };
}

export function createAccountsRepository(db: Db) {
  // Read before anything goes out on an account: prepared once (issue 32).
  const findOne = preparedOnce(() =>
    db
      .select()
      .from(platformAccounts)
      .where(
        and(
          eq(platformAccounts.personaId, sql.placeholder('personaId')),
          eq(platformAccounts.platform, sql.placeholder('platform')),
        ),
      )
      .prepare('account_find'),
  );
  // Read under the credentials' lock before every call to a network.
  const credentialsOf = preparedOnce(() =>
    db
      .select({ credentials: platformAccounts.credentials })
      .from(platformAccounts)
      .where(eq(platformAccounts.id, sql.placeholder('id')))
      .prepare('account_credentials'),
  );
  const repo = {
    list(personaId: string): Promise<AccountRow[]> {
      return db
        .select()
        .from(platformAccounts)
        .where(eq(platformAccounts.personaId, personaId))
        .orderBy(platformAccounts.platform);
    },

    /** Every account of the workspace's personas, with its persona's name, by persona name then network. */
    async ofWorkspace(
      workspaceId: string,
    ): Promise<{ personaId: string; personaName: string; platform: Platform; username: string; externalId: string }[]> {
      return db
        .select({
          personaId: platformAccounts.personaId,
          personaName: personas.name,
          platform: platformAccounts.platform,
          username: platformAccounts.username,
          externalId: platformAccounts.externalId,
        })
        .from(platformAccounts)
        .innerJoin(personas, eq(personas.id, platformAccounts.personaId))
        .where(eq(personas.workspaceId, workspaceId))
        .orderBy(personas.name, platformAccounts.personaId, platformAccounts.platform);
    },

    async findById(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(platformAccounts).where(eq(platformAccounts.id, id));
      return row;
    },

    async find(personaId: string, platform: Platform): Promise<AccountRow | undefined> {
      const [row] = await findOne().execute({ personaId, platform });
      return row;
    },

    /** Connects (or reconnects) the persona's account for the platform; a reconnect replaces the old one. */
    async upsert(write: AccountWrite): Promise<AccountRow> {
      const now = new Date();
      const values = {
        ...write,
        status: 'active',
        errorMessage: null,
        // Working again: a later breakage is told again.
        attentionNotifiedAt: null,
        // A new connection (maybe to another account): its label is looked after afresh.
        automatedLabel: null,
        connectedAt: now,
        updatedAt: now,
      };
      const [row] = await db
        .insert(platformAccounts)
        .values({ id: crypto.randomUUID(), ...values })
        .onConflictDoUpdate({ target: [platformAccounts.personaId, platformAccounts.platform], set: values })
        .returning();
      if (!row) throw new Error('account upsert returned nothing');
      return row;
    },

    async update(
      id: string,
      patch: Partial<
        Pick<
          AccountRow,
          'credentials' | 'status' | 'errorMessage' | 'followers' | 'username' | 'displayName' | 'avatarUrl'
        >
      >,
    ): Promise<AccountRow | undefined> {
      const [row] = await db
        .update(platformAccounts)
        .set({
          ...patch,
          ...(patch.status === 'active' ? { attentionNotifiedAt: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(platformAccounts.id, id))
        .returning();
      return row;
    },

    /** A revoked or expired connection: the card shows the reason and a reconnect button. */
    markError(id: string, message: string) {
      return repo.update(id, { status: 'error', errorMessage: message });
    },

    /** The connection's sealed credentials as stored now; undefined when the connection is gone. */
    async credentialsOf(id: string): Promise<string | null | undefined> {
      const [row] = await credentialsOf().execute({ id });
      return row ? row.credentials : undefined;
    },

    /** Stores rotated credentials, only over the ones they were renewed from (a reconnect meanwhile wins). */
    async replaceCredentials(id: string, from: string | null, to: string): Promise<boolean> {
      const rows = await db
        .update(platformAccounts)
        .set({ credentials: to, updatedAt: new Date() })
        .where(
          and(
            eq(platformAccounts.id, id),
            from === null ? isNull(platformAccounts.credentials) : eq(platformAccounts.credentials, from),
          ),
        )
        .returning({ id: platformAccounts.id });
      return rows.length > 0;
    },

    async remove(personaId: string, platform: Platform): Promise<AccountRow | undefined> {
      const [row] = await db
        .delete(platformAccounts)
        .where(and(eq(platformAccounts.personaId, personaId), eq(platformAccounts.platform, platform)))
        .returning();
      return row;
    },

    /** How many connections still use this account (a shared Bluesky OAuth session is kept while any do). */
    async countByExternalId(platform: Platform, externalId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(platformAccounts)
        .where(and(eq(platformAccounts.platform, platform), eq(platformAccounts.externalId, externalId)));
      return row?.n ?? 0;
    },

    /** Records the automated label Plume saw to on an account, on every connection to it. */
    async recordAutomatedLabel(platform: Platform, externalId: string, on: boolean): Promise<void> {
      await db
        .update(platformAccounts)
        .set({ automatedLabel: on, updatedAt: new Date() })
        .where(and(eq(platformAccounts.platform, platform), eq(platformAccounts.externalId, externalId)));
    },

    // OAuth states: single use, short lived.
    async putState(key: string, platform: Platform, value: string, ttlMs: number): Promise<void> {
      const expiresAt = new Date(Date.now() + ttlMs);
      await db
        .insert(oauthStates)
        .values({ key, platform, value, expiresAt })
        .onConflictDoUpdate({ target: oauthStates.key, set: { value, expiresAt } });
    },

    /** Reads a state without using it up (the Bluesky OAuth client reads before it deletes). */
    async getState(key: string, platform: Platform): Promise<string | undefined> {
      const [row] = await db
        .select({ value: oauthStates.value, expiresAt: oauthStates.expiresAt })
        .from(oauthStates)
        .where(and(eq(oauthStates.key, key), eq(oauthStates.platform, platform)));
      return row && row.expiresAt.getTime() > Date.now() ? row.value : undefined;
    },

    /** Uses a state up: returns its value once, if it has not expired. */
    async takeState(key: string, platform: Platform): Promise<string | undefined> {
      const [row] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.key, key), eq(oauthStates.platform, platform)))
        .returning({ value: oauthStates.value, expiresAt: oauthStates.expiresAt });
      return row && row.expiresAt.getTime() > Date.now() ? row.value : undefined;
    },

    async deleteState(key: string): Promise<void> {
      await db.delete(oauthStates).where(eq(oauthStates.key, key));
    },

    async deleteExpiredStates(): Promise<number> {
      const rows = await db
        .delete(oauthStates)
        .where(lt(oauthStates.expiresAt, new Date()))
        .returning({ key: oauthStates.key });
      return rows.length;
    },

    // Bluesky OAuth sessions, by DID.
    async getBlueskySession(did: string): Promise<string | undefined> {
      const [row] = await db.select().from(blueskyOauthSessions).where(eq(blueskyOauthSessions.did, did));
      return row?.value;
    },

    async putBlueskySession(did: string, value: string): Promise<void> {
      await db
        .insert(blueskyOauthSessions)
        .values({ did, value })
        .onConflictDoUpdate({ target: blueskyOauthSessions.did, set: { value, updatedAt: sql`now()` } });
    },

    async deleteBlueskySession(did: string): Promise<void> {
      await db.delete(blueskyOauthSessions).where(eq(blueskyOauthSessions.did, did));
    },
  };
  return repo;
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
