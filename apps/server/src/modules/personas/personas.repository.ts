import {
  type AutomationPauseReason,
  type ConnectedAccount,
  DEFAULT_LANGUAGES,
  isUuid,
  type Persona,
  type PersonaVersion,
  type Platform,
} from '@plume/core';
import { and, count, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import {
  personas,
  personaVersions,
  platformAccounts,
  userPreferences,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

/** The workspace's owner, whose time zone is the workspace's (decision 055). */
const owners = alias(workspaceMembers, 'owners');

type Row = typeof personas.$inferSelect;
/** A persona as read, with the revision it was read at. */
export type PersonaAt = { persona: Persona; revision: number };

/** A persona's connection as `connectionsOf` reads it (times as PostgreSQL writes them in JSON). */
type StoredConnection = {
  platform: Platform;
  username: string;
  status: string;
  followers: number;
  connectedAt: string;
  /** When its metrics were last read (metrics_read_at): what "last synced" means. */
  lastSyncAt: string | null;
};

/**
 * The persona's connections, read from platform_accounts (their one home) in the persona's own
 * query: a subquery on the persona's row, by platform. The row is named with its table, which
 * Drizzle leaves out in a query on one table.
 */
function connectionsOf(): SQL<StoredConnection[]> {
  return sql<StoredConnection[]>`coalesce((
    select jsonb_agg(jsonb_build_object(
      'platform', a.platform, 'username', a.username, 'status', a.status, 'followers', a.followers,
      'connectedAt', a.connected_at, 'lastSyncAt', a.metrics_read_at
    ) order by a.platform)
    from ${platformAccounts} a where a.persona_id = ${personas}.${sql.identifier(personas.id.name)}
  ), '[]'::jsonb)`;
}

/** The spec's connection report (connected_accounts), derived from the connection itself. */
function toConnectedAccount(c: StoredConnection): ConnectedAccount {
  return {
    platform: c.platform,
    username: c.username,
    isConnected: true,
    connectedAt: new Date(c.connectedAt).toISOString(),
    status: c.status === 'error' ? 'error' : 'active',
    followers: c.followers,
    lastSyncAt: c.lastSyncAt ? new Date(c.lastSyncAt).toISOString() : null,
  };
}

type AccountRow = typeof platformAccounts.$inferSelect;

/** A connection's row as `connectionsOf` would read it, for a statement that joins the accounts itself. */
function storedConnection(account: AccountRow): StoredConnection {
  return {
    platform: account.platform,
    username: account.username,
    status: account.status,
    followers: account.followers,
    connectedAt: account.connectedAt.toISOString(),
    lastSyncAt: account.metricsReadAt?.toISOString() ?? null,
  };
}

/**
 * A persona as a job works with it: the persona (its connections included), its workspace, the
 * workspace's time zone (its owner's; null without one), every account it has, and the ones the job works on.
 */
export type PersonaAtWork = {
  persona: Persona;
  workspaceId: string;
  timeZone: string | null;
  /** Its workspace's "posts need approval", and the approver who let its automation skip review (decision 056-approval-that-blocks). */
  needsApproval: boolean;
  unreviewedBy: string | null;
  accounts: AccountRow[];
  picked: AccountRow[];
};

/**
 * The one load of a job (issue 27): the personas `where` names, each with its owner's zone and
 * its accounts, in one statement that joins them (a row per account); the persona's connections
 * are read from those rows, not a second time. `pick`, a condition on platform_accounts, marks the
 * accounts the job works on (all of them without it).
 */
export async function personasAtWork(db: Db, where: SQL | undefined, pick?: SQL<boolean>): Promise<PersonaAtWork[]> {
  const rows = await db
    .select({
      persona: personas,
      timeZone: userPreferences.timeZone,
      needsApproval: workspaces.needsApproval,
      account: platformAccounts,
      picked: pick ?? sql<boolean>`true`,
    })
    .from(personas)
    .innerJoin(workspaces, eq(workspaces.id, personas.workspaceId))
    .leftJoin(owners, and(eq(owners.workspaceId, personas.workspaceId), eq(owners.role, 'owner')))
    .leftJoin(userPreferences, eq(userPreferences.userId, owners.userId))
    .leftJoin(platformAccounts, eq(platformAccounts.personaId, personas.id))
    .where(where)
    .orderBy(personas.id, platformAccounts.platform);
  const found = new Map<
    string,
    { row: Row; timeZone: string | null; needsApproval: boolean; accounts: AccountRow[]; picked: AccountRow[] }
  >();
  for (const r of rows) {
    const entry = found.get(r.persona.id) ?? {
      row: r.persona,
      timeZone: r.timeZone,
      needsApproval: r.needsApproval,
      accounts: [],
      picked: [],
    };
    found.set(r.persona.id, entry);
    if (!r.account) continue;
    entry.accounts.push(r.account);
    if (r.picked) entry.picked.push(r.account);
  }
  return [...found.values()].map(({ row, timeZone, needsApproval, accounts, picked }) => ({
    persona: toPersona(row, accounts.map(storedConnection)),
    workspaceId: row.workspaceId,
    timeZone,
    needsApproval,
    unreviewedBy: row.unreviewedBy,
    accounts,
    picked,
  }));
}

/** The persona's row and its connections (`connectionsOf`), as one query selects them. */
const withConnections = () => ({ persona: personas, connections: connectionsOf() });

/** The persona as stored, in the API's server shape. JSON columns were validated on the way in. */
function toPersona(row: Row, connections: StoredConnection[]): Persona {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    avatar: row.avatar,
    languages: row.languages,
    personality: row.personality as Persona['personality'],
    created_at: row.createdAt.toISOString(),
    automation: row.automation as Persona['automation'],
    sources: row.sources as Persona['sources'],
    advanced_options: row.advancedOptions as Persona['advanced_options'],
    tags: row.tags,
    stats: row.stats as Persona['stats'],
    recent_tweets: row.recentTweets as Persona['recent_tweets'],
    is_active: row.isActive,
    is_public: row.isPublic,
    require_alt_text: row.requireAltText,
    custom_prompt: row.customPrompt,
    use_default_prompt: row.useDefaultPrompt,
    connected_accounts: connections.map(toConnectedAccount),
    templates: row.templates as Persona['templates'],
    monetization: row.monetization as Persona['monetization'],
    setup_complete: row.setupComplete,
    automation_pause: pauseOf(row),
  };
}

/** The automation's pause as the persona carries it (the reason as pause.ts wrote it). */
function pauseOf(row: Row): Persona['automation_pause'] {
  if (!row.automationPausedAt) return null;
  return {
    reason: row.automationPauseReason as AutomationPauseReason,
    message: row.automationPauseMessage ?? '',
    since: row.automationPausedAt.toISOString(),
  };
}

/**
 * `write` (an INSERT or UPDATE of one persona, returning its id) and a version of `persona` with
 * `summary`, as one statement: a save is one round trip, not two (decision 063-streams-read-directly).
 * Answers the version's persona id, none when `write` matched no row.
 */
function withVersion(write: SQLWrapper, persona: Persona, summary: string): SQL {
  // An embedded query comes in parentheses.
  return sql`with written as ${write} ${versionOfWritten(persona, summary)} returning persona_id`;
}

/** The INSERT of a version of `persona` (`summary`) for the persona a `written` CTE answers. */
function versionOfWritten(persona: Persona, summary: string): SQL {
  return sql`insert into ${personaVersions} (id, persona_id, summary, snapshot)
    select ${crypto.randomUUID()}, written.id, ${summary}, ${JSON.stringify(persona)}::jsonb from written`;
}

/** The personas named by each ask's workspace and id (the asks of a coalesced statement). */
function oneOfEach(asks: readonly { workspaceId: string; id: string }[]): SQL {
  return sql`(${personas.workspaceId}, ${personas.id}) in (select * from unnest(${sql.param(
    asks.map((a) => a.workspaceId),
  )}::text[], ${sql.param(asks.map((a) => a.id))}::uuid[]))`;
}

/** The settings a save writes; figures and the automation's pause have writers of their own. */
function toColumns(p: Persona) {
  return {
    name: p.name,
    bio: p.bio,
    avatar: p.avatar,
    languages: p.languages,
    personality: p.personality,
    automation: p.automation,
    sources: p.sources,
    templates: p.templates,
    advancedOptions: p.advanced_options,
    tags: p.tags,
    stats: p.stats,
    recentTweets: p.recent_tweets,
    isActive: p.is_active,
    isPublic: p.is_public,
    requireAltText: p.require_alt_text,
    customPrompt: p.custom_prompt,
    useDefaultPrompt: p.use_default_prompt,
    monetization: p.monetization,
    setupComplete: p.setup_complete,
  };
}

export function createPersonasRepository(db: Db) {
  // The read every request about one persona makes: the asks made while one statement runs go
  // together in the next (decision 063-streams-read-directly; under load, dozens of requests a
  // second each read their persona, and a statement costs more than its row).
  const findOne = coalesced<{ workspaceId: string; id: string }, PersonaAt | null>(async (asks) => {
    // An id that is no UUID matches nothing; left out, it cannot fail the others' statement.
    const asked = asks.filter((a) => isUuid(a.id));
    const rows = asked.length === 0 ? [] : await db.select(withConnections()).from(personas).where(oneOfEach(asked));
    const found = new Map(rows.map((r) => [`${r.persona.workspaceId}/${r.persona.id}`, r]));
    const handed = new Set<string>();
    return asks.map((a) => {
      const key = `${a.workspaceId}/${a.id}`;
      const row = found.get(key);
      if (!row) return null;
      const persona = toPersona(row.persona, row.connections);
      // Two asks for one persona get a copy each: one caller's change is not the other's.
      const { revision } = row.persona;
      if (handed.has(key)) return { persona: structuredClone(persona), revision };
      handed.add(key);
      return { persona, revision };
    });
  });
  // What the persona list reads on every GET: the revision, and on a change the list. The asks of
  // many workspaces made while one statement runs go in the next.
  const revisions = coalesced<string, string>(async (workspaceIds) => {
    const rows = await db
      .select({
        workspaceId: personas.workspaceId,
        n: count(),
        revision: sql<string>`coalesce(max(${personas.revision}), 0)`,
      })
      .from(personas)
      .where(inArray(personas.workspaceId, [...new Set(workspaceIds)]))
      .groupBy(personas.workspaceId);
    const byWorkspace = new Map(rows.map((row) => [row.workspaceId, `${row.n}:${row.revision}`]));
    return workspaceIds.map((workspaceId) => byWorkspace.get(workspaceId) ?? '0:0');
  });
  const lists = coalesced<string, Persona[]>(async (workspaceIds) => {
    const rows = await db
      .select(withConnections())
      .from(personas)
      .where(inArray(personas.workspaceId, [...new Set(workspaceIds)]))
      .orderBy(desc(personas.createdAt), desc(personas.id));
    const byWorkspace = new Map<string, typeof rows>();
    for (const row of rows) {
      const group = byWorkspace.get(row.persona.workspaceId);
      if (group) group.push(row);
      else byWorkspace.set(row.persona.workspaceId, [row]);
    }
    return workspaceIds.map((workspaceId) =>
      (byWorkspace.get(workspaceId) ?? []).map((r) => toPersona(r.persona, r.connections)),
    );
  });
  // One persona deleted (DELETE /api/personas/:id): the deletions asked meanwhile go in the next
  // statement; one the database refuses is tried alone, so it fails only its own caller.
  const deleteOne = coalesced<{ workspaceId: string; id: string }, boolean>(
    async (asks) => {
      const asked = asks.filter((a) => isUuid(a.id));
      const rows =
        asked.length === 0
          ? []
          : await db
              .delete(personas)
              .where(oneOfEach(asked))
              .returning({ workspaceId: personas.workspaceId, id: personas.id });
      const deleted = new Set(rows.map((row) => `${row.workspaceId}/${row.id}`));
      return asks.map((a) => deleted.has(`${a.workspaceId}/${a.id}`));
    },
    { eachAloneOnFailure: true },
  );
  /** The persona's settings and, with a `summary`, a version of them, in one statement (at `revision`, when given). */
  async function writeSettings(
    workspaceId: string,
    persona: Persona,
    revision: number | null,
    { summary, unreviewedBy }: { summary?: string; unreviewedBy?: string | null },
  ): Promise<boolean> {
    const updated = db
      .update(personas)
      .set({ ...toColumns(persona), updatedAt: new Date(), ...(unreviewedBy !== undefined ? { unreviewedBy } : {}) })
      .where(
        and(
          eq(personas.workspaceId, workspaceId),
          eq(personas.id, persona.id),
          revision === null ? undefined : eq(personas.revision, revision),
        ),
      )
      .returning({ id: personas.id });
    const rows =
      summary === undefined
        ? await updated
        : ((await db.execute(withVersion(updated, persona, summary))) as unknown as { rows: unknown[] }).rows;
    return rows.length > 0;
  }
  return {
    /**
     * The personas connected to the accounts on `platforms` that this persona is connected to
     * (itself included), each with its rows for them picked: one account may serve several personas,
     * and what the account shows answers to all of them.
     */
    sharingAccounts(personaId: string, platforms: readonly Platform[]): Promise<PersonaAtWork[]> {
      if (platforms.length === 0) return Promise.resolve([]);
      const own = db
        .select({ externalId: platformAccounts.externalId })
        .from(platformAccounts)
        .where(and(eq(platformAccounts.personaId, personaId), inArray(platformAccounts.platform, [...platforms])));
      const sharing = db
        .select({ id: platformAccounts.personaId })
        .from(platformAccounts)
        .where(and(inArray(platformAccounts.platform, [...platforms]), inArray(platformAccounts.externalId, own)));
      const picked = and(inArray(platformAccounts.platform, [...platforms]), inArray(platformAccounts.externalId, own));
      return personasAtWork(db, inArray(personas.id, sharing), sql<boolean>`(${picked})`);
    },

    /** Every persona with an account on `platforms`, each with those accounts picked. */
    connectedTo(platforms: readonly Platform[]): Promise<PersonaAtWork[]> {
      if (platforms.length === 0) return Promise.resolve([]);
      const on = inArray(platformAccounts.platform, [...platforms]);
      return personasAtWork(
        db,
        inArray(personas.id, db.select({ id: platformAccounts.personaId }).from(platformAccounts).where(on)),
        sql<boolean>`(${on})`,
      );
    },

    /**
     * Inside a transaction: how many of the workspace's personas are active, its row locked against
     * other writes that check the limits until the transaction ends (the personas' trigger keeps
     * the count: decision 065-writes-in-one-statement).
     */
    async lockActiveCount(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ active: workspaces.activePersonas })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
        .for('no key update');
      return row?.active ?? 0;
    },

    /** What changes whenever the workspace's list does: how many personas, and the highest revision among them. */
    listRevision(workspaceId: string): Promise<string> {
      return revisions(workspaceId);
    },

    /** The workspace's personas, newest first. */
    list(workspaceId: string): Promise<Persona[]> {
      return lists(workspaceId);
    },

    async find(workspaceId: string, id: string): Promise<Persona | null> {
      return (await findOne({ workspaceId, id }))?.persona ?? null;
    },

    /** The persona with the revision it was read at, for a save guarded by it (`updateAt`). */
    findAt(workspaceId: string, id: string): Promise<PersonaAt | null> {
      return findOne({ workspaceId, id });
    },

    /** Inside a transaction: the persona, locked against other writes until the transaction ends. */
    async findForUpdate(workspaceId: string, id: string): Promise<Persona | null> {
      const [row] = await db
        .select(withConnections())
        .from(personas)
        .where(and(eq(personas.workspaceId, workspaceId), eq(personas.id, id)))
        .for('update', { of: personas });
      return row ? toPersona(row.persona, row.connections) : null;
    },

    /** `lock`: inside a transaction, each locked against other writes (in the order of their ids) until it ends. */
    async findMany(workspaceId: string, ids: string[], options: { lock?: boolean } = {}): Promise<Persona[]> {
      const query = db
        .select(withConnections())
        .from(personas)
        .where(and(eq(personas.workspaceId, workspaceId), inArray(personas.id, ids)))
        .orderBy(personas.id);
      const rows = options.lock ? await query.for('update', { of: personas }) : await query;
      return rows.map((r) => toPersona(r.persona, r.connections));
    },

    /**
     * A new persona and its first version (`summary`) in one statement, when the workspace has room:
     * fewer than `maxPersonas` personas (none: no such limit) and, for an active one, fewer than
     * `maxActive` active. The workspace's row is locked while the counts are read, so two creations
     * at once cannot both take the last place (decision 065-writes-in-one-statement). Answers
     * whether it was written, and the counts it was checked against.
     */
    async insertIfRoom(
      workspaceId: string,
      persona: Persona,
      summary: string,
      limits: { maxActive: number; maxPersonas: number | null },
    ): Promise<{ written: boolean; personas: number; active: number }> {
      const values = { id: persona.id, workspaceId, createdAt: new Date(persona.created_at), ...toColumns(persona) };
      const cells = Object.entries(values).map(([key, value]) => ({
        column: personas[key as keyof typeof values],
        value,
      }));
      const inserted = sql`(insert into ${personas} (${sql.join(
        cells.map(({ column }) => sql.identifier(column.name)),
        sql`, `,
      )}) select ${sql.join(
        // Each value cast to its column's type: a SELECT list does not take them from the table.
        cells.map(({ column, value }) => sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`),
        sql`, `,
      )} from room
        where (${limits.maxPersonas}::int is null or room.personas < ${limits.maxPersonas}::int)
          and room.active_personas + ${persona.is_active ? 1 : 0}::int <= ${limits.maxActive}::int
        returning ${personas.id})`;
      const result = (await db.execute(sql`with room as (
          select ${workspaces.personas}, ${workspaces.activePersonas} from ${workspaces}
          where ${workspaces.id} = ${workspaceId} for no key update
        ), written as ${inserted}, versioned as (${versionOfWritten(persona, summary)})
        select room.personas, room.active_personas, (select count(*) from written)::int as written from room`)) as unknown as {
        rows: { personas: number; active_personas: number; written: number }[];
      };
      const [row] = result.rows;
      return { written: (row?.written ?? 0) > 0, personas: row?.personas ?? 0, active: row?.active_personas ?? 0 };
    },

    /**
     * Saves the persona's settings and, with a `summary`, a version of them, in one statement. Inside
     * the save's transaction, under the persona's lock (findForUpdate): the persona as given is what
     * is stored. `unreviewedBy`: who let its automation publish without review (decision
     * 056-approval-that-blocks), null for nobody, left out to keep it.
     */
    async update(
      workspaceId: string,
      persona: Persona,
      options: { summary?: string; unreviewedBy?: string | null } = {},
    ): Promise<Persona> {
      if (!(await writeSettings(workspaceId, persona, null, options))) throw new Error('update matched no row');
      return persona;
    },

    /**
     * `update` outside a transaction, as one statement that writes only while the persona is still
     * at `revision` (every write moves it: a trigger): false when another write came first, and
     * nothing was written.
     */
    updateAt(
      workspaceId: string,
      persona: Persona,
      revision: number,
      options: { summary?: string; unreviewedBy?: string | null } = {},
    ): Promise<boolean> {
      return writeSettings(workspaceId, persona, revision, options);
    },

    /** Deletes one persona of the workspace; false when it has none of that id. */
    deleteOne(workspaceId: string, id: string): Promise<boolean> {
      return deleteOne({ workspaceId, id });
    },

    async delete(workspaceId: string, ids: string[]): Promise<number> {
      const rows = await db
        .delete(personas)
        .where(and(eq(personas.workspaceId, workspaceId), inArray(personas.id, ids)))
        .returning({ id: personas.id });
      return rows.length;
    },

    /** Takes a tag off every persona of the workspace. */
    async removeTagEverywhere(workspaceId: string, tagId: string): Promise<void> {
      await db
        .update(personas)
        .set({ tags: sql`array_remove(${personas.tags}, ${tagId}::uuid)` })
        .where(and(eq(personas.workspaceId, workspaceId), sql`${tagId}::uuid = ANY(${personas.tags})`));
    },

    /** A version of the persona as it is now (`summary` says why). */
    async addVersion(persona: Persona, summary: string): Promise<void> {
      await db
        .insert(personaVersions)
        .values({ id: crypto.randomUUID(), personaId: persona.id, summary, snapshot: persona });
    },

    /** Newest first. */
    async listVersions(personaId: string): Promise<PersonaVersion[]> {
      const rows = await db
        .select({ id: personaVersions.id, createdAt: personaVersions.createdAt, summary: personaVersions.summary })
        .from(personaVersions)
        .where(eq(personaVersions.personaId, personaId))
        .orderBy(desc(personaVersions.seq));
      return rows.map((r) => ({ versionId: r.id, createdAt: r.createdAt.toISOString(), summary: r.summary }));
    },

    async findVersion(personaId: string, versionId: string): Promise<{ snapshot: Persona; createdAt: Date } | null> {
      const [row] = await db
        .select({ snapshot: personaVersions.snapshot, createdAt: personaVersions.createdAt })
        .from(personaVersions)
        .where(and(eq(personaVersions.personaId, personaId), eq(personaVersions.id, versionId)));
      // Snapshots taken before a field existed lack it: they read as that field's default.
      if (!row) return null;
      const stored = row.snapshot as Omit<
        Persona,
        'bio' | 'avatar' | 'languages' | 'is_public' | 'require_alt_text' | 'automation_pause'
      > &
        Partial<Pick<Persona, 'bio' | 'avatar' | 'languages' | 'is_public' | 'require_alt_text' | 'automation_pause'>>;
      return {
        snapshot: {
          bio: '',
          avatar: '',
          languages: [...DEFAULT_LANGUAGES],
          is_public: false,
          require_alt_text: false,
          automation_pause: null,
          ...stored,
        },
        createdAt: row.createdAt,
      };
    },
  };
}
export type PersonasRepository = ReturnType<typeof createPersonasRepository>;
