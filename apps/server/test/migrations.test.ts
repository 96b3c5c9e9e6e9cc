import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { defaultPersonaSettings, type Persona, type ScheduledItem, textPart, ZERO_STATS } from '@plume/core';
import { sql as sqlText } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/config';
import { build, freshDatabaseUrl, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';

type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder holding only those before the migration whose tag contains `name`. */
function migrationsBefore(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plume-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const target = journal.entries.find((e) => e.tag.includes(name));
  if (!target) throw new Error(`no migration named ${name}`);
  writeFileSync(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < target.idx) }),
  );
  return dir;
}

/**
 * A database migrated up to (not including) the migration named `name`, with `seed` run on it, then
 * the whole app started on it: its start runs the remaining migrations, as an upgrade would.
 */
async function upgradedFrom(name: string, seed: (sql: (text: string) => Promise<void>) => Promise<void>) {
  const before = migrationsBefore(name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plume-upgrade-'));
  const database = await freshDatabaseUrl({ migrated: false });
  try {
    if (database.url) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: before });
        await seed(async (text) => void (await client.query(text)));
      } finally {
        await client.end();
      }
    } else {
      const client = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        await migratePglite(drizzlePglite(client), { migrationsFolder: before });
        await seed(async (text) => void (await client.exec(text)));
      } finally {
        await client.close();
      }
    }
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
  const server = await build(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir });
  return {
    server,
    async close() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const json = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;

const ids = {
  user: `upgrader-${crypto.randomUUID()}`,
  email: `upgrader.${Date.now()}@example.com`,
  persona: crypto.randomUUID(),
  thread: crypto.randomUUID(),
  single: crypto.randomUUID(),
};
const connectedAt = new Date('2026-02-01T09:15:00.250Z');

/**
 * What the tables held before the migration named `post_parts`: a user, a persona whose
 * connected_accounts copy went stale, its Bluesky connection, and posts written as lists of texts.
 */
async function seedOldShapes(sql: (text: string) => Promise<void>) {
  const settings = defaultPersonaSettings();
  const staleCopy = [
    {
      platform: 'bluesky',
      username: 'stale.test',
      isConnected: true,
      connectedAt: null,
      status: 'active',
      followers: 1,
      lastSyncAt: null,
    },
  ];
  await sql(
    `INSERT INTO users (id, name, email, email_verified) VALUES ('${ids.user}', 'Upgrader', '${ids.email}', true)`,
  );
  await sql(`INSERT INTO personas (id, user_id, name, personality, automation, sources, templates, advanced_options,
      stats, recent_tweets, is_active, connected_accounts, monetization)
    VALUES ('${ids.persona}', '${ids.user}', 'Old Timer', ${json(settings.personality)}, ${json(settings.automation)},
      ${json(settings.sources)}, ${json(settings.templates)}, ${json(settings.advanced_options)}, ${json(ZERO_STATS)},
      '[]'::jsonb, false, ${json(staleCopy)}, ${json(settings.monetization)})`);
  await sql(`INSERT INTO platform_accounts (id, persona_id, platform, external_id, username, auth_method, followers,
      connected_at)
    VALUES ('${crypto.randomUUID()}', '${ids.persona}', 'bluesky', 'did:plc:upgrader', 'upgrader.test', 'app_password', 7,
      '${connectedAt.toISOString()}')`);
  await sql(`INSERT INTO posts (id, persona_id, platform, content, parts, status)
    VALUES ('${ids.thread}', '${ids.persona}', 'bluesky', 'One\n\nTwo', '["One", "Two"]'::jsonb, 'pending_review'),
           ('${ids.single}', '${ids.persona}', 'x', 'It''s one', '["It''s one"]'::jsonb, 'draft')`);
}

describe('upgrading a database', () => {
  let upgrade: { server: TestServer; close(): Promise<void> } | undefined;
  let client: Client;
  beforeAll(async () => {
    upgrade = await upgradedFrom('post_parts', seedOldShapes);
    client = createClient(upgrade.server.url);
    await signInThroughOutbox(client, ids.email);
  });
  afterAll(() => upgrade?.close());

  it('reads posts written as lists of texts as lists of parts', async () => {
    const items = await readJson<ScheduledItem[]>(await client.request(`/api/schedule?personaId=${ids.persona}`), 200);
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(ids.thread)?.parts).toEqual([textPart('One'), textPart('Two')]);
    expect(byId.get(ids.single)?.parts).toEqual([textPart("It's one")]);
  });

  it("shows a persona's connections from its accounts, not from the copy it used to keep", async () => {
    const expected = [
      {
        platform: 'bluesky',
        username: 'upgrader.test',
        isConnected: true,
        connectedAt: connectedAt.toISOString(),
        status: 'active',
        followers: 7,
        lastSyncAt: null,
      },
    ];
    const [listed] = await readJson<Persona[]>(await client.request('/api/personas'), 200);
    expect(listed?.connected_accounts).toEqual(expected);
  });
});

