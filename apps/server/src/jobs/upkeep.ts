import type { Upkeep } from '../db/upkeep';
import type { JobDefinition } from './queue';

export const DATABASE_UPKEEP = 'database-upkeep';

/**
 * Every minute: the tables autovacuum would vacuum and analyze by now, where no autovacuum runs
 * (PGlite; PostgreSQL with it off). A look at the table statistics when none is due.
 */
export function upkeepJob(upkeep: Upkeep): JobDefinition {
  return { name: DATABASE_UPKEEP, cron: '* * * * *', handler: async () => ({ vacuumed: await upkeep.run() }) };
}
