import { engagementOf, engagementSpike, OPPORTUNITY_WINDOWS, type Platform, quotePost } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { NamedLock } from '../../db/named-lock';
import { type AccountMetrics, type PlatformAdapter, PlatformError } from '../../integrations/platform';
import { sendSyncMetrics } from '../../jobs/metrics';
import type { Queue } from '../../jobs/queue';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { AutomationPause } from '../automation/pause';
import type { InboxRepository, NewNotification } from '../inbox/inbox.repository';
import { ownPersona } from '../personas/persona-access';
import type { PersonasRepository } from '../personas/personas.repository';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import type { MetricsRepository } from './metrics.repository';

/** How far back a new connection's first sync reads (its backfill). */
export const BACKFILL_DAYS = 90;
/** How far back later syncs read again: posts older than this keep their last counts. */
const REREAD_DAYS = 30;
/** A sync that finds a reading this recent does nothing (two workers, a doubled job). */
const FRESH_MS = 30_000;
/**
 * After a failed read (the network down or answering 5xx), the scheduled sync waits 5 minutes,
 * doubling with each failure in a row, at most 6 hours (Refresh still reads at once).
 */
export function metricsBackoffMs(failures: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, failures - 1), 6 * 3_600_000);
}

export type SyncOutcome = 'synced' | 'fresh' | 'not connected' | 'needs reconnect' | 'rate limited' | 'unavailable';

/**
 * The metrics sync (decision 020): per connected account, read its counts and its posts through
 * the network's adapter, keep them as dated snapshots, and refresh the persona's card from them.
 * One sync of an account at a time, on any number of workers (a lock per account); a reading
 * taken moments ago is not taken again.
 */
