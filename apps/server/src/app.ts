import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { Platform } from '@plume/core';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { composeServices } from './composition-root';
import type { Config } from './config';
import { type Database, openDatabase, type QueryListener } from './db/client';
import { fairKey } from './db/fair-queue';
import type { PlatformAdapter } from './integrations/platform';
import type { Jobs } from './jobs/queue';
import { accountRoutes } from './modules/account/account.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { blueskyRoutes } from './modules/accounts/bluesky.routes';
import { xRoutes } from './modules/accounts/x.routes';
import { aiSettingsRoutes } from './modules/ai-settings/ai-settings.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { registerSignInGuard } from './modules/auth/sign-in-guard';
import { automationRoutes } from './modules/automation/automation.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import type { BudgetLimits } from './modules/budget/budget.service';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes';
import { mentionsRoutes } from './modules/engagement/mentions.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerIdempotentCreates } from './modules/idempotency/idempotent-creates';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { landingRoutes } from './modules/landing/landing.routes';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import { createMcpTools } from './modules/mcp/mcp.tools';
import { mediaRoutes } from './modules/media/media.routes';
import { opportunitiesRoutes } from './modules/opportunities/opportunities.routes';
import { personasRoutes } from './modules/personas/personas.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes';
import { sourcesRoutes } from './modules/sources/sources.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import type { WebhookTiming } from './modules/webhooks/webhooks.service';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { writingRoutes } from './modules/writing/writing.routes';
import { yourDataRoutes } from './modules/your-data/your-data.routes';
import { registerErrorHandler, registerJsonParser, registerTextGuard } from './plugins/errors';
import { logDestination } from './plugins/log-output';
import { errorLogFields, requestLogFields } from './plugins/log-redaction';
import { registerOpenApi } from './plugins/openapi';
import { pgRateLimitStore } from './plugins/rate-limit-store';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

export const BODY_LIMIT_BYTES = 256 * 1024;
/** How often a process records that it is running (the landing page's uptime counts minutes). */
const HEARTBEAT_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    jobs: Jobs;
    /** Each network's adapter (every service reaches a network through them). */
    adapters: Record<Platform, PlatformAdapter>;
  }
}

