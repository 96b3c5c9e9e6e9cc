import {
  type BudgetLimit,
  type BudgetMeter,
  meterWords,
  type Persona,
  PLATFORM_RULES,
  type Platform,
  perWindow,
  type Spend,
  startOfDay,
} from '@plume/core';
import type { Repositories } from '../repositories';

/*
 * The persona's Safety settings (decision 025), in one place for publishing, auto-posting, replies
 * and engagement: one daily count, and one cooldown per kind; and the budget rule (decision 033):
 * Plume's own sending keeps within BUDGET_SAFE_SHARE (@plume/core) of each network limit on the
 * account, and waits for room beyond it.
 */

/** Post spacing (Cooldown periods): two posts of a persona go out on one account at least this far apart. */
export const POST_SPACING_MS = 2 * 60_000;
/** Slot cooldown (Cooldown periods): no automated slot is written within this of another post of the persona's. */
export const SLOT_COOLDOWN_MS = 20 * 60_000;

/** A spend that does not fit yet: when it will, and the limit that holds it, in words. */
export type BudgetWait = { until: Date; reason: string };

/** An account's spend in 5-minute buckets (`bucketMinutes` long), oldest first. */
type Bucket = { meter: BudgetMeter; startsAt: Date; amount: number };

/**
 * The budget rule: whether `spend` fits now within `share` of every limit on its meters over the
 * rolling window each names (a bucket partly inside a window counts whole), or when it will, as
 * the oldest buckets leave the window. An action alone bigger than the share fits only in a window
 * with nothing else in it; one bigger than the whole limit is the network's to refuse.
 */
export function budgetWait(input: {
  platform: Platform;
  limits: Partial<Record<BudgetMeter, readonly BudgetLimit[]>>;
  buckets: readonly Bucket[];
  bucketMinutes: number;
  spend: Spend;
  at: Date;
  share: number;
}): BudgetWait | null {
  const { platform, at, share } = input;
  const bucketMs = input.bucketMinutes * 60_000;
  let wait: BudgetWait | null = null;
  for (const [meter, amount] of Object.entries(input.spend) as [BudgetMeter, number][]) {
    if (!amount || amount <= 0) continue;
    for (const limit of input.limits[meter] ?? []) {
      if (amount > limit.max) continue;
      const windowMs = limit.minutes * 60_000;
      const inside = input.buckets.filter(
        (b) => b.meter === meter && b.startsAt.getTime() + bucketMs > at.getTime() - windowMs,
      );
      const safe = Math.floor(limit.max * share);
      const fits = (used: number) => used + amount <= safe || used === 0;
      let used = inside.reduce((sum, b) => sum + b.amount, 0);
      if (fits(used)) continue;
      // The oldest buckets leave the window first: room comes when enough of them have.
      let until = at;
      for (const bucket of inside) {
        used -= bucket.amount;
        until = new Date(bucket.startsAt.getTime() + bucketMs + windowMs);
        if (fits(used)) break;
      }
      if (!wait || until > wait.until) {
        const used = inside.reduce((sum, b) => sum + b.amount, 0).toLocaleString('en-US');
        const of = `${limit.max.toLocaleString('en-US')} ${meterWords(platform, meter, limit.max)} ${perWindow(limit.minutes)}`;
        wait = {
          until,
          reason: `${PLATFORM_RULES[platform].label}'s limit: ${used} of ${of} used${share < 1 ? `, and Plume keeps to ${Math.round(share * 100)}%` : ''}`,
        };
      }
    }
  }
  return wait;
}

/** The persona's day against its daily activity limit: what it allows, what is used, and when the next day starts. */
export type DailyActivity = { limit: number; used: number; left: number; nextDay: Date };

export function createSafety(repositories: Pick<Repositories, 'automation' | 'posts'>) {
  return {
    /**
     * The daily activity limit on the owner's day (in their zone) that holds `at`: each post that
     * went out or is going out, and each like, repost and follow, counted once. A gate before
     * publishing asks with `except` (the post itself); a writer about to add a post or an action
     * asks with `planned` (the posts already set for that day, scheduled or waiting for review,
     * take their share first).
     */
    async daily(
      persona: Persona,
      timeZone: string,
      at: Date,
      options: { planned?: boolean; except?: string } = {},
    ): Promise<DailyActivity> {
      const dayStart = startOfDay(at, timeZone);
      // 26 hours on is always in the next day, whatever a DST change does to this one's length.
      const nextDay = startOfDay(new Date(dayStart.getTime() + 26 * 3_600_000), timeZone);
      const used = await repositories.automation.activityIn(persona.id, dayStart, nextDay, options);
      const limit = persona.automation.safety.dailyActivityLimit;
      return { limit, used, left: Math.max(0, limit - used), nextDay };
    },

    /** Post spacing: when the post may go out on the persona's account on `platform`, or null for now. */
    async spacedUntil(persona: Persona, platform: Platform, at: Date): Promise<Date | null> {
      if (!persona.automation.safety.cooldownPeriods) return null;
      const last = await repositories.posts.lastPostedAt(persona.id, platform);
      return last && at.getTime() - last.getTime() < POST_SPACING_MS
        ? new Date(last.getTime() + POST_SPACING_MS)
        : null;
    },

    /** Slot cooldown: whether another post of the persona's (replies aside) goes out within it of `at`. */
    async slotTooClose(persona: Persona, at: Date): Promise<boolean> {
      if (!persona.automation.safety.cooldownPeriods) return false;
      return repositories.posts.hasPostNear(persona.id, at, SLOT_COOLDOWN_MS);
    },
  };
}
export type Safety = ReturnType<typeof createSafety>;
