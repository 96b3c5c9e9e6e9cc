import { z } from 'zod';
import type { MetricsService } from '../modules/metrics/metrics.service';
import { defineJob, type JobDefinition, type Queue } from './queue';

export const SYNC_METRICS = 'sync-metrics';
export const METRICS_DUE = 'metrics-due';

/** `force`: read even if the last reading is recent (Refresh). */
export const syncMetricsPayload = z.object({ accountId: z.string().min(1), force: z.boolean().default(false) });
export type SyncMetricsPayload = z.input<typeof syncMetricsPayload>;

/**
 * Queues a sync of one account (one waiting per account): now, or at `at` (the platform's reset
 * time after a 429).
 */
export async function sendSyncMetrics(
  queue: Queue,
  payload: SyncMetricsPayload,
  options: { at?: Date | undefined } = {},
): Promise<void> {
  await queue.send(
    SYNC_METRICS,
    { accountId: payload.accountId, force: payload.force === true },
    { singletonKey: payload.accountId, ...(options.at ? { startAfter: options.at } : {}) },
  );
}

/**
 * A sync-metrics job per account when it is due (queued once per account at a time), and every
 * minute a look for accounts that are: just connected, past their interval, or 50 minutes after a post (decision 035).
 */
export function metricsJobs(metrics: MetricsService): JobDefinition[] {
  return [
    defineJob({
      name: SYNC_METRICS,
      payload: syncMetricsPayload,
      batchSize: 4,
      policy: 'stately',
      handler: ({ accountId, force }) => metrics.syncAccount(accountId, { force }),
    }),
    { name: METRICS_DUE, cron: '* * * * *', handler: () => metrics.queueDue() },
  ];
}
