import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { defaultPersonaSettings, type Persona, type ScheduledItem, textPart, ZERO_STATS } from '@plume/core';
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
