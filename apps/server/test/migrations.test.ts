import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { defaultPersonaSettings, type ScheduledItem, textPart, ZERO_STATS } from '@plume/core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/config';
import { build, freshDatabaseUrl, type TestServer } from './helpers/build';
import { createClient, readJson, signInThroughOutbox } from './helpers/client';

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

/** A user and a persona of theirs as the tables held them before `name` (the columns every version has). */
function seedOwner(ids: { user: string; email: string; persona: string }) {
  const settings = defaultPersonaSettings();
  return [
    `INSERT INTO users (id, name, email, email_verified) VALUES ('${ids.user}', 'Upgrader', '${ids.email}', true)`,
    `INSERT INTO personas (id, user_id, name, personality, automation, sources, templates, advanced_options, stats,
       recent_tweets, is_active, connected_accounts, monetization)
     VALUES ('${ids.persona}', '${ids.user}', 'Old Timer', ${json(settings.personality)}, ${json(settings.automation)},
       ${json(settings.sources)}, ${json(settings.templates)}, ${json(settings.advanced_options)}, ${json(ZERO_STATS)},
       '[]'::jsonb, false, '[]'::jsonb, ${json(settings.monetization)})`,
  ];
}

describe('upgrading a database', () => {
  const open: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const upgrade of open) await upgrade.close();
  });

  it('reads posts written as lists of texts as lists of parts', async () => {
    const ids = {
      user: `upgrader-${crypto.randomUUID()}`,
      email: `upgrader.${Date.now()}@example.com`,
      persona: crypto.randomUUID(),
    };
    const thread = crypto.randomUUID();
    const single = crypto.randomUUID();
    const upgrade = await upgradedFrom('post_parts', async (sql) => {
      for (const statement of seedOwner(ids)) await sql(statement);
      await sql(`INSERT INTO posts (id, persona_id, platform, content, parts, status)
        VALUES ('${thread}', '${ids.persona}', 'bluesky', 'One\n\nTwo', '["One", "Two"]'::jsonb, 'pending_review'),
               ('${single}', '${ids.persona}', 'x', 'It''s one', '["It''s one"]'::jsonb, 'draft')`);
    });
    open.push(upgrade);
    const server: TestServer = upgrade.server;
    const client = createClient(server.url);
    await signInThroughOutbox(client, ids.email);

    const items = await readJson<ScheduledItem[]>(await client.request(`/api/schedule?personaId=${ids.persona}`), 200);
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(thread)?.parts).toEqual([textPart('One'), textPart('Two')]);
    expect(byId.get(single)?.parts).toEqual([textPart("It's one")]);
  });
});