export function createMetricsService(deps: {
  metrics: MetricsRepository;
  accounts: Pick<AccountsRepository, 'findById'>;
  personas: Pick<PersonasRepository, 'find' | 'findForUpdate'>;
  /** Each network's reads (a network without them is never read). */
  adapters: Record<Platform, Pick<PlatformAdapter, 'readMetrics' | 'readPosts'>>;
  /** Pages of posts one sync reads per account (each page is one billed read on X). */
  maxPages: Record<Platform, number>;
  /** How often each platform's accounts are read. */
  intervalMs: Record<Platform, number>;
  /** Where sync-metrics jobs are queued. */
  queue: Queue;
  /** Where engagement spikes are told. */
  inbox: Pick<InboxRepository, 'add'>;
  /** And told to the owner's webhooks (once per post: its key). */
  events?: Pick<WebhookEvents, 'emit'>;
  /** Looks for Plume's posts of the last hour the read found deleted (decision 035). */
  pause: Pick<AutomationPause, 'afterReading'>;
  lock: NamedLock;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { metrics, accounts, adapters, lock, log, now = () => new Date() } = deps;

  /**
   * An engagement spike (decision 020): a post of the last 7 days with at least 5 engagements and
   * 3 times the median of the persona's other posts of the last 90 days (at least ten of them,
   * decision 042), the windows of the dashboard's opportunities. Told once per post, in the app.
   */
  async function tellSpikes(personaId: string, at: Date): Promise<void> {
    const { spikeDays, baselineDays } = OPPORTUNITY_WINDOWS;
    const posts = await metrics.postsBetween({ personaId }, new Date(at.getTime() - baselineDays * 86_400_000), at);
    const recent = posts.filter((p) => p.postedAt.getTime() >= at.getTime() - spikeDays * 86_400_000);
    const owner = recent.length > 0 ? await metrics.ownerOf(personaId) : null;
    if (!owner) return;
    const spikes: NewNotification[] = [];
    const told: { personaId: string; externalId: string; text: string; engagement: number; usual: number }[] = [];
    for (const post of recent) {
      const engagement = engagementOf(post);
      // The one rule, shared with the dashboard's opportunities.
      const spike = engagementSpike(engagement, posts.filter((p) => p !== post).map(engagementOf));
      if (!spike) continue;
      const { usual } = spike;
      told.push({ personaId, externalId: post.externalId, text: post.text, engagement, usual });
      spikes.push({
        workspaceId: owner,
        personaId,
        kind: 'engagement_spike',
        severity: 'success',
        title: 'A post is taking off',
        message:
          usual === 0
            ? `“${quotePost(post.text)}” has ${engagement} engagements; the persona's posts usually get none.`
            : `“${quotePost(post.text)}” has ${engagement} engagements, ${Math.round((engagement / usual) * 10) / 10}× its usual ${usual}.`,
        link: `/analytics/${personaId}`,
        dedupeKey: `spike:${post.externalId}`,
      });
    }
    await deps.inbox.add(spikes);
    await deps.events?.emit(
      told.map((t) => ({
        workspaceId: owner,
        type: 'engagement.spike' as const,
        key: `engagement.spike:${t.externalId}`,
        data: t,
      })),
    );
  }

  return {
    /** Syncs one account; `force` (Refresh) reads even when the last reading is recent. */
    async syncAccount(accountId: string, options: { force?: boolean } = {}): Promise<SyncOutcome> {
      return lock(`metrics:${accountId}`, async () => {
        const row = await accounts.findById(accountId);
        if (!row) return 'not connected';
        if (row.status === 'error') return 'needs reconnect';
        const started = now();
        if (!options.force && row.metricsReadAt && started.getTime() - row.metricsReadAt.getTime() < FRESH_MS) {
          return 'fresh';
        }
        const platform = row.platform;
        const days = row.metricsReadAt ? REREAD_DAYS : BACKFILL_DAYS;
        const since = new Date(started.getTime() - days * 86_400_000);
        let reading: AccountMetrics;
        /** Plume's posts the network was asked for by id: one it did not answer is not there. */
        const askedById = new Set<string>();
        try {
          const reader = adapters[platform];
          if (!reader.readMetrics) return 'unavailable';
          reading = await reader.readMetrics(row, { since, maxPages: deps.maxPages[platform] });
          // Plume's own posts of the last 90 days that the read did not reach: by id, where the network allows.
          const reached = new Set(reading.posts.map((p) => p.externalId));
          const backfillSince = new Date(started.getTime() - BACKFILL_DAYS * 86_400_000);
          const missing = (await metrics.plumePostsSince(row.personaId, platform, backfillSince)).filter(
            (id) => !reached.has(id),
          );
          if (missing.length > 0 && reader.readPosts) {
            const more = await reader.readPosts(row, missing);
            for (const id of missing) askedById.add(id);
            reading = { ...reading, posts: [...reading.posts, ...more.posts], reads: reading.reads + more.reads };
          }
        } catch (error) {
          // The adapter marked the connection for a reconnect (the credential store's guard).
          if (error instanceof PlatformError && error.kind === 'auth') return 'needs reconnect';
          if (error instanceof PlatformError && error.kind === 'rate_limited') {
            const wait = (error.details.retryAfterSeconds ?? 15 * 60) * 1000;
            await sendSyncMetrics(deps.queue, { accountId: row.id }, { at: new Date(started.getTime() + wait) });
            return 'rate limited';
          }
          // The network is down or erring: wait longer after each failure in a row.
          const failures = await metrics.recordFailure(row.id, started, metricsBackoffMs);
          log.warn({ accountId, failures, err: error }, 'metrics read failed');
          if (!(error instanceof PlatformError)) throw error;
          return 'unavailable';
        }
        await metrics.record({ id: row.id, personaId: row.personaId, platform }, reading, started);
        // The card's figures from this reading (each connection's follower count is read from its row).
        await metrics.refreshPersonaStats(row.personaId, started);
        await tellSpikes(row.personaId, started);
        await deps.pause.afterReading(row, reading.posts, askedById, started);
        log.debug({ accountId, posts: reading.posts.length, reads: reading.reads }, 'metrics synced');
        return 'synced';
      });
    },

    /**
     * Refresh: reads every account of the workspace's personas (or of one persona) now. Answers how many
     * syncs were queued; the persona must be the workspace's.
     */
    async refresh(workspaceId: string, personaId?: string): Promise<{ queued: number }> {
      if (personaId) await ownPersona(deps.personas, workspaceId, personaId);
      const ids = await metrics.readableAccounts(personaId ? { personaId } : { workspaceId });
      for (const id of ids) await sendSyncMetrics(deps.queue, { accountId: id, force: true });
      return { queued: ids.length };
    },

    /** Every minute: queues a sync of each account that is due (see MetricsRepository.dueAccounts). */
    async queueDue(): Promise<number> {
      const due = await metrics.dueAccounts(now(), deps.intervalMs, 200);
      for (const id of due) await sendSyncMetrics(deps.queue, { accountId: id });
      return due.length;
    },
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