/** Builds the whole app (API, web, in-process jobs) without listening. `logStream`: where logs go (tests read them). */
export async function buildApp(
  config: Config,
  options: {
    logStream?: { write(line: string): void };
    /** Automation's clock (its slots and their time); tests move it, the real one otherwise. */
    clock?: () => Date;
    /** Automation's dice (the reply sample); tests fix them, Math.random otherwise. */
    random?: () => number;
    /** Hears every statement the app runs through Drizzle (tests count reads). */
    onQuery?: QueryListener;
    /** Each network's limits on an account; the networks' own unless a test makes them small. */
    budgetLimits?: BudgetLimits;
    /** Webhook retries and turning off; about a day unless a test makes them quick. */
    webhookTiming?: Partial<WebhookTiming>;
  } = {},
): Promise<FastifyInstance> {
  const logStream = options.logStream ?? logDestination(config.logFormat);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestLogFields, err: errorLogFields },
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Errors the router meets before any route (a malformed URL, an over-long id) get the API's
    // error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply.status(tooLong ? 414 : (error.statusCode ?? 400)).send({
        error: {
          code: tooLong ? 'uri_too_long' : 'bad_request',
          message: tooLong ? 'A part of the URL is too long' : 'The URL is not valid (a malformed %-escape?)',
        },
      });
    },
    // Only this many proxies' X-Forwarded-For entries are believed; a client cannot pick its own address.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Whose turn a statement takes in PGlite's fair queue (decision 048-fair-under-load): the
  // credential presented, else the address. Set again once the body is read (its events run
  // outside the request's context). PostgreSQL has no such queue: no request pays for the
  // context there (it makes every promise of the process tracked).
  const enterFairTurn = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const { authorization, cookie } = request.headers;
    fairKey.enterWith((authorization ?? cookie ?? request.ip).slice(0, 512));
    done();
  };
  if (!config.databaseUrl) {
    app.addHook('onRequest', enterFairTurn);
    app.addHook('preHandler', enterFairTurn);
  }
  registerErrorHandler(app);
  registerJsonParser(app);
  registerTextGuard(app);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    onError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    onQuery: options.onQuery,
  });
  app.decorate('database', database);

  const composition = composeServices({
    config,
    database,
    log: app.log,
    clock: options.clock,
    random: options.random,
    budgetLimits: options.budgetLimits,
    webhookTiming: options.webhookTiming,
  });
  const { repositories, services } = composition;
  const { auth: authService, access } = services;

  registerSignInGuard(app, { auth: authService, trustedOrigins: config.trustedOrigins });
  await registerSecurity(app, { https: config.appUrl.startsWith('https://') });
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(repositories.rateLimits) });
  // Before every route: each create route takes an Idempotency-Key (decision 051-posts-api).
  registerIdempotentCreates(app, { auth: authService, idempotency: services.idempotency });
  await registerOpenApi(app, config.version);

  await app.register(healthRoutes({ database: database.kind, version: config.version }));
  await app.register(authRoutes({ auth: composition.auth, authService, config }));
  await app.register(personasRoutes({ access, personas: services.personas }));
  await app.register(workspacesRoutes({ auth: authService, access, workspaces: services.workspaces }));
  await app.register(tagsRoutes({ access, tags: services.tags }));
  await app.register(
    automationRoutes({
      access,
      automation: services.automation,
      autoPosting: services.autoPosting,
      engagement: services.engagement,
      pause: services.pause,
    }),
  );
  await app.register(mentionsRoutes({ access, mentions: services.mentions, idempotency: services.idempotency }));
  await app.register(aiSettingsRoutes({ access, aiSettings: services.aiSettings }));
  await app.register(writingRoutes({ access, writing: services.writing }));
  // The public landing page: its reads, the demo's sample and the waitlist.
  await app.register(
    landingRoutes({ landing: services.landing, writing: services.writing, rateLimit: config.publicRateLimit }),
  );
  await app.register(waitlistRoutes({ waitlist: services.waitlist, rateLimit: config.publicRateLimit }));
  await app.register(accountsRoutes({ access, accounts: services.accounts }));
  await app.register(
    blueskyRoutes({
      auth: authService,
      access,
      bluesky: services.bluesky,
      clientMetadata: composition.adapters.bluesky.connect.clientMetadata ?? {},
      rateLimit: config.authRateLimit,
    }),
  );
  await app.register(xRoutes({ auth: authService, access, x: services.xConnect, rateLimit: config.authRateLimit }));
  app.decorate('adapters', composition.adapters);
  await app.register(publishingRoutes({ access, publishing: services.publishing, idempotency: services.idempotency }));
  await app.register(preferencesRoutes({ auth: authService, preferences: repositories.preferences }));
  await app.register(accountRoutes({ auth: authService, access, account: services.account }));
  await app.register(yourDataRoutes({ auth: authService, yourData: services.yourData }));
  await app.register(schedulingRoutes({ access, scheduling: services.scheduling }));
  await app.register(postsRoutes({ access, posts: services.posts }));
  await app.register(mediaRoutes({ access, media: services.media }));
  await app.register(feedsRoutes({ access, feeds: services.feeds }));
  await app.register(sourcesRoutes({ access, sources: services.sources }));
  await app.register(inboxRoutes({ access, inbox: repositories.inbox }));
  await app.register(
    backupRoutes({ database, appSecret: config.appSecret, dataDir: config.dataDir, version: config.version }),
  );
  await app.register(webhooksRoutes({ access, webhooks: services.webhooks }));
  await app.register(opportunitiesRoutes({ access, opportunities: services.opportunities }));
  await app.register(
    analyticsRoutes({
      access,
      analytics: services.analytics,
      metrics: services.metrics,
      refreshRateLimit: config.metricsRefreshRateLimit,
    }),
  );
  // The MCP server (issue 34): its tools call the same services as the routes above.
  await app.register(
    mcpRoutes({
      access,
      tools: createMcpTools({
        personas: services.personas,
        writing: services.writing,
        scheduling: services.scheduling,
        analytics: services.analytics,
      }),
      version: config.version,
    }),
  );
  if (config.nodeEnv !== 'production') await app.register(devOutboxRoutes(repositories.devOutbox));
  await registerWebApp(app, config.webDist);

  // The landing page's uptime counts the minutes an API process was running.
  await repositories.landing.recordHeartbeat(new Date());
  const heartbeat = setInterval(() => {
    repositories.landing
      .recordHeartbeat(new Date())
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not record the uptime heartbeat'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.decorate('jobs', await composition.startJobs(config.runWorker));
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await composition.close();
    await database.close();
  });

  return app;
}
