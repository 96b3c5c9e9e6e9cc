import type { BudgetMeter, Platform, Spend } from '@plume/core';
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { platformSpend } from '../../db/schema';

/** The buckets spend is kept in: 5 minutes (the rolling windows the budget checks) and an hour (the screens). */
export const FINE_MINUTES = 5;
export const COARSE_MINUTES = 60;

/** A bucket of one meter's spend. */
export type SpendBucket = { meter: BudgetMeter; startsAt: Date; amount: number };

/** What an account spent, per meter, in the two ranges the screens show. */
export type SpentRow = { platform: Platform; accountId: string; meter: BudgetMeter; today: number; month: number };

const bucketStart = (at: Date, minutes: number) =>
  new Date(Math.floor(at.getTime() / (minutes * 60_000)) * minutes * 60_000);

/** Where each account's spend of its networks' limits and bills is kept (decision 033). */
export function createBudgetRepository(db: Db) {
  type Row = typeof platformSpend.$inferInsert;
  const keyOf = (row: Row) =>
    `${row.platform}\u0000${row.accountId}\u0000${row.spanMinutes}\u0000${row.startsAt.getTime()}\u0000${row.meter}`;
  // The spends recorded meanwhile, added up per bucket (a statement may not touch a row twice) and
  // in key order, so that two processes' statements never wait on each other in a circle.
  const recordRows = coalesced<Row[], void>(async (asks) => {
    const buckets = new Map<string, Row>();
    for (const row of asks.flat()) {
      const key = keyOf(row);
      const known = buckets.get(key);
      buckets.set(key, known ? { ...known, amount: known.amount + row.amount } : row);
    }
    const rows = [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    await db
      .insert(platformSpend)
      .values(rows)
      .onConflictDoUpdate({
        target: [
          platformSpend.platform,
          platformSpend.accountId,
          platformSpend.spanMinutes,
          platformSpend.startsAt,
          platformSpend.meter,
        ],
        set: { amount: sql`${platformSpend.amount} + excluded.amount` },
      });
    return [];
  });
  // The budgets asked about meanwhile, in one read: each ask's buckets picked from the rows of all.
  type BucketsAsk = { platform: Platform; accountId: string; meters: BudgetMeter[]; since: Date };
  const bucketsOf = coalesced<BucketsAsk, SpendBucket[]>(async (asks) => {
    const earliest = Math.min(...asks.map((a) => a.since.getTime()));
    const rows = await db
      .select({
        platform: platformSpend.platform,
        accountId: platformSpend.accountId,
        meter: platformSpend.meter,
        startsAt: platformSpend.startsAt,
        amount: platformSpend.amount,
      })
      .from(platformSpend)
      .where(
        and(
          inArray(platformSpend.accountId, [...new Set(asks.map((a) => a.accountId))]),
          eq(platformSpend.spanMinutes, FINE_MINUTES),
          gt(platformSpend.startsAt, new Date(earliest - FINE_MINUTES * 60_000)),
        ),
      )
      .orderBy(asc(platformSpend.startsAt));
    const byAccount = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.platform}:${row.accountId}`;
      const known = byAccount.get(key);
      if (known) known.push(row);
      else byAccount.set(key, [row]);
    }
    return asks.map(({ platform, accountId, meters, since }) => {
      const after = since.getTime() - FINE_MINUTES * 60_000;
      return (byAccount.get(`${platform}:${accountId}`) ?? [])
        .filter((row) => meters.includes(row.meter) && row.startsAt.getTime() > after)
        .map(({ meter, startsAt, amount }) => ({ meter, startsAt, amount }));
    });
  });
  return {
    /**
     * Adds a spend at `at` to its 5-minute and hour buckets: one statement for all the spends
     * recorded meanwhile (every call a worker makes records one; issue 32, decision 062).
     */
    async record(platform: Platform, accountId: string, spend: Spend, at: Date): Promise<void> {
      const rows = Object.entries(spend).flatMap(([meter, amount]) =>
        amount && amount > 0
          ? [FINE_MINUTES, COARSE_MINUTES].map((spanMinutes) => ({
              platform,
              accountId,
              spanMinutes,
              startsAt: bucketStart(at, spanMinutes),
              meter: meter as BudgetMeter,
              amount,
            }))
          : [],
      );
      if (rows.length > 0) await recordRows(rows);
    },

    /** The account's 5-minute buckets of these meters that end after `since`, oldest first. */
    async bucketsSince(
      platform: Platform,
      accountId: string,
      meters: BudgetMeter[],
      since: Date,
    ): Promise<SpendBucket[]> {
      if (meters.length === 0) return [];
      return bucketsOf({ platform, accountId, meters, since });
    },

    /**
     * What these accounts spent per meter from `today` on and from `month` on (hour buckets: a
     * bucket counts in a range when it starts in it).
     */
    async spent(accountIds: string[], ranges: { today: Date; month: Date }): Promise<SpentRow[]> {
      if (accountIds.length === 0) return [];
      const from = ranges.today < ranges.month ? ranges.today : ranges.month;
      const rows = await db
        .select({
          platform: platformSpend.platform,
          accountId: platformSpend.accountId,
          meter: platformSpend.meter,
          today: sql<
            string | number
          >`coalesce(sum(${platformSpend.amount}) filter (where ${platformSpend.startsAt} >= ${ranges.today}), 0)`,
          month: sql<
            string | number
          >`coalesce(sum(${platformSpend.amount}) filter (where ${platformSpend.startsAt} >= ${ranges.month}), 0)`,
        })
        .from(platformSpend)
        .where(
          and(
            inArray(platformSpend.accountId, [...new Set(accountIds)]),
            eq(platformSpend.spanMinutes, COARSE_MINUTES),
            gte(platformSpend.startsAt, from),
          ),
        )
        .groupBy(platformSpend.platform, platformSpend.accountId, platformSpend.meter);
      return rows.map((r) => ({ ...r, today: Number(r.today), month: Number(r.month) }));
    },

    /** Drops buckets no window or screen looks at any more: 5-minute ones before `fine`, hour ones before `coarse`. */
    async deleteBefore(cutoffs: { fine: Date; coarse: Date }): Promise<number> {
      const fine = await db
        .delete(platformSpend)
        .where(and(eq(platformSpend.spanMinutes, FINE_MINUTES), lt(platformSpend.startsAt, cutoffs.fine)))
        .returning({ meter: platformSpend.meter });
      const coarse = await db
        .delete(platformSpend)
        .where(and(eq(platformSpend.spanMinutes, COARSE_MINUTES), lt(platformSpend.startsAt, cutoffs.coarse)))
        .returning({ meter: platformSpend.meter });
      return fine.length + coarse.length;
    },
  };
}
export type BudgetRepository = ReturnType<typeof createBudgetRepository>;