/*
 * Issue 33: every user's data moves into a personal workspace whose id is theirs, with nothing
 * lost. Two users' rows in every table that belonged to a user, written as they stood at 0032.
 */
const people = [0, 1].map((n) => ({
  id: `owner${n}-${crypto.randomUUID()}`,
  email: `owner${n}.${Date.now()}@example.com`,
  plan: n === 0 ? 'growth' : 'free',
  persona: crypto.randomUUID(),
  tag: crypto.randomUUID(),
  media: crypto.randomUUID(),
  notification: crypto.randomUUID(),
  webhook: crypto.randomUUID(),
  token: crypto.randomUUID(),
}));
/** The tables that held a user's id and now hold a workspace's, with one row each per user. */
const OWNED = [
  'personas',
  'tags',
  'ai_settings',
  'media',
  'in_app_notifications',
  'opportunity_dismissals',
  'webhook_endpoints',
];

async function seedUsersAtWebhooks(sql: (text: string) => Promise<void>) {
  const settings = defaultPersonaSettings();
  for (const [n, p] of people.entries()) {
    await sql(
      `INSERT INTO users (id, name, email, email_verified, plan) VALUES ('${p.id}', 'Owner ${n}', '${p.email}', true, '${p.plan}')`,
    );
    await sql(`INSERT INTO personas (id, user_id, name, personality, automation, sources, templates, advanced_options,
        stats, recent_tweets, is_active, monetization)
      VALUES ('${p.persona}', '${p.id}', 'Voice ${n}', ${json(settings.personality)}, ${json(settings.automation)},
        ${json(settings.sources)}, ${json(settings.templates)}, ${json(settings.advanced_options)}, ${json(ZERO_STATS)},
        '[]'::jsonb, false, ${json(settings.monetization)})`);
    await sql(`INSERT INTO tags (id, user_id, name, color) VALUES ('${p.tag}', '${p.id}', 'Tag ${n}', 'blue')`);
    await sql(`INSERT INTO ai_settings (user_id, provider, base_url, model)
      VALUES ('${p.id}', 'custom', 'http://127.0.0.1:9/v1', 'model-${n}')`);
    await sql(`INSERT INTO media (id, user_id, mime_type, width, height, bytes, thumbnail_bytes, storage)
      VALUES ('${p.media}', '${p.id}', 'image/png', 1, 1, 68, 68, 'database')`);
    await sql(`INSERT INTO in_app_notifications (id, user_id, kind, severity, title, message, dedupe_key)
      VALUES ('${p.notification}', '${p.id}', 'platform_update', 'update', 'Notice ${n}', 'Kept', 'migration:${n}')`);
    await sql(`INSERT INTO opportunity_dismissals (user_id, key, through)
      VALUES ('${p.id}', 'mentions:${p.persona}', '2026-03-01T00:00:00Z')`);
    await sql(`INSERT INTO webhook_endpoints (id, user_id, url, events, secret_sealed, secret_prefix)
      VALUES ('${p.webhook}', '${p.id}', 'http://127.0.0.1:9/hook-${n}', '["post.published"]'::jsonb, 'sealed', 'whsec_${n}')`);
    await sql(`INSERT INTO api_tokens (id, user_id, name, prefix, token_hash)
      VALUES ('${p.token}', '${p.id}', 'Script ${n}', 'plume_${n}', 'hash-${p.token}')`);
  }
}

