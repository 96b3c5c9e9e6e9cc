import type { Agent } from '@atproto/api';
import { MIN_POSTS_FOR_INSIGHTS, type Platform, X_NOT_CONFIGURED } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createSecretBox } from './crypto/secret-box';
import type { Database } from './db/client';
import { createNamedLock } from './db/named-lock';
import { createBlueskyAdapter, toBlueskyError } from './integrations/bluesky/bluesky';
import { createFeedsAdapter } from './integrations/feeds/feeds';
import { createMailer } from './integrations/mail/create-mailer';
import { PlatformError } from './integrations/platform';
import { createXApi } from './integrations/x/x-api';
import { AUTO_POSTING_DUE, automationJobs, WRITE_SLOT } from './jobs/automation';
import { cleanupExpiredJob } from './jobs/cleanup-expired';
import { CHECK_MENTIONS, ENGAGE, engagementJobs } from './jobs/engagement';
import { inboxJobs } from './jobs/inbox';
import { metricsJobs, SYNC_METRICS } from './jobs/metrics';
import { notificationJobs } from './jobs/notifications';
import { PUBLISH_POST, publishingJobs } from './jobs/publish-posts';
import { type Jobs, startJobs } from './jobs/queue';
import { POLL_SOURCE, sourceJobs } from './jobs/sources';
import { createAccountService } from './modules/account/account.service';
import { createPlanLimits } from './modules/account/plan-limits';
import { createAccountsService, type DisconnectHook } from './modules/accounts/accounts.service';
import { createBlueskyConnectService } from './modules/accounts/bluesky-connect.service';
import { createXConnectService } from './modules/accounts/x-connect.service';
import { createAiSettingsService } from './modules/ai-settings/ai-settings.service';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAuth } from './modules/auth/auth';
import { createAuthService } from './modules/auth/auth.service';
import { createAutoPostingService } from './modules/automation/auto-posting.service';
import { createAutomationService } from './modules/automation/automation.service';
import { createEngagementService } from './modules/engagement/engagement.service';
import { createRepliesService, type MentionsReader } from './modules/engagement/replies.service';
import { createFeedsService } from './modules/feeds/feeds.service';
import { createInboxService } from './modules/inbox/inbox.service';
import { createLandingService } from './modules/landing/landing.service';
import { createMetricsService, type MetricsReader } from './modules/metrics/metrics.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createOpportunitiesService } from './modules/opportunities/opportunities.service';
import { createPersonasService } from './modules/personas/personas.service';
import { createBlueskyPublisher } from './modules/publishing/bluesky-publisher';
import type { PlatformPublisher } from './modules/publishing/publisher';
import { createPublishingService } from './modules/publishing/publishing.service';
import { createXPublisher } from './modules/publishing/x-publisher';
import { createWritingLimit } from './modules/rate-limits/writing-limit';
import { createRepositories, createUnitOfWork } from './modules/repositories';
import { createSchedulingService, type Enqueue } from './modules/scheduling/scheduling.service';
import { createSourcesService } from './modules/sources/sources.service';
import { createTagsService } from './modules/tags/tags.service';
import { createWaitlistService } from './modules/waitlist/waitlist.service';
import { createWritingService } from './modules/writing/writing.service';

/**
 * The one composition root: every repository, adapter, service and job Plume runs, built once
 * from the configuration, for the API process (app.ts) and for `npm run worker` (worker.ts).
 * Nothing is started here; `startJobs` starts the queue (and binds `enqueue` to it), `close`
 * releases what was opened here (the database is its opener's).
 */
