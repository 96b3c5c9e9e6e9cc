import pg from 'pg';
import type { Database } from './client';

/** Runs `work` while holding the lock `name`: one holder at a time, across every process sharing the database. */
export type NamedLock = (<T>(name: string, work: () => T | PromiseLike<T>) => Promise<T>) & {
  close(): Promise<void>;
};

/**
 * On PostgreSQL a session advisory lock held on a connection of its own small pool: waiters and
 * holders never take connections from the main pool, which `work` needs (sharing one pool, ten
 * waiters could hold every connection while the holder waits for one). PGlite is one process,
 * so a chain of promises per name is enough there.
 */
export function createNamedLock(database: Database): NamedLock {
  if (database.kind === 'postgres' && database.connectionString) {
    const pool = new pg.Pool({ connectionString: database.connectionString, max: 10 });
    // An idle connection the server ends (a restart, the database dropped) is simply replaced by
    // the next lock; without a listener its error would crash the process.
    pool.on('error', () => {});
    const lock = async <T>(name: string, work: () => T | PromiseLike<T>): Promise<T> => {
      const client = await pool.connect();
      const key = `named:${name}`;
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        client.release();
      }
    };
    return Object.assign(lock, { close: () => pool.end() });
  }
  const tails = new Map<string, Promise<unknown>>();
  const lock = async <T>(name: string, work: () => T | PromiseLike<T>): Promise<T> => {
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
  return Object.assign(lock, { close: async () => {} });
}
