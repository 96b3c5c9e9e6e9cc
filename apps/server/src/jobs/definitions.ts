import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from '../integrations/mail/mailer';
import { createAccountsRepository } from '../modules/accounts/accounts.repository';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createLandingRepository } from '../modules/landing/landing.repository';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { createRateLimitsRepository } from '../modules/rate-limits/rate-limits.repository';
import { cleanupExpiredJob } from './cleanup-expired';
import { notificationJobs } from './notifications';
import type { JobDefinition } from './queue';

/** Every job Plume runs; the API process and `npm run worker` share this list. */
export function jobDefinitions(deps: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}): JobDefinition[] {
  const { db, mailer, appUrl, log } = deps;
  return [
    cleanupExpiredJob({
      auth: createAuthRepository(db),
      rateLimits: createRateLimitsRepository(db),
      accounts: createAccountsRepository(db),
      landing: createLandingRepository(db),
    }),
    ...notificationJobs(
      createNotificationsService({ repository: createNotificationsRepository(db), mailer, appUrl, log }),
    ),
  ];
}