export function composeServices(deps: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Automation's clock; the real one unless a test moves it. */
  clock?: (() => Date) | undefined;
  /** Automation's dice (which mentions the response rate answers); Math.random unless a test fixes them. */
  random?: (() => number) | undefined;
}) {
  const { config, database, log } = deps;
  const repositories = createRepositories(database.db);
  const data = { repositories, unitOfWork: createUnitOfWork(database.db) };
  // Secrets kept at rest (AI keys, platform tokens) are sealed with APP_SECRET.
  const secretBox = createSecretBox(config.appSecret);
  // SMTP, or outside production the dev outbox that the API serves.
  const mailer = createMailer(config, (message) => repositories.devOutbox.add(message), log);
  const lock = createNamedLock(database);

  let jobs: Jobs | undefined;
  /** Queues a post's publish job for its time; only once the queue has started. */
  const enqueue: Enqueue = async (postId, at) => {
    if (!jobs) throw new Error('The job queue has not started');
    await jobs.send(PUBLISH_POST, { postId }, { startAfter: at });
  };

  const auth = createAuth({ config, db: database.db, mailer, log });
  const planLimits = createPlanLimits({ enabled: config.planLimits, repositories });

  // Writing: the model a user writes with (their settings, the server's AI_* defaults, or offline).
  const writingLimit = createWritingLimit(repositories.rateLimits, config.generationRateLimit);
  const aiSettings = createAiSettingsService({
    repository: repositories.aiSettings,
    secretBox,
    serverDefault: config.ai,
    timeoutMs: config.aiTimeoutMs,
    reach: config.aiReach,
    writingLimit,
  });

  // Connected accounts: each platform revokes what it holds when a connection is removed.
  const onDisconnect: Partial<Record<Platform, DisconnectHook>> = {};
  const accounts = createAccountsService({ repositories, onDisconnect, log });
  const blueskyAdapter = createBlueskyAdapter({
    config: config.bluesky,
    appUrl: config.appUrl,
    accounts: repositories.accounts,
    secretBox,
    lock,
  });
  const bluesky = createBlueskyConnectService({
    repositories,
    bluesky: blueskyAdapter,
    appUrl: config.appUrl,
    defaultService: config.bluesky.service,
    log,
  });
  onDisconnect.bluesky = bluesky.onDisconnect;
  const xApi = config.x ? createXApi({ ...config.x, ...config.xEndpoints }) : undefined;
  const xConnect = createXConnectService({ xApi, appUrl: config.appUrl, ...data, secretBox, accounts, log });
  onDisconnect.x = (row) => xConnect.revoke(row);

  // Publishing: each platform's publisher, now or at a post's time.
  const publishers: Record<Platform, PlatformPublisher> = {
    bluesky: createBlueskyPublisher({ bluesky: blueskyAdapter, accounts, accountRows: repositories.accounts }),
    x: createXPublisher({ xApi, xConnect, accounts: repositories.accounts }),
  };
  const publishing = createPublishingService({
    repositories,
    posts: repositories.posts,
    accounts,
    preferences: repositories.preferences,
    publishers,
    enqueue,
    planLimits,
    log,
  });

  // Metrics: each network's reads, through the same adapters (decision 020).
  const metricsReaders: Record<Platform, MetricsReader> = {
    bluesky: {
      read: (row, options) =>
        blueskyAdapter
          .withAgent(row, (agent) => blueskyAdapter.readMetrics(agent, row.externalId, row.username, options))
          .catch((error: unknown) => Promise.reject(toBlueskyError(error))),
      readPosts: (row, ids) =>
        blueskyAdapter
          .withAgent(row, (agent) => blueskyAdapter.readPosts(agent, ids, row.username))
          .catch((error: unknown) => Promise.reject(toBlueskyError(error))),
    },
    x: {
      read: (row, options) => {
        if (!xApi) throw new PlatformError(X_NOT_CONFIGURED, 'rejected');
        return xConnect.withXToken(row.personaId, (token) => xApi.readMetrics(token, options));
      },
    },
  };
  const metrics = createMetricsService({
    metrics: repositories.metrics,
    accounts: repositories.accounts,
    personas: repositories.personas,
    inbox: repositories.inbox,
    readers: metricsReaders,
    maxPages: config.metrics.maxPages,
    intervalMs: {
      bluesky: config.metrics.intervalMinutes.bluesky * 60_000,
      x: config.metrics.intervalMinutes.x * 60_000,
    },
    queueSync: async (accountId, options = {}) => {
      if (!jobs) throw new Error('The job queue has not started');
      const data = { accountId, force: options.force === true };
      await jobs.send(SYNC_METRICS, data, {
        singletonKey: accountId,
        ...(options.at ? { startAfter: options.at } : {}),
      });
    },
    lock,
    log,
  });

  const feeds = createFeedsAdapter({ reach: config.feedsReach });
  const analytics = createAnalyticsService({
    personas: repositories.personas,
    metrics: repositories.metrics,
    preferences: repositories.preferences,
    engagement: repositories.engagement,
  });
  const writing = createWritingService({
    repositories,
    messages: repositories.messages,
    aiSettings,
    writingLimit,
    ...(deps.clock ? { now: deps.clock } : {}),
  });
  // Automation runs on the real clock and real dice unless a test moves or fixes them.
  const automationClock = deps.clock ? { now: deps.clock } : {};
  const automationDice = deps.random ? { random: deps.random } : {};
  // Automated posting (decision 021): the writer above, a write-slot job per slot.
  const autoPosting = createAutoPostingService({
    repositories,
    write: writing.writeForAutomation,
    queueSlot: async ({ personaId, userId, slot }) => {
      if (!jobs) throw new Error('The job queue has not started');
      await jobs.send(
        WRITE_SLOT,
        { personaId, userId, slot: slot.toISOString() },
        {
          singletonKey: `${personaId}:${slot.toISOString()}`,
        },
      );
    },
    enqueue,
    planLimits,
    log,
    ...automationClock,
    ...automationDice,
  });
  // Engagement (decision 022): mentions read through each network's adapter, replies by the
  // writer above; likes, reposts and follows through Bluesky's alone (X does not allow them).
  const viaBluesky = <T>(row: Parameters<typeof blueskyAdapter.withAgent>[0], work: (agent: Agent) => Promise<T>) =>
    blueskyAdapter.withAgent(row, work).catch((error: unknown) => Promise.reject(toBlueskyError(error)));
  const mentionReaders: Record<Platform, MentionsReader> = {
    bluesky: {
      read: (row, options) => viaBluesky(row, (agent) => blueskyAdapter.readMentions(agent, options)),
      threadAbove: (row, uri) => viaBluesky(row, (agent) => blueskyAdapter.readThreadAbove(agent, uri, 5)),
    },
    x: {
      read: (row, { cursor, since, maxPages }) => {
        if (!xApi) throw new PlatformError(X_NOT_CONFIGURED, 'rejected');
        return xConnect.withXToken(row.personaId, (token) =>
          xApi.readMentions(token, row.externalId, { sinceId: cursor, startTime: since, maxPages }),
        );
      },
    },
  };
  const replies = createRepliesService({
    ...data,
    readers: mentionReaders,
    writeReply: writing.writeReply,
    queueCheck: async (accountId) => {
      await jobs?.send(CHECK_MENTIONS, { accountId }, { singletonKey: accountId });
    },
    enqueue,
    planLimits,
    lock,
    log,
    ...automationClock,
    ...automationDice,
  });
  const engagement = createEngagementService({
    repositories,
    bluesky: {
      authorPosts: (row, actor, limit) => viaBluesky(row, (agent) => blueskyAdapter.authorPosts(agent, actor, limit)),
      searchPosts: (row, q, limit) => viaBluesky(row, (agent) => blueskyAdapter.searchPosts(agent, q, limit)),
      profiles: (row, dids) => viaBluesky(row, (agent) => blueskyAdapter.profiles(agent, dids)),
      like: (row, post) => viaBluesky(row, (agent) => blueskyAdapter.like(agent, post)),
      repost: (row, post) => viaBluesky(row, (agent) => blueskyAdapter.repost(agent, post)),
      follow: (row, did) => viaBluesky(row, (agent) => blueskyAdapter.follow(agent, did)),
      undo: (row, recordId) => viaBluesky(row, (agent) => blueskyAdapter.deleteRecord(agent, recordId)),
    },
    queueEngage: async (personaId) => {
      await jobs?.send(ENGAGE, { personaId }, { singletonKey: personaId });
    },
    lock,
    log,
    ...automationClock,
    ...automationDice,
  });

  const authService = createAuthService(auth, repositories.auth);
  const services = {
    auth: authService,
    personas: createPersonasService({
      ...data,
      planLimits,
      // A persona switched to posting has its next slot looked at now (one look waits at a time).
      onPostingChanged: async () => {
        await jobs?.send(AUTO_POSTING_DUE, {}, { singletonKey: 'now' });
      },
      onEngagementChanged: async (persona) => {
        if (persona.automation.autoReplies.enabled) await replies.queueFor(persona.id);
        if (persona.automation.engagement.enabled) await engagement.queueFor(persona.id);
      },
    }),
    tags: createTagsService(data),
    automation: createAutomationService(data),
    autoPosting,
    replies,
    engagement,
    aiSettings,
    writing,
    landing: createLandingService({
      repository: repositories.landing,
      metricsCacheMs: config.landingMetricsCacheSeconds * 1000,
    }),
    waitlist: createWaitlistService({ repository: repositories.waitlist }),
    accounts,
    bluesky,
    xConnect,
    publishing,
    account: createAccountService({
      account: repositories.account,
      preferences: repositories.preferences,
      planLimits,
      onUserChanged: (userId) => authService.forgetUser(userId),
    }),
    scheduling: createSchedulingService({
      personas: repositories.personas,
      posts: repositories.posts,
      accounts,
      preferences: repositories.preferences,
      enqueue,
      lock,
      planLimits,
    }),
    feeds: createFeedsService(feeds),
    metrics,
    analytics,
    sources: createSourcesService({
      ...data,
      feeds,
      inbox: repositories.inbox,
      queuePoll: async (job) => {
        if (!jobs) throw new Error('The job queue has not started');
        await jobs.send(POLL_SOURCE, job, { singletonKey: `${job.personaId}:${job.url}` });
      },
      log,
    }),
    inbox: createInboxService({
      inbox: repositories.inbox,
      insights: async (userId, personaId) => {
        const month = await analytics.persona(userId, personaId, { range: '30d', compare: false });
        // Below the minimum the recommendations only ask for more posts: nothing to suggest yet.
        return month.cards.posts.value >= MIN_POSTS_FOR_INSIGHTS ? month.recommendations : [];
      },
    }),
    opportunities: createOpportunitiesService({
      repository: repositories.opportunities,
      ...(deps.clock ? { now: deps.clock } : {}),
    }),
    notifications: createNotificationsService({
      repository: repositories.notifications,
      inbox: repositories.inbox,
      mailer,
      appUrl: config.appUrl,
      log,
    }),
  };

  /** Every job Plume runs, in whichever process works them. */
  const jobDefinitions = [
    cleanupExpiredJob(repositories),
    ...notificationJobs(services.notifications),
    ...publishingJobs(publishing),
    ...metricsJobs(metrics),
    ...inboxJobs(services.inbox),
    ...automationJobs(autoPosting),
    ...engagementJobs(replies, engagement),
    ...sourceJobs(services.sources),
  ];

  return {
    repositories,
    services,
    /** better-auth itself: its routes are served under /api/auth. */
    auth,
    publishers,
    blueskyClientMetadata: blueskyAdapter.clientMetadata,
    /** Starts the queue; with `work` this process also runs the jobs. */
    async startJobs(work: boolean): Promise<Jobs> {
      jobs = await startJobs({ database, definitions: jobDefinitions, work, log });
      return jobs;
    },
    async close(): Promise<void> {
      await jobs?.stop();
      await lock.close();
      await mailer.close();
    },
  };
}
export type Composition = ReturnType<typeof composeServices>;
