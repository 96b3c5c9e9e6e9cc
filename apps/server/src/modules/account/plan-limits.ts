import { dayStart, localDateOf, planById } from '@plume/core';
import { ConflictError } from '../../errors';
import type { Repositories } from '../repositories';

/** The calendar month holding `at` in `timeZone`, as [start, end): Billing's month too. */
export function monthAround(at: Date, timeZone: string): { start: Date; end: Date } {
  const day = localDateOf(at, timeZone);
  const next = day.month === 12 ? { year: day.year + 1, month: 1 } : { year: day.year, month: day.month + 1 };
  return {
    start: dayStart({ year: day.year, month: day.month, day: 1 }, timeZone),
    end: dayStart({ ...next, day: 1 }, timeZone),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The plans' limits (PLAN_LIMITS=on, decision 019), per workspace (decision 055): personas a
 * workspace may have, and posts a calendar month may hold (published, or scheduled to go out in it). Off, the default for a self-hosted
 * instance, every check passes.
 */
export function createPlanLimits(deps: {
  enabled: boolean;
  repositories: Pick<Repositories, 'account' | 'preferences' | 'workspaces'>;
}) {
  const { enabled, repositories } = deps;

  async function planOf(repos: Pick<Repositories, 'workspaces'>, workspaceId: string) {
    return planById((await repos.workspaces.find(workspaceId))?.plan ?? 'free');
  }

  const limits = {
    enabled,

    /**
     * How many personas the workspace's plan allows, and what to say when it has them all; null
     * without a limit.
     */
    async personaLimit(workspaceId: string): Promise<{ limit: number; message: string } | null> {
      if (!enabled) return null;
      const plan = await planOf(repositories, workspaceId);
      const limit = plan.limits.personas;
      if (limit === null) return null;
      return {
        limit,
        message: `Your plan (${plan.name}) allows ${plural(limit, 'persona', 'personas')}: delete one or change plans in Account settings`,
      };
    },

    /**
     * Before `count` posts are published or scheduled for `at`: the month that holds `at` (in the
     * workspace's zone) must have room. `exceptPostId`: a post being moved is not counted twice.
     */
    async checkNewPosts(workspaceId: string, count: number, at: Date, exceptPostId?: string): Promise<void> {
      if (!enabled) return;
      const plan = await planOf(repositories, workspaceId);
      const limit = plan.limits.postsPerMonth;
      if (limit === null) return;
      const timeZone = (await repositories.preferences.workspaceTimeZone(workspaceId)) ?? 'UTC';
      const { start, end } = monthAround(at, timeZone);
      const used = await repositories.account.countPostsIn(workspaceId, start, end, exceptPostId);
      if (used + count <= limit) return;
      const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone }).format(at);
      throw new ConflictError(
        `Your plan (${plan.name}) allows ${plural(limit, 'post', 'posts')} a month, and ${month} already has ${used} published or scheduled: change plans in Account settings, or pick another month`,
      );
    },

    /** Before posts are scheduled for `times` (a batch): each month they fall in must have room for its share. */
    async checkNewPostsAt(workspaceId: string, times: Date[]): Promise<void> {
      if (!enabled || times.length === 0) return;
      const timeZone = (await repositories.preferences.workspaceTimeZone(workspaceId)) ?? 'UTC';
      const months = new Map<number, { at: Date; count: number }>();
      for (const at of times) {
        const key = monthAround(at, timeZone).start.getTime();
        const month = months.get(key) ?? { at, count: 0 };
        month.count += 1;
        months.set(key, month);
      }
      for (const { at, count } of months.values()) await limits.checkNewPosts(workspaceId, count, at);
    },
  };
  return limits;
}
export type PlanLimits = ReturnType<typeof createPlanLimits>;
