import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export function createRateLimitsRepository(db: Db) {
  return {
    /** Counts one hit on `key`; a window that has ended starts again at 1. */
    async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
      const result = (await db.execute(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (reset_at - now())) * 1000))::int AS ttl`)) as {
        rows: { count: number; ttl: number }[];
      };
      const row = result.rows[0];
      return { count: Number(row?.count ?? 1), ttlMs: Number(row?.ttl ?? windowMs) };
    },

    async deleteExpired(now: Date): Promise<number> {
      const rows = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
      return rows.length;
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
