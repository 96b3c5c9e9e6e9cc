import type { BudgetMeter, Platform, Spend } from '@plume/core';
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
  return {
    /** Adds a spend at `at` to its 5-minute and hour buckets, in one statement. */
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
      if (rows.length === 0) return;
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
    },

    /** The account's 5-minute buckets of these meters that end after `since`, oldest first. */
    async bucketsSince(
      platform: Platform,
      accountId: string,
      meters: BudgetMeter[],
      since: Date,
    ): Promise<SpendBucket[]> {
      if (meters.length === 0) return [];
      const rows = await db
        .select({ meter: platformSpend.meter, startsAt: platformSpend.startsAt, amount: platformSpend.amount })
        .from(platformSpend)
        .where(
          and(
            eq(platformSpend.platform, platform),
            eq(platformSpend.accountId, accountId),
            eq(platformSpend.spanMinutes, FINE_MINUTES),
            gt(platformSpend.startsAt, new Date(since.getTime() - FINE_MINUTES * 60_000)),
            inArray(platformSpend.meter, meters),
          ),
        )
        .orderBy(asc(platformSpend.startsAt));
      return rows;
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
