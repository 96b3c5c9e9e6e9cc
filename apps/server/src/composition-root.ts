import { MIN_POSTS_FOR_INSIGHTS, PERSONAL_WORKSPACE_NAME, type Platform } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createSecretBox } from './crypto/secret-box';
import type { Database } from './db/client';
import { createNamedLock } from './db/named-lock';
import { createUpkeep } from './db/upkeep';
import { createBlueskyClient } from './integrations/bluesky/bluesky';
import { createBlueskyAdapter } from './integrations/bluesky/bluesky-adapter';
import { createFeedsAdapter } from './integrations/feeds/feeds';
import { createMailer } from './integrations/mail/create-mailer';
import { createS3MediaStore } from './integrations/media-store/s3-media-store';
import { createLinkPreviews } from './integrations/net/link-card';
import { createWebhookSender } from './integrations/net/webhook-sender';
import type { PlatformAdapter } from './integrations/platform';
import { createXAdapter } from './integrations/x/x-adapter';
import { createXApi } from './integrations/x/x-api';
import { automatedLabelJobs } from './jobs/automated-label';
import { automationJobs, sendAutoPostingDue } from './jobs/automation';
import { cleanupExpiredJob } from './jobs/cleanup-expired';
import { engagementJobs } from './jobs/engagement';
import { inboxJobs } from './jobs/inbox';
import { metricsJobs } from './jobs/metrics';
import { notificationJobs } from './jobs/notifications';
import { publishingJobs } from './jobs/publish-posts';
import { createQueuePort, type Jobs, startJobs } from './jobs/queue';
import { sourceJobs } from './jobs/sources';
import { upkeepJob } from './jobs/upkeep';
import { webhookJobs } from './jobs/webhooks';
import { yourDataJobs } from './jobs/your-data';
import { createAccountService } from './modules/account/account.service';
import { createPlanLimits } from './modules/account/plan-limits';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAutomatedLabelService } from './modules/accounts/automated-label.service';
import { createBlueskyConnectService } from './modules/accounts/bluesky-connect.service';
import { createCredentialStore } from './modules/accounts/credential-store';
import { createXConnectService } from './modules/accounts/x-connect.service';
import { createAiSettingsService } from './modules/ai-settings/ai-settings.service';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAuth } from './modules/auth/auth';
import { createAuthService } from './modules/auth/auth.service';
import { createAutoPostingService } from './modules/automation/auto-posting.service';
import { createAutomationService } from './modules/automation/automation.service';
import { createAutomationPause } from './modules/automation/pause';
import { type BudgetLimits, createBudget } from './modules/budget/budget.service';
import { createEngagementService } from './modules/engagement/engagement.service';
import { createMentionsService } from './modules/engagement/mentions.service';
import { createRepliesService } from './modules/engagement/replies.service';
import { createFeedsService } from './modules/feeds/feeds.service';
import { createIdempotencyService } from './modules/idempotency/idempotency.service';
import { createInboxService } from './modules/inbox/inbox.service';
import { createLandingService } from './modules/landing/landing.service';
import { createMediaRepository, createPostgresMediaStore } from './modules/media/media.repository';
import { createMediaService } from './modules/media/media.service';
import { createMetricsService } from './modules/metrics/metrics.service';
import { createApprovalNotice } from './modules/notifications/approval-waiting';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createOpportunitiesService } from './modules/opportunities/opportunities.service';
import { createPersonasService } from './modules/personas/personas.service';
import { createPostsService } from './modules/posts/posts.service';
import { createPublishingService } from './modules/publishing/publishing.service';
import { createWritingLimit } from './modules/rate-limits/writing-limit';
import { createRepositories, createUnitOfWork } from './modules/repositories';
import { createSchedulingService } from './modules/scheduling/scheduling.service';
import { createSourcesService } from './modules/sources/sources.service';
import { createTagsService } from './modules/tags/tags.service';
import { createWaitlistService } from './modules/waitlist/waitlist.service';
import { createWebhooksService, type WebhookTiming } from './modules/webhooks/webhooks.service';
import { createAccess } from './modules/workspaces/access';
import { createWorkspacesService } from './modules/workspaces/workspaces.service';
import { createDraftCheck } from './modules/writing/draft-check';
import { createWritingService } from './modules/writing/writing.service';
import { createYourDataRepository } from './modules/your-data/your-data.repository';
import { createYourDataService } from './modules/your-data/your-data.service';

