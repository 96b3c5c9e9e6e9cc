import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * What autovacuum would do, where nothing does it (decision 061-database-upkeep): PGlite runs no
 * autovacuum launcher, and a PostgreSQL may run with `autovacuum = off`. Without it a table's
 * dead rows are never reclaimed and it is never analyzed: with no statistics the planner took
 * `status = 'posted'`'s index over `persona_id`'s for a persona's few posts, and publishing and
 * scheduling slowed with every 10,000 posts (issue 32). Autovacuum's own default thresholds decide
 * which tables are due: dead rows over 50 + 20% of the live ones (VACUUM), changes since the last
 * analysis over 50 + 10% (ANALYZE). Where autovacuum runs, this does nothing.
 */
export function createUpkeep(database: Pick<Database, 'kind' | 'db'>) {
  const { db } = database;
  return {
    /** Vacuums and analyzes the tables that are due; answers their names ("schema.table"). */
    async run(): Promise<string[]> {
      if (database.kind === 'postgres') {
        const setting = (await db.execute(sql`SELECT current_setting('autovacuum') = 'on' AS on`)) as unknown as {
          rows: { on: boolean }[];
        };
        if (setting.rows[0]?.on) return [];
      }
      const due = (await db.execute(sql`
        SELECT schemaname AS schema, relname AS "table" FROM pg_stat_user_tables
        WHERE n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
        ORDER BY n_dead_tup + n_mod_since_analyze DESC`)) as unknown as { rows: { schema: string; table: string }[] };
      const names: string[] = [];
      for (const { schema, table } of due.rows) {
        // VACUUM runs outside a transaction, one table a statement.
        await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(schema)}.${sql.identifier(table)}`);
        names.push(`${schema}.${table}`);
      }
      return names;
    },
  };
}
export type Upkeep = ReturnType<typeof createUpkeep>;