describe('upgrading a database with users to workspaces', () => {
  let upgrade: { server: TestServer; close(): Promise<void> } | undefined;
  /** Rows as the upgraded database holds them, through the app's own connection. */
  const rows = async <T>(text: string): Promise<T[]> => {
    if (!upgrade) throw new Error('not upgraded');
    const result = (await upgrade.server.app.database.db.execute(sqlText.raw(text))) as unknown as { rows: T[] };
    return result.rows;
  };
  beforeAll(async () => {
    upgrade = await upgradedFrom('workspaces', seedUsersAtWebhooks);
  });
  afterAll(() => upgrade?.close());

  it('keeps every row, each in the personal workspace whose id is its user’s', async () => {
    for (const table of OWNED) {
      const found = await rows<{ workspace_id: string; n: number | string }>(
        `SELECT workspace_id, count(*) AS n FROM ${table} GROUP BY workspace_id ORDER BY workspace_id`,
      );
      expect(
        found.map((r) => [r.workspace_id, Number(r.n)]),
        table,
      ).toEqual(people.map((p) => [p.id, 1]).sort(([a], [b]) => String(a).localeCompare(String(b))));
    }
    const byId = async (table: string, id: string) =>
      (await rows<{ workspace_id: string }>(`SELECT workspace_id FROM ${table} WHERE id = '${id}'`))[0]?.workspace_id;
    for (const p of people) {
      expect(await byId('personas', p.persona)).toBe(p.id);
      expect(await byId('tags', p.tag)).toBe(p.id);
      expect(await byId('media', p.media)).toBe(p.id);
      expect(await byId('in_app_notifications', p.notification)).toBe(p.id);
      expect(await byId('webhook_endpoints', p.webhook)).toBe(p.id);
    }
  });

  it('makes each user the owner of a personal workspace that carries their plan', async () => {
    const workspaces = await rows<{ id: string; name: string; plan: string }>(
      'SELECT id, name, plan FROM workspaces ORDER BY id',
    );
    expect(workspaces).toEqual(
      people.map((p) => ({ id: p.id, name: 'Personal', plan: p.plan })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    const members = await rows<{ workspace_id: string; user_id: string; role: string }>(
      'SELECT workspace_id, user_id, role FROM workspace_members ORDER BY workspace_id',
    );
    expect(members).toEqual(
      people
        .map((p) => ({ workspace_id: p.id, user_id: p.id, role: 'owner' }))
        .sort((a, b) => a.workspace_id.localeCompare(b.workspace_id)),
    );
  });

  it('scopes each existing API token to its user’s personal workspace, with their role there', async () => {
    const tokens = await rows<{ id: string; user_id: string; workspace_id: string; role: string | null }>(
      'SELECT id, user_id, workspace_id, role FROM api_tokens',
    );
    expect(tokens.map((t) => [t.id, t.user_id, t.workspace_id, t.role]).sort()).toEqual(
      people.map((p) => [p.token, p.id, p.id, null]).sort(),
    );
  });

  it('shows each user, signed in, their own personas, tags and plan, and nobody else’s', async () => {
    if (!upgrade) throw new Error('not upgraded');
    for (const [n, p] of people.entries()) {
      const client = createClient(upgrade.server.url);
      await signInThroughOutbox(client, p.email);
      const personas = await readJson<Persona[]>(await client.request('/api/personas'), 200);
      expect(personas.map((persona) => persona.id)).toEqual([p.persona]);
      const tags = await readJson<{ id: string; name: string }[]>(await client.request('/api/tags'), 200);
      expect(tags.map((tag) => [tag.id, tag.name])).toEqual([[p.tag, `Tag ${n}`]]);
      const { workspaces } = await readJson<{
        workspaces: { id: string; role: string; personal: boolean; plan: string }[];
      }>(await client.request('/api/workspaces'), 200);
      expect(workspaces.map((w) => ({ id: w.id, role: w.role, personal: w.personal, plan: w.plan }))).toEqual([
        { id: p.id, role: 'owner', personal: true, plan: p.plan },
      ]);
      const billing = await readJson<{ planId: string; usage: { personas: number; seats: number } }>(
        await client.request('/api/me/billing'),
        200,
      );
      expect(billing.planId).toBe(p.plan);
      expect(billing.usage.personas).toBe(1);
      expect(billing.usage.seats).toBe(1);
    }
  });
});

/*
 * Decision 065: the workspace's row counts its personas and its active ones, so a create checks its
 * limits in one statement. A workspace as it stood at 0034, with ten active personas and one paused.
 */
const full = {
  id: `full-${crypto.randomUUID()}`,
  email: `full.${Date.now()}@example.com`,
  active: Array.from({ length: 10 }, () => crypto.randomUUID()),
  paused: crypto.randomUUID(),
};

async function seedFullWorkspace(sql: (text: string) => Promise<void>) {
  const settings = defaultPersonaSettings();
  await sql(`INSERT INTO users (id, name, email, email_verified) VALUES ('${full.id}', 'Full', '${full.email}', true)`);
  await sql(`INSERT INTO workspaces (id, name) VALUES ('${full.id}', 'Personal')`);
  await sql(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ('${full.id}', '${full.id}', 'owner')`);
  for (const [id, active] of [...full.active.map((id) => [id, true] as const), [full.paused, false] as const]) {
    await sql(`INSERT INTO personas (id, workspace_id, name, personality, automation, sources, templates,
        advanced_options, stats, recent_tweets, is_active, monetization)
      VALUES ('${id}', '${full.id}', 'Voice ${id.slice(0, 4)}', ${json(settings.personality)}, ${json(settings.automation)},
        ${json(settings.sources)}, ${json(settings.templates)}, ${json(settings.advanced_options)}, ${json(ZERO_STATS)},
        '[]'::jsonb, ${active}, ${json(settings.monetization)})`);
  }
}

describe('upgrading a database to counts on the workspace', () => {
  let upgrade: { server: TestServer; close(): Promise<void> } | undefined;
  let client: Client;
  beforeAll(async () => {
    upgrade = await upgradedFrom('counts_on_the_workspace', seedFullWorkspace);
    client = createClient(upgrade.server.url);
    await signInThroughOutbox(client, full.email);
  });
  afterAll(() => upgrade?.close());

  it('counts the personas already there: the eleventh active one is refused, a paused one is not', async () => {
    const create = (body: object) =>
      client.request('/api/personas', { method: 'POST', json: { name: 'New', ...body } });
    await readJson(await create({ is_active: true }), 409);
    await readJson(await create({ is_active: false }), 201);
    // Each way a persona stops counting frees its place once.
    await readJson(await client.request(`/api/personas/${full.active[0]}`, { method: 'DELETE' }), 204);
    await readJson(await create({ is_active: true }), 201);
    await readJson(await create({ is_active: true }), 409);
    await readJson(
      await client.request(`/api/personas/${full.active[1]}`, { method: 'PUT', json: { is_active: false } }),
      200,
    );
    await readJson(await create({ is_active: true }), 201);
    await readJson(await create({ is_active: true }), 409);
    await readJson(
      await client.request('/api/personas/bulk', {
        method: 'POST',
        json: { ids: [full.active[2], full.active[3]], action: 'delete' },
      }),
      200,
    );
    await readJson(await create({ is_active: true }), 201);
    await readJson(await create({ is_active: true }), 201);
    await readJson(await create({ is_active: true }), 409);
    const listed = await readJson<Persona[]>(await client.request('/api/personas'), 200);
    expect(listed.filter((p) => p.is_active)).toHaveLength(10);
    expect(listed).toHaveLength(13);
  });
});
