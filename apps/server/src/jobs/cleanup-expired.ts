import type { AuthRepository } from '../modules/auth/auth.repository';
import type { RateLimitsRepository } from '../modules/rate-limits/rate-limits.repository';
import type { JobDefinition } from './queue';

export const CLEANUP_EXPIRED = 'cleanup-expired';

/** Hourly: expired sessions, used or expired magic-link tokens, ended rate-limit windows. */
export function cleanupExpiredJob(deps: { auth: AuthRepository; rateLimits: RateLimitsRepository }): JobDefinition {
  return {
    name: CLEANUP_EXPIRED,
    cron: '7 * * * *',
    handler: async () => {
      const now = new Date();
      const removed = await deps.auth.deleteExpired(now);
      const rateLimits = await deps.rateLimits.deleteExpired(now);
      return { ...removed, rateLimits };
    },
  };
}
