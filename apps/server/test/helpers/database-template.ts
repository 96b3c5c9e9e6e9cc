import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite folder that each test server starts from (a copy), on PGlite. */
    pgliteTemplate: string | undefined;
    /** A migrated database that each test database is created from, with DATABASE_URL. */
    postgresTemplate: string | undefined;
  }
}

/**
 * Vitest's global setup for the server suite: the migrations run once, into a template, instead of
 * once per test server (a fresh PGlite folder alone takes about 5 s to initialise). Each test
 * server still opens its own copy and runs the migrator on it, which finds nothing to do.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(path.join(tmpdir(), 'plume-template-'));
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, onError: () => {} });
    await database.close();
    project.provide('pgliteTemplate', path.join(dir, 'pglite'));
    project.provide('postgresTemplate', undefined);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `plume_template_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), onError: () => {} });
  await database.close();
  project.provide('pgliteTemplate', undefined);
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
