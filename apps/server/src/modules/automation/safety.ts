import { type Persona, type Platform, startOfDay } from '@plume/core';
import type { Repositories } from '../repositories';

/*
 * The persona's Safety settings (decision 025), in one place for publishing, auto-posting, replies
 * and engagement: one daily count, and one cooldown per kind.
 */

/** Post spacing (Cooldown periods): two posts of a persona go out on one account at least this far apart. */
export const POST_SPACING_MS = 2 * 60_000;
/** Slot cooldown (Cooldown periods): no automated slot is written within this of another post of the persona's. */
export const SLOT_COOLDOWN_MS = 20 * 60_000;

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
