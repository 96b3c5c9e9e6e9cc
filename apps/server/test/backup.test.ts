import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Persona, textPart } from '@plume/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, restoreBackup, takeBackup } from '../src/db/backup';
import { inAppNotifications, posts } from '../src/db/schema';
import { build, freshDatabaseUrl, type TestServer } from './helpers/build';
import { readJson, signedInUser } from './helpers/client';

/** Every row of Plume's own tables (public, and the migrations' record), as sorted JSON per table. */
async function everyRow(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const tables = await query(
    `select schemaname || '.' || quote_ident(tablename) as name from pg_tables
     where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await query(`select row_to_json(t)::text as j from ${name} t`);
    out[String(name)] = rows.map((r) => String(r.j)).sort();
  }
  return out;
}

/** npm run backup and npm run restore (decision 045-backups), on the suite's engine. */
describe('backups', () => {
  let server: TestServer;
  const restoreDir = mkdtempSync(path.join(tmpdir(), 'plume-restore-'));
  let target: { url: string | undefined; drop(): Promise<void> } = { url: undefined, drop: async () => {} };

  beforeAll(async () => {
    server = await build();
    if (server.databaseUrl) target = await freshDatabaseUrl({ migrated: false });
  });
  afterAll(async () => {
    await server?.close();
    await target.drop();
    rmSync(restoreDir, { recursive: true, force: true });
  });

  it('backs up a populated instance while it runs and restores it elsewhere, every table the same', async () => {
    const ann = await signedInUser(server.url, 'backup');
    const personas = await Promise.all(
      ['Archivist', 'Curator'].map((name) =>
        ann
          .request('/api/personas', { method: 'POST', json: { name, is_active: false } })
          .then((r) => readJson<Persona>(r, 201)),
      ),
    );
    const me = await readJson<{ id: string }>(await ann.request('/api/me'), 200);
    const { db } = server.app.database;
    await db.insert(posts).values(
      personas.flatMap((p) =>
        [1, 2, 3].map((n) => ({
          id: crypto.randomUUID(),
          personaId: p.id,
          platform: 'bluesky' as const,
          content: `${p.name} ${n}`,
          parts: [textPart(`${p.name} ${n}`)],
          status: 'pending_review' as const,
        })),
      ),
    );
    await db.insert(inAppNotifications).values({
      id: crypto.randomUUID(),
      workspaceId: me.id,
      kind: 'suggestion',
      severity: 'info',
      title: 'Kept',
      message: 'in the backup',
      dedupeKey: 'backup:1',
    });

    // Only who can read APP_SECRET may ask the running server for its dump.
    expect((await fetch(`${server.url}/api/admin/backup`, { method: 'POST' })).status).toBe(401);

    const archive = await takeBackup({
      dataDir: server.dataDir,
      databaseUrl: server.databaseUrl,
      appSecret: readFileSync(path.join(server.dataDir, 'app-secret'), 'utf8').trim(),
      version: 'test',
      port: Number(new URL(server.url).port),
      host: '127.0.0.1',
    });
    const message = await restoreBackup({ dataDir: restoreDir, databaseUrl: target.url }, archive);
    expect(message).toMatch(/^Restored the backup of /);
    expect(readFileSync(path.join(restoreDir, 'app-secret'))).toEqual(
      readFileSync(path.join(server.dataDir, 'app-secret')),
    );

    const before = await everyRow(
      async (text) => ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows,
    );
    let after: Record<string, string[]>;
    if (target.url) {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      after = await everyRow(async (text) => (await client.query(text)).rows);
      await client.end();
    } else {
      const client = await PGlite.create(path.join(restoreDir, 'pglite'));
      after = await everyRow(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
      await client.close();
    }
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(before['public.posts']).toHaveLength(6);
    expect(before['public.in_app_notifications']).toHaveLength(1);
    expect(after).toEqual(before);

    // A target that holds data is refused, and left as it was.
    await expect(restoreBackup({ dataDir: restoreDir, databaseUrl: target.url }, archive)).rejects.toThrow(
      target.url ? /is not empty \(\d+ tables\)/ : /is not empty: restore into an empty DATA_DIR/,
    );
    await expect(restoreBackup({ dataDir: restoreDir, databaseUrl: target.url }, Buffer.from('nope'))).rejects.toThrow(
      BackupError,
    );
  });
});
