import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpkeep } from '../src/db/upkeep';
import { build, type TestServer } from './helpers/build';

type Rows<T> = { rows: T[] };

describe('database upkeep where no autovacuum runs (decision 061-database-upkeep)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('vacuums and analyzes a table with many dead rows, once, and leaves it alone after', async () => {
    const { database } = server.app;
    const { db } = database;
    const upkeep = createUpkeep(database);
    // Whatever the template left due is done first: the test looks at its own table.
    await upkeep.run();
    await db.execute(sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY, state text)`);
    // The statistics a backend keeps are flushed at the end of its transaction (PostgreSQL holds
    // them back for a while unless told).
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO upkeep_probe SELECT g, 'scheduled' FROM generate_series(1, 1000) g`);
      await tx.execute(sql`UPDATE upkeep_probe SET state = 'posted'`);
      await tx.execute(sql`SELECT pg_stat_force_next_flush()`);
    });
    const stats = async () =>
      (
        (await db.execute(sql`
          SELECT n_dead_tup::int AS dead, last_analyze IS NOT NULL AS analyzed,
                 (SELECT reltuples::int FROM pg_class WHERE relname = 'upkeep_probe') AS estimate
          FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`)) as unknown as Rows<{
          dead: number;
          analyzed: boolean;
          estimate: number;
        }>
      ).rows[0];
    const autovacuum =
      database.kind === 'postgres' &&
      ((await db.execute(sql`SELECT current_setting('autovacuum') = 'on' AS on`)) as unknown as Rows<{ on: boolean }>)
        .rows[0]?.on;
    const first = await upkeep.run();
    if (autovacuum) {
      // A PostgreSQL that runs autovacuum is left to it.
      expect(first).toEqual([]);
      return;
    }
    expect(first).toContain('public.upkeep_probe');
    const after = await stats();
    expect(after).toMatchObject({ dead: 0, analyzed: true, estimate: 1000 });
    // Nothing changed since: not due again.
    expect(await upkeep.run()).not.toContain('public.upkeep_probe');
  });
});
