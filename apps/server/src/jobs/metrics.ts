import type { MetricsService } from '../modules/metrics/metrics.service';
import type { JobDefinition } from './queue';

export const SYNC_METRICS = 'sync-metrics';
export const METRICS_DUE = 'metrics-due';

/**
 * A sync-metrics job per account when it is due (queued once per account at a time), and every
 * minute a look for accounts that are: just connected, past their interval, or an hour after a post.
 */
export function metricsJobs(metrics: MetricsService): JobDefinition[] {
  return [
    {
      name: SYNC_METRICS,
      batchSize: 4,
      policy: 'stately',
      handler: async (data) => {
        const accountId = typeof data.accountId === 'string' ? data.accountId : '';
        return accountId ? metrics.syncAccount(accountId, { force: data.force === true }) : 'no account id';
      },
    },
    { name: METRICS_DUE, cron: '* * * * *', handler: () => metrics.queueDue() },
  ];
}
