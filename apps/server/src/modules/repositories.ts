import type { Db } from '../db/client';
import { createAccountRepository } from './account/account.repository';
import { createAccountsRepository } from './accounts/accounts.repository';
import { createAiSettingsRepository } from './ai-settings/ai-settings.repository';
import { createAuthRepository } from './auth/auth.repository';
import { createAutomationRepository } from './automation/automation.repository';
import { createBudgetRepository } from './budget/budget.repository';
import { createDevOutboxRepository } from './dev-outbox/dev-outbox.repository';
import { createEngagementRepository } from './engagement/engagement.repository';
import { createIdempotencyRepository } from './idempotency/idempotency.repository';
import { createInboxRepository } from './inbox/inbox.repository';
import { createLandingRepository } from './landing/landing.repository';
import { createMetricsRepository } from './metrics/metrics.repository';
import { createNotificationsRepository } from './notifications/notifications.repository';
import { createOpportunitiesRepository } from './opportunities/opportunities.repository';
import { createPersonasRepository } from './personas/personas.repository';
import { createPostHistoryRepository } from './posts/post-history.repository';
import { createPreferencesRepository } from './preferences/preferences.repository';
import { createPostsRepository } from './publishing/posts.repository';
import { createRateLimitsRepository } from './rate-limits/rate-limits.repository';
import { createSourcesRepository } from './sources/sources.repository';
import { createTagsRepository } from './tags/tags.repository';
import { createWaitlistRepository } from './waitlist/waitlist.repository';
import { createWebhooksRepository } from './webhooks/webhooks.repository';
import { createWorkspacesRepository } from './workspaces/workspaces.repository';
import { createWritingRepository } from './writing/writing.repository';

/** Every feature's repository over one database handle (the pool, or a transaction). */
export function createRepositories(db: Db) {
  return {
    account: createAccountRepository(db),
    accounts: createAccountsRepository(db),
    aiSettings: createAiSettingsRepository(db),
    auth: createAuthRepository(db),
    automation: createAutomationRepository(db),
    budget: createBudgetRepository(db),
    devOutbox: createDevOutboxRepository(db),
    engagement: createEngagementRepository(db),
    idempotency: createIdempotencyRepository(db),
    inbox: createInboxRepository(db),
    landing: createLandingRepository(db),
    messages: createWritingRepository(db),
    metrics: createMetricsRepository(db),
    notifications: createNotificationsRepository(db),
    opportunities: createOpportunitiesRepository(db),
    personas: createPersonasRepository(db),
    posts: createPostsRepository(db),
    postHistory: createPostHistoryRepository(db),
    preferences: createPreferencesRepository(db),
    rateLimits: createRateLimitsRepository(db),
    sources: createSourcesRepository(db),
    tags: createTagsRepository(db),
    waitlist: createWaitlistRepository(db),
    webhooks: createWebhooksRepository(db),
    workspaces: createWorkspacesRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs work in one transaction with repositories bound to it. Inside, use only those
 * repositories: on PGlite a query on the outer handle would wait for the transaction forever.
 */
export type UnitOfWork = <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>;

export function createUnitOfWork(db: Db): UnitOfWork {
  return (work) => db.transaction((tx) => work(createRepositories(tx as unknown as Db)));
}
