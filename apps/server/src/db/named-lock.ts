import pg from 'pg';
import type { Database } from './client';
import { coalesced } from './coalesced';

/** Runs `work` while holding the lock `name`: one holder at a time, across every process sharing the database. */
export type NamedLock = (<T>(name: string, work: () => T | PromiseLike<T>) => Promise<T>) & {
  close(): Promise<void>;
};

/** One holder of each name at a time within this process: a chain of promises per name. */
function chained() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(name: string, work: () => T | PromiseLike<T>): Promise<T> => {
    const before = tails.get(name) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    tails.set(name, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On PostgreSQL, session advisory locks all held by one connection of this process's own, never
 * one from the main pool (which `work` needs). Within the process a chain per name lets one caller
 * at a time ask (the session's locks are reentrant); across processes a name held elsewhere is
 * tried again with backoff rather than waited on, so one busy name never holds up the others. The
 * connection is taken only to take and give back a lock, not for the work: a publish holding its
 * account's lock over a network call no longer holds a connection (issue 32; with a pool of 10 a
 * worker published at most 10 posts at once). PGlite is one process, so the chain is enough there.
 */
export function createNamedLock(database: Database): NamedLock {
  const local = chained();
  if (!(database.kind === 'postgres' && database.connectionString)) {
    return Object.assign(local, { close: async () => {} });
  }
  const connectionString = database.connectionString;
  let session: Promise<pg.Client> | undefined;
  /** The lock session, opened on first use and again after it was lost (its locks went with it). */
  const client = () => {
    session ??= (async () => {
      const opened = new pg.Client({ connectionString });
      // A session the server ends (a restart, the database dropped) is replaced by the next lock;
      // without a listener its error would crash the process.
      opened.on('error', () => {
        session = undefined;
      });
      opened.on('end', () => {
        session = undefined;
      });
      await opened.connect();
      return opened;
    })().catch((error: unknown) => {
      session = undefined;
      throw error;
    });
    return session;
  };
  // The session's asks (take a lock, give one back) go in one statement for all those waiting,
  // one statement at a time: a worker publishing 100 posts at once asks for 100 locks, and one
  // round trip each on one connection was its ceiling (issue 32).
  const ask = coalesced<{ op: 'lock' | 'unlock'; key: string }, boolean>(async (asks) => {
    const { rows } = await (await client()).query<{ ok: boolean }>(
      `SELECT CASE WHEN a.op = 'lock' THEN pg_try_advisory_lock(hashtext(a.key))
                   ELSE pg_advisory_unlock(hashtext(a.key)) END AS ok
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS a(op, key, n) ORDER BY a.n`,
      [asks.map((a) => a.op), asks.map((a) => a.key)],
    );
    return asks.map((_, i) => rows[i]?.ok === true);
  });
  const lock = <T>(name: string, work: () => T | PromiseLike<T>): Promise<T> =>
    local(name, async () => {
      const key = `named:${name}`;
      let wait = 5;
      while (!(await ask({ op: 'lock', key }))) {
        await sleep(wait);
        wait = Math.min(wait * 2, 200);
      }
      try {
        return await work();
      } finally {
        // A session lost meanwhile gave its locks back when it ended.
        await ask({ op: 'unlock', key }).catch(() => undefined);
      }
    });
  return Object.assign(lock, {
    async close() {
      const open = session;
      session = undefined;
      if (open) await (await open.catch(() => undefined))?.end();
    },
  });
}
