import type { Db } from '../db/client';
import { createAccountsRepository } from '../modules/accounts/accounts.repository';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createLandingRepository } from '../modules/landing/landing.repository';
import { createRateLimitsRepository } from '../modules/rate-limits/rate-limits.repository';
import { cleanupExpiredJob } from './cleanup-expired';
import type { JobDefinition } from './queue';

/** Every job Plume runs; the API process and `npm run worker` share this list. */
export function jobDefinitions(db: Db): JobDefinition[] {
  return [
    cleanupExpiredJob({
      auth: createAuthRepository(db),
      rateLimits: createRateLimitsRepository(db),
      accounts: createAccountsRepository(db),
      landing: createLandingRepository(db),
    }),
  ];
}
