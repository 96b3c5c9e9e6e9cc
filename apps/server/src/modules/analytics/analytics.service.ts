import {
  type Analytics,
  type AnalyticsRange,
  addDays,
  computeAnalytics,
  computeUsage,
  dayStart,
  ENGAGEMENT_WINDOW_DAYS,
  localDateOf,
  RANGE_DAYS,
  type UsageSummary,
} from '@plume/core';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { Budget } from '../budget/budget.service';
import type { EngagementRepository } from '../engagement/engagement.repository';
import type { MetricsRepository, Scope } from '../metrics/metrics.repository';
import { ownPersona } from '../personas/persona-access';
import type { PersonasRepository } from '../personas/personas.repository';
import type { PreferencesRepository } from '../preferences/preferences.repository';
import type { PostsRepository } from '../publishing/posts.repository';

/** A persona's analytics (decision 020): its posts and its accounts' readings, drawn into days in the workspace's zone. */
export function createAnalyticsService(deps: {
  personas: Pick<PersonasRepository, 'find' | 'findForUpdate'>;
  metrics: Pick<
    MetricsRepository,
    'postsBetween' | 'unreadPostsBetween' | 'snapshotsBetween' | 'lastReadAt' | 'readsSince'
  >;
  preferences: Pick<PreferencesRepository, 'workspaceTimeZone'>;
  engagement: Pick<EngagementRepository, 'readsSince'>;
  accounts: Pick<AccountsRepository, 'ofWorkspace'>;
  /** Each account's spend of its network's limits or bill (decision 033). */
  budget: Pick<Budget, 'spendOf'>;
  /** The check before review's counts (decision 037). */
  posts: Pick<PostsRepository, 'draftChecksBetween'>;
  now?: () => Date;
}) {
  const { metrics, now = () => new Date() } = deps;
  /** The posts as last read, and Plume's own not read yet (they count at once, their counts at 0). */
  const postsBetween = async (scope: Scope, from: Date, to: Date) => {
    const [read, unread] = await Promise.all([
      metrics.postsBetween(scope, from, to),
      metrics.unreadPostsBetween(scope, from, to),
    ]);
    return [...read.map((p) => ({ ...p, read: true })), ...unread.map((p) => ({ ...p, read: false }))];
  };
  return {
    async persona(
      workspaceId: string,
      personaId: string,
      query: { range: AnalyticsRange; compare: boolean },
    ): Promise<Analytics> {
      await ownPersona(deps.personas, workspaceId, personaId);
      const at = now();
      const timeZone = (await deps.preferences.workspaceTimeZone(workspaceId)) ?? 'UTC';
      // From the first day of the previous period when comparing, else of the range.
      const days = RANGE_DAYS[query.range] * (query.compare ? 2 : 1);
      const from = dayStart(addDays(localDateOf(at, timeZone), -(days - 1)), timeZone);
      // The check's figures are the range's own (not the period compared with).
      const rangeFrom = dayStart(addDays(localDateOf(at, timeZone), -(RANGE_DAYS[query.range] - 1)), timeZone);
      const [posts, snapshots, lastReadAt, drafts] = await Promise.all([
        postsBetween({ personaId }, from, at),
        metrics.snapshotsBetween({ personaId }, from, at),
        metrics.lastReadAt({ personaId }),
        deps.posts.draftChecksBetween(personaId, rangeFrom, new Date(at.getTime() + 1)),
      ]);
      const analytics = computeAnalytics({
        personaId,
        ...query,
        timeZone,
        now: at,
        posts,
        snapshots,
        drafts,
      });
      return { ...analytics, lastReadAt: lastReadAt?.toISOString() ?? null };
    },

    /** The cross-persona screen's captions: every persona of the workspace's, now against before. */
    async usage(workspaceId: string): Promise<UsageSummary> {
      const at = now();
      const monthAgo = new Date(at.getTime() - 30 * 86_400_000);
      const [posts, snapshots, lastReadAt, x, mentionReads, accounts, timeZone] = await Promise.all([
        // The rate a month ago looks at the 90 days before then.
        postsBetween({ workspaceId }, new Date(at.getTime() - (30 + ENGAGEMENT_WINDOW_DAYS) * 86_400_000), at),
        metrics.snapshotsBetween({ workspaceId }, new Date(at.getTime() - 30 * 86_400_000), at),
        metrics.lastReadAt({ workspaceId }),
        metrics.readsSince({ workspaceId }, 'x', monthAgo),
        deps.engagement.readsSince(workspaceId, 'x', monthAgo),
        deps.accounts.ofWorkspace(workspaceId),
        deps.preferences.workspaceTimeZone(workspaceId),
      ]);
      const xReads = { last30Days: x.reads, mentions: mentionReads, accounts: x.accounts };
      const spendOf = await deps.budget.spendOf(accounts, timeZone ?? 'UTC');
      const budgets = accounts.map(({ externalId: _id, ...account }) => ({
        ...account,
        ...spendOf({ platform: account.platform, externalId: _id }),
      }));
      return { ...computeUsage({ now: at, posts, snapshots, lastReadAt, xReads }), budgets };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
