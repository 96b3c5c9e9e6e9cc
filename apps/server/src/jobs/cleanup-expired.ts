import type { AccountsRepository } from '../modules/accounts/accounts.repository';
import type { AuthRepository } from '../modules/auth/auth.repository';
import type { RateLimitsRepository } from '../modules/rate-limits/rate-limits.repository';
import type { JobDefinition } from './queue';

export const CLEANUP_EXPIRED = 'cleanup-expired';

/** Hourly: expired sessions, used or expired magic-link tokens, ended rate-limit windows, abandoned OAuth flows. */
export function cleanupExpiredJob(deps: {
  auth: AuthRepository;
  rateLimits: RateLimitsRepository;
  accounts: AccountsRepository;
}): JobDefinition {
  return {
    name: CLEANUP_EXPIRED,
    cron: '7 * * * *',
    handler: async () => {
      const now = new Date();
      const removed = await deps.auth.deleteExpired(now);
      const rateLimits = await deps.rateLimits.deleteExpired(now);
      const oauthStates = await deps.accounts.deleteExpiredStates();
      return { ...removed, rateLimits, oauthStates };
    },
  };
}