/**
 * The one composition root: every repository, adapter, service and job Plume runs, built once
 * from the configuration, for the API process (app.ts) and for `npm run worker` (worker.ts).
 * Nothing is started here; `startJobs` starts the queue (and attaches the queue port to it), `close`
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
  /** Each network's limits on an account; the networks' own unless a test makes them small. */
  budgetLimits?: BudgetLimits | undefined;
  /** Webhook retries and turning off; the defaults (about a day) unless a test makes them quick. */
  webhookTiming?: Partial<WebhookTiming> | undefined;
}) {
  const { config, database, log } = deps;
  const repositories = createRepositories(database.db);
  const data = { repositories, unitOfWork: createUnitOfWork(database.db) };
  // Secrets kept at rest (AI keys, platform tokens) are sealed with APP_SECRET.
  const secretBox = createSecretBox(config.appSecret);
  // SMTP, or outside production the dev outbox that the API serves.
  const mailer = createMailer(config, (message) => repositories.devOutbox.add(message), log);
  const lock = createNamedLock(database);
  // A post waiting for approval: the workspace's inbox, and an e-mail to approvers who asked.
  const awaitingApproval = createApprovalNotice({
    inbox: repositories.inbox,
    notifications: repositories.notifications,
    posts: repositories.posts,
    mailer,
    appUrl: config.appUrl,
    log,
  });

  let jobs: Jobs | undefined;
  /** What services queue jobs through (each job's typed send); it sends once the queue has started. */
  const queue = createQueuePort();

  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    log,
    // Every user starts with a personal workspace whose id is theirs (decision 055).
    onUserCreated: (user) => repositories.workspaces.create({ id: user.id, name: PERSONAL_WORKSPACE_NAME }, user.id),
  });
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
    ollamaUrl: config.ollamaUrl,
  });

  // Automation runs on the real clock and real dice unless a test moves or fixes them.
  const automationClock = deps.clock ? { now: deps.clock } : {};
  const automationDice = deps.random ? { random: deps.random } : {};

  // Every platform budget (decision 033): each adapter reports what its calls spent, on
  // automation's clock (a test that moves it moves the windows too); automation asks before it acts.
  const budget = createBudget({
    repository: repositories.budget,
    log,
    ...(deps.budgetLimits ? { limits: deps.budgetLimits } : {}),
    ...automationClock,
  });

  // The pause rule (decision 035): errors on an account, a post its owner deleted, reply drafts
  // rejected in a row pause a persona's automation; resumed, it looks at its work at once.
  const pause = createAutomationPause({
    repositories,
    queue,
    onResumed: async (persona) => {
      if (persona.automation.autoPosting.enabled) await sendAutoPostingDue(queue);
      if (persona.automation.autoReplies.enabled) await replies.queueFor(persona.id);
      if (persona.automation.engagement.enabled) await engagement.queueFor(persona.id);
    },
    log,
    ...automationClock,
  });

  // The networks: one adapter each (integrations/platform.ts), registered once and handed to every
  // service; their tokens are kept and renewed through the one credential store. A connection it
  // marks for a reconnect pauses its persona's automation.
  const credentials = createCredentialStore({
    accounts: repositories.accounts,
    lock,
    queue,
    onRefused: (account, why) => pause.connectionRefused(account, why),
  });
  // Link cards (decision 043): pages and pictures users link to, as far as FEEDS_ALLOW_PRIVATE reaches.
  const linkPreviews = createLinkPreviews({ reach: config.feedsReach });
  const adapters: Record<Platform, PlatformAdapter> = {
    x: createXAdapter({
      api: config.x ? createXApi({ ...config.x, ...config.xEndpoints, meter: budget.meter }) : undefined,
      appUrl: config.appUrl,
      secretBox,
      credentials,
      states: repositories.accounts,
    }),
    bluesky: createBlueskyAdapter({
      client: createBlueskyClient({
        config: config.bluesky,
        appUrl: config.appUrl,
        store: repositories.accounts,
        credentials,
        secretBox,
        meter: budget.meter,
        readImage: linkPreviews.readImage,
      }),
      credentials,
    }),
  };

  // Webhooks (decision 054): the events port each service tells what happened, and the
  // signed deliveries, through the SSRF-safe fetcher as far as WEBHOOKS_ALLOW_PRIVATE reaches.
  const webhooks = createWebhooksService({
    repository: repositories.webhooks,
    unitOfWork: data.unitOfWork,
    secretBox,
    sender: createWebhookSender({ reach: config.webhooksReach }),
    queue,
    inbox: repositories.inbox,
    log,
    timing: deps.webhookTiming,
  });
  const events = webhooks.events;

  // Connected accounts: each network revokes what it granted when a connection is removed.
  const accounts = createAccountsService({ repositories, adapters, budget, log });
  // The automated label on a persona's accounts (decision 034), seen to by a job.
  const automatedLabel = createAutomatedLabelService({ repositories, adapters, queue, log });
  const bluesky = createBlueskyConnectService({
    repositories,
    bluesky: adapters.bluesky.connect,
    appUrl: config.appUrl,
    defaultService: config.bluesky.service,
    log,
    onConnected: (persona) => automatedLabel.connected(persona),
  });
  const xConnect = createXConnectService({ x: adapters.x.connect, appUrl: config.appUrl, repositories, accounts });

  // The media library (decision 046-media-library): bytes in this database, or in the bucket
  // when MEDIA_S3_BUCKET is set (rows say which, so both can be read after a move).
  const postgresMedia = createPostgresMediaStore(database.db);
  const s3Media = config.media.s3 ? createS3MediaStore(config.media.s3) : undefined;
  const media = createMediaService({
    media: createMediaRepository(database.db),
    store: s3Media ?? postgresMedia,
    stores: { postgres: postgresMedia, ...(s3Media ? { s3: s3Media } : {}) },
    quotaBytes: config.media.quotaBytes,
    writer: (workspaceId) => aiSettings.clientFor(workspaceId),
  });

  // Publishing: through each network's adapter, now or at a post's time.
  const publishing = createPublishingService({
    media,
    repositories,
    posts: repositories.posts,
    accounts,
    preferences: repositories.preferences,
    adapters,
    queue,
    planLimits,
    budget,
    pause,
    readCard: linkPreviews.readCard,
    events,
    history: repositories.postHistory,
    awaitingApproval,
    log,
  });

  // Metrics: each network's reads, through the same adapters (decision 020).
  const metrics = createMetricsService({
    metrics: repositories.metrics,
    accounts: repositories.accounts,
    personas: repositories.personas,
    inbox: repositories.inbox,
    pause,
    adapters,
    maxPages: config.metrics.maxPages,
    events,
    intervalMs: {
      bluesky: config.metrics.intervalMinutes.bluesky * 60_000,
      x: config.metrics.intervalMinutes.x * 60_000,
    },
    queue,
    lock,
    log,
    ...automationClock,
  });

  const feeds = createFeedsAdapter({ reach: config.feedsReach });
  const analytics = createAnalyticsService({
    personas: repositories.personas,
    metrics: repositories.metrics,
    preferences: repositories.preferences,
    engagement: repositories.engagement,
    accounts: repositories.accounts,
    budget,
    posts: repositories.posts,
  });
  // The one check before review (decision 037), for every writer path and the queue's door.
  const check = createDraftCheck(repositories);
  const writing = createWritingService({
    repositories,
    messages: repositories.messages,
    aiSettings,
    writingLimit,
    check,
    ...(deps.clock ? { now: deps.clock } : {}),
  });
  // Automated posting (decision 021): the writer above, a write-slot job per slot.
  const autoPosting = createAutoPostingService({
    repositories,
    write: writing.writeForAutomation,
    check,
    queue,
    planLimits,
    readCard: linkPreviews.readCard,
    log,
    awaitingApproval,
    ...automationClock,
    ...automationDice,
  });
  const scheduling = createSchedulingService({
    media,
    personas: repositories.personas,
    posts: repositories.posts,
    accounts,
    preferences: repositories.preferences,
    queue,
    lock,
    planLimits,
    metrics: repositories.metrics,
    pause,
    check,
    readCard: linkPreviews.readCard,
    events,
    history: repositories.postHistory,
    awaitingApproval,
  });
  // Engagement (decision 022): mentions read through each network's adapter, replies by the
  // writer above; likes, reposts and follows where the network has them (X does not allow them).
  const replies = createRepliesService({
    ...data,
    adapters,
    replyWriter: writing.replyWriter,
    check,
    queue,
    planLimits,
    lock,
    log,
    inbox: repositories.inbox,
    events,
    ...automationClock,
    ...automationDice,
  });
  const engagement = createEngagementService({
    repositories,
    adapters,
    queue,
    budget,
    lock,
    pause,
    log,
    ...automationClock,
    ...automationDice,
  });

  const authService = createAuthService(auth, repositories.auth, {
    onTouchFailed: (error) => log.warn({ err: error }, 'a last-use time was not written'),
  });
  // The one access check (decision 055): every route asks it before a service runs.
  const access = createAccess({ auth: authService, workspaces: repositories.workspaces });
  // Your data (issue 34): exports kept where media is kept, and the deletion of an account.
  const yourData = createYourDataService({
    repository: createYourDataRepository(database.db),
    inbox: repositories.inbox,
    store: s3Media ?? postgresMedia,
    stores: { postgres: postgresMedia, ...(s3Media ? { s3: s3Media } : {}) },
    mailer,
    queue,
    adapters,
    appUrl: config.appUrl,
    log,
    onUserDeleted: (userId) => authService.forgetUser(userId),
  });
  const services = {
    auth: authService,
    access,
    workspaces: createWorkspacesService({
      repository: repositories.workspaces,
      unitOfWork: data.unitOfWork,
      mailer,
      appUrl: config.appUrl,
      onWorkspaceChanged: (workspaceId) => access.forgetWorkspace(workspaceId),
    }),
    yourData,
    media,
    personas: createPersonasService({
      ...data,
      planLimits,
      // A persona switched to posting has its next slot looked at now (one look waits at a time).
      onPostingChanged: () => sendAutoPostingDue(queue),
      onEngagementChanged: async (persona) => {
        // An engaging persona reads its mentions too: the people it may like, repost and follow.
        // Its likes, reposts and follows wait for their next scheduled run (every ten minutes,
        // each its share of the caps): a save never sets off a burst of them.
        const { autoReplies, engagement: engaging } = persona.automation;
        if (autoReplies.enabled || engaging.enabled) await replies.queueFor(persona.id);
      },
      onAutomatedLabelChanged: (personaId) => automatedLabel.queueFor(personaId),
    }),
    tags: createTagsService(data),
    automation: createAutomationService(data),
    autoPosting,
    replies,
    engagement,
    pause,
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
    idempotency: createIdempotencyService({ repository: repositories.idempotency }),
    account: createAccountService({
      account: repositories.account,
      preferences: repositories.preferences,
      workspaces: repositories.workspaces,
      planLimits,
      onUserChanged: (userId) => authService.forgetUser(userId),
    }),
    scheduling,
    posts: createPostsService({ posts: repositories.posts, scheduling, history: repositories.postHistory }),
    mentions: createMentionsService({ repositories, scheduling, replies }),
    feeds: createFeedsService(feeds),
    metrics,
    analytics,
    sources: createSourcesService({
      ...data,
      feeds,
      inbox: repositories.inbox,
      queue,
      log,
    }),
    inbox: createInboxService({
      inbox: repositories.inbox,
      events,
      insights: async (workspaceId, personaId) => {
        const month = await analytics.persona(workspaceId, personaId, { range: '30d', compare: false });
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
      events,
      log,
    }),
    webhooks,
  };

  /** Every job Plume runs, in whichever process works them. */
  const jobDefinitions = [
    cleanupExpiredJob({ ...repositories, budget, exports: yourData }),
    ...notificationJobs(services.notifications),
    ...publishingJobs(publishing),
    ...metricsJobs(metrics),
    ...inboxJobs(services.inbox),
    ...automationJobs(autoPosting),
    ...engagementJobs(replies, engagement),
    ...sourceJobs(services.sources),
    ...automatedLabelJobs(automatedLabel),
    ...yourDataJobs(yourData),
    ...webhookJobs(webhooks),
    upkeepJob(createUpkeep(database)),
  ];

  return {
    repositories,
    services,
    /** better-auth itself: its routes are served under /api/auth. */
    auth,
    /** Each network's adapter (every service reaches a network through them). */
    adapters,
    /** Starts the queue; with `work` this process also runs the jobs. */
    async startJobs(work: boolean): Promise<Jobs> {
      jobs = await startJobs({ database, definitions: jobDefinitions, work, log });
      queue.attach(jobs);
      return jobs;
    },
    async close(): Promise<void> {
      // Jobs still running when the stop begins finish first (pg-boss waits for them, up to its
      // timeout), and their follow-up work (a retry, a deferral, the next publish) is queued as
      // they end; only then does a send fail as one made after the queue stopped.
      await jobs?.stop();
      queue.attach(undefined);
      await lock.close();
      await mailer.close();
    },
  };
}
export type Composition = ReturnType<typeof composeServices>;
