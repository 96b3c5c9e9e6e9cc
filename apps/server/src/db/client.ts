import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createFairQueue } from './fair-queue';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A statement a repository prepares once (its SQL built once, parsed once per connection; issue 32),
 * built on its first use: repositories are made for every transaction, most of them unused there.
 */
export function preparedOnce<T>(build: () => T): () => T {
  let statement: T | undefined;
  return () => {
    statement ??= build();
    return statement;
  };
}

/** What pg-boss needs when it does not own the connection. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/** Hears every statement the app's Drizzle handle runs (tests count reads with it). */
export type QueryListener = (sql: string, params: unknown[]) => void;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Set for PostgreSQL: pg-boss opens its own pool on it. */
  connectionString: string | undefined;
  /** Set for PGlite: pg-boss runs its SQL through it. */
  executor: SqlExecutor | undefined;
  /**
   * Set for PGlite: its data folder as a gzipped tarball, taken while the app runs (decision
   * 045-backups): no transaction is open and the data files are checkpointed, so it restores as is.
   */
  dumpDataDir: (() => Promise<Blob>) | undefined;
  close(): Promise<void>;
};

import { migrationsFolder } from '../config';

const MIGRATION_LOCK_ID = 4_711_2026;
/** How long an idle pooled connection is kept open (PostgreSQL). */
export const IDLE_CONNECTION_MS = 5 * 60_000;

export class DataDirLockedError extends Error {
  constructor(lockFile: string, pid: number) {
    super(
      `DATA_DIR is in use by another Plume process (pid ${pid}, lock ${lockFile}). ` +
        'Stop it, or set DATA_DIR to another folder, or use DATABASE_URL for several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite lets two processes open one folder and corrupt it; a pid lock file prevents that. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'plume.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(pid) && isAlive(pid)) {
        throw new DataDirLockedError(lockFile, pid);
      }
      rmSync(lockFile, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}

const queryLogger = (onQuery: QueryListener | undefined) =>
  onQuery ? { logger: { logQuery: (sql: string, params: unknown[]) => onQuery(sql, params) } } : {};

async function openPglite(dataDir: string, onQuery?: QueryListener): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    // Every statement (a transaction as one) waits its user's turn, and the event loop runs between
    // two: decision 048-fair-under-load.
    const fair = createFairQueue();
    const gated = {
      query: (...args: Parameters<PGlite['query']>) => fair.run(() => client.query(...args)),
      exec: (...args: Parameters<PGlite['exec']>) => fair.run(() => client.exec(...args)),
      transaction: <T>(work: Parameters<PGlite['transaction']>[0]) =>
        fair.run(() => client.transaction(work) as Promise<T>),
    } as unknown as PGlite;
    const db = drizzlePglite({ client: gated, schema, ...queryLogger(onQuery) }) as unknown as Db;
    const executor: SqlExecutor = {
      executeSql: (text, values) =>
        fair.run(async () => {
          if (values && values.length > 0) return client.query(text, values);
          // pg-boss sends multi-statement scripts (BEGIN; ...; COMMIT;) without parameters.
          try {
            const results = await client.exec(text);
            return { rows: results.at(-1)?.rows ?? [] };
          } catch (error) {
            // A failed script leaves its transaction open on the single connection.
            await client.exec('ROLLBACK').catch(() => {});
            throw error;
          }
        }),
    };
    return {
      kind: 'pglite',
      db,
      connectionString: undefined,
      executor,
      dumpDataDir: () =>
        // Inside a transaction of its own, so no other is half done; after a checkpoint, so the
        // data files hold every commit (the WAL in the tarball covers them anyway).
        fair.run(() =>
          client.transaction(async (tx) => {
            await tx.exec('CHECKPOINT');
            return client.dumpDataDir('gzip');
          }),
        ),
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPostgres(
  connectionString: string,
  onError: (error: Error) => void,
  onQuery?: QueryListener,
  poolSize = 25,
): Promise<Database> {
  // Under a mixed load 10 connections were the queue every request waited in (decision
  // 048-fair-under-load): DATABASE_POOL_SIZE, 25 by default.
  // Idle connections are kept 5 minutes, not node-postgres's 10 s: a burst after a quiet minute
  // (posts due on the hour) found its pool closed, and opened and prepared every connection again
  // while its first posts waited (decision 061).
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: IDLE_CONNECTION_MS });
  // An idle connection the server ends (restart, failover) must not crash the process.
  pool.on('error', onError);
  // Nor one checked out between two statements of a transaction (a settle and its history entry,
  // decision 059): pg emits its 'error' on the client, which without a listener ends the process.
  // Its next statement then fails as a connection loss, which the caller waits out (untilReachable).
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  // Several API processes may start at once: one migrates, the others wait.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema, ...queryLogger(onQuery) }) as unknown as Db,
    connectionString,
    executor: undefined,
    dumpDataDir: undefined,
    close: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  onError: (error: Error) => void;
  onQuery?: QueryListener | undefined;
  /** PostgreSQL: the most connections the pool opens. */
  poolSize?: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onError, options.onQuery, options.poolSize)
    : openPglite(options.dataDir, options.onQuery);
}
