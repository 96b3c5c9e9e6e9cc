import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { rateLimits } from '../../db/schema';

type Hit = { key: string; windowMs: number };
type Count = { count: number; ttlMs: number };

export function createRateLimitsRepository(db: Db) {
  // Counted on every writing request and every rate-limited route: the hits made while one
  // statement runs are counted together by the next (decision 062), each key once with how many
  // hits it took, in key order (two processes' statements lock the same rows in the same order).
  const hits = coalesced<Hit, Count>(async (asks) => {
    const taken = new Map<string, { windowMs: number; n: number }>();
    for (const { key, windowMs } of asks) {
      const entry = taken.get(key) ?? { windowMs, n: 0 };
      entry.n++;
      taken.set(key, entry);
    }
    const keys = [...taken.keys()].sort();
    const { rows } = (await db.execute(sql`
      INSERT INTO rate_limits (key, count, reset_at)
      SELECT k, n, now() + make_interval(secs => w)
      FROM unnest(
        ${sql.param(keys)}::text[],
        ${sql.param(keys.map((k) => taken.get(k)?.n ?? 1))}::int[],
        ${sql.param(keys.map((k) => (taken.get(k)?.windowMs ?? 0) / 1000))}::float8[]
      ) AS a(k, n, w)
      ORDER BY k
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.count ELSE rate_limits.count + EXCLUDED.count END,
        reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
      RETURNING key, count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (reset_at - now())) * 1000))::int AS ttl`)) as unknown as {
      rows: { key: string; count: number; ttl: number }[];
    };
    const counted = new Map(rows.map((row) => [row.key, row]));
    // A key hit n times in one statement: its hits count up to its total, in the order they came.
    const seen = new Map<string, number>();
    return asks.map(({ key, windowMs }) => {
      const row = counted.get(key);
      const n = taken.get(key)?.n ?? 1;
      const before = seen.get(key) ?? 0;
      seen.set(key, before + 1);
      return { count: Number(row?.count ?? n) - n + before + 1, ttlMs: Number(row?.ttl ?? windowMs) };
    });
  });
  return {
    /** Counts one hit on `key`; a window that has ended starts again at 1. */
    hit(key: string, windowMs: number): Promise<Count> {
      return hits({ key, windowMs });
    },

    async deleteExpired(now: Date): Promise<number> {
      const rows = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
      return rows.length;
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
