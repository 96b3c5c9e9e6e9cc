import type { AccountsRepository } from '../modules/accounts/accounts.repository';
import type { AuthRepository } from '../modules/auth/auth.repository';
import type { Budget } from '../modules/budget/budget.service';
import type { IdempotencyRepository } from '../modules/idempotency/idempotency.repository';
import { IDEMPOTENCY_KEEP_MS } from '../modules/idempotency/idempotency.service';
import type { LandingRepository } from '../modules/landing/landing.repository';
import type { RateLimitsRepository } from '../modules/rate-limits/rate-limits.repository';
import type { WebhooksRepository } from '../modules/webhooks/webhooks.repository';
import { WEBHOOK_LOG_KEEP_MS } from '../modules/webhooks/webhooks.service';
import type { YourDataService } from '../modules/your-data/your-data.service';
import type { JobDefinition } from './queue';

export const CLEANUP_EXPIRED = 'cleanup-expired';

/**
 * Hourly: expired sessions, used or expired magic-link tokens, ended rate-limit windows, abandoned
 * OAuth flows, uptime minutes older than the landing page looks back, idempotency keys older than a day,
 * platform spend no budget window or screen looks at any more, data exports past their 7 days,
 * webhook events and their delivery log after 30 days (once nothing is left to deliver).
 */
export function cleanupExpiredJob(deps: {
  auth: AuthRepository;
  rateLimits: RateLimitsRepository;
  accounts: AccountsRepository;
  landing: LandingRepository;
  idempotency: Pick<IdempotencyRepository, 'deleteBefore'>;
  budget: Pick<Budget, 'prune'>;
  exports?: Pick<YourDataService, 'deleteExpiredExports'>;
  webhooks: Pick<WebhooksRepository, 'deleteEventsBefore'>;
}): JobDefinition {
  return {
    name: CLEANUP_EXPIRED,
    cron: '7 * * * *',
    handler: async () => {
      const now = new Date();
      const removed = await deps.auth.deleteExpired(now);
      const rateLimits = await deps.rateLimits.deleteExpired(now);
      const oauthStates = await deps.accounts.deleteExpiredStates();
      // Uptime looks back 30 days; a day more is kept so the window is always full.
      const heartbeats = await deps.landing.deleteHeartbeatsBefore(new Date(now.getTime() - 31 * 86_400_000));
      const idempotencyKeys = await deps.idempotency.deleteBefore(new Date(now.getTime() - IDEMPOTENCY_KEEP_MS));
      const spendBuckets = await deps.budget.prune();
      const dataExports = (await deps.exports?.deleteExpiredExports()) ?? 0;
      const webhookEvents = await deps.webhooks.deleteEventsBefore(new Date(now.getTime() - WEBHOOK_LOG_KEEP_MS));
      return {
        ...removed,
        rateLimits,
        oauthStates,
        heartbeats,
        idempotencyKeys,
        spendBuckets,
        dataExports,
        webhookEvents,
      };
    },
  };
}
