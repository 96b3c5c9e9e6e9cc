import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { Platform } from '@plume/core';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createSecretBox } from './crypto/secret-box';
import { type Database, openDatabase } from './db/client';
import { createRepositories, createUnitOfWork } from './db/unit-of-work';
import { createFeedsAdapter } from './integrations/feeds/feeds';
import { createMailer } from './integrations/mail/create-mailer';
import type { Mailer } from './integrations/mail/mailer';
import { jobDefinitions } from './jobs/definitions';
import { PUBLISH_POST, publishingJobs } from './jobs/publish-posts';
import { type Jobs, startJobs } from './jobs/queue';
import { createAccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { blueskyRoutes } from './modules/accounts/bluesky.routes';
import { xRoutes } from './modules/accounts/x.routes';
import { aiSettingsRoutes } from './modules/ai-settings/ai-settings.routes';
import { createAiSettingsService } from './modules/ai-settings/ai-settings.service';
import { createAuth } from './modules/auth/auth';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { registerSignInGuard } from './modules/auth/sign-in-guard';
import { automationRoutes } from './modules/automation/automation.routes';
import { createAutomationService } from './modules/automation/automation.service';
import { createDevOutboxRepository } from './modules/dev-outbox/dev-outbox.repository';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { createFeedsService } from './modules/feeds/feeds.service';
import { healthRoutes } from './modules/health/health.routes';
import { createLandingRepository } from './modules/landing/landing.repository';
import { landingRoutes } from './modules/landing/landing.routes';
import { createLandingService } from './modules/landing/landing.service';
import { personasRoutes } from './modules/personas/personas.routes';
import { createPersonasService } from './modules/personas/personas.service';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import type { PlatformPublisher } from './modules/publishing/publisher';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import { createRateLimitsRepository } from './modules/rate-limits/rate-limits.repository';
import { createWritingLimit } from './modules/rate-limits/writing-limit';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes';
import { createSchedulingService } from './modules/scheduling/scheduling.service';
import { sourcesRoutes } from './modules/sources/sources.routes';
import { createSourcesService } from './modules/sources/sources.service';
import { tagsRoutes } from './modules/tags/tags.routes';
import { createTagsService } from './modules/tags/tags.service';
import { createWaitlistRepository } from './modules/waitlist/waitlist.repository';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { createWaitlistService } from './modules/waitlist/waitlist.service';
import { createWritingRepository } from './modules/writing/writing.repository';
import { writingRoutes } from './modules/writing/writing.routes';
import { createWritingService } from './modules/writing/writing.service';
import { createPlatforms } from './platforms';
import { registerErrorHandler, registerJsonParser, registerTextGuard } from './plugins/errors';
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
    /** Each platform's publisher (the publishing service posts through them). */
    publishers: Partial<Record<Platform, PlatformPublisher>>;
  }
}

/** Builds the whole app (API, web, in-process jobs) without listening. `logStream`: where logs go (tests read them). */
export async function buildApp(
  config: Config,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestLogFields, err: errorLogFields },
      ...(options.logStream ? { stream: options.logStream } : {}),
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
  registerErrorHandler(app);
  registerJsonParser(app);
  registerTextGuard(app);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (error) => app.log.warn({ err: error }, 'database connection lost'),
  });
  app.decorate('database', database);

  const devOutbox = createDevOutboxRepository(database.db);
  const mailer: Mailer = createMailer(config, (message) => devOutbox.add(message), app.log);

  const auth = createAuth({ config, db: database.db, mailer, log: app.log });
  const authService = createAuthService(auth, createAuthRepository(database.db));
  const rateLimits = createRateLimitsRepository(database.db);

  registerSignInGuard(app, { auth: authService, trustedOrigins: config.trustedOrigins });
  await registerSecurity(app, { https: config.appUrl.startsWith('https://') });
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(rateLimits) });
  await registerOpenApi(app, config.version);

  await app.register(healthRoutes({ database: database.kind, version: config.version }));
  await app.register(authRoutes({ auth, authService, config }));
  const data = { repositories: createRepositories(database.db), unitOfWork: createUnitOfWork(database.db) };
  // Secrets kept at rest (AI keys, platform tokens) are sealed with APP_SECRET.
  const secretBox = createSecretBox(config.appSecret);
  await app.register(personasRoutes({ auth: authService, personas: createPersonasService(data) }));
  await app.register(tagsRoutes({ auth: authService, tags: createTagsService(data) }));
  await app.register(automationRoutes({ auth: authService, automation: createAutomationService(data) }));
  // Writing: the model a user writes with (their settings, the server's AI_* defaults, or offline).
  const writingLimit = createWritingLimit(rateLimits, config.generationRateLimit);
  const aiSettingsService = createAiSettingsService({
    repository: data.repositories.aiSettings,
    secretBox,
    serverDefault: config.ai,
    timeoutMs: config.aiTimeoutMs,
    allowPrivate: config.aiAllowPrivate,
    writingLimit,
  });
  await app.register(aiSettingsRoutes({ auth: authService, aiSettings: aiSettingsService }));
  const writing = createWritingService({
    repositories: data.repositories,
    messages: createWritingRepository(database.db),
    aiSettings: aiSettingsService,
    writingLimit,
  });
  await app.register(writingRoutes({ auth: authService, writing }));
  // The public landing page: its reads, the demo's sample and the waitlist.
  const landingRepository = createLandingRepository(database.db);
  await app.register(
    landingRoutes({
      landing: createLandingService({
        repository: landingRepository,
        metricsCacheMs: config.landingMetricsCacheSeconds * 1000,
      }),
      writing,
      rateLimit: config.publicRateLimit,
    }),
  );
  await app.register(
    waitlistRoutes({
      waitlist: createWaitlistService({ repository: createWaitlistRepository(database.db) }),
      rateLimit: config.publicRateLimit,
    }),
  );
  await landingRepository.recordHeartbeat(new Date());
  const heartbeat = setInterval(() => {
    landingRepository
      .recordHeartbeat(new Date())
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not record the uptime heartbeat'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // Connected accounts and publishing (shared with `npm run worker`); jobs are bound once started.
  let jobs: Jobs | undefined;
  const enqueue = async (postId: string, at: Date) => {
    if (!jobs) throw new Error('The job queue has not started');
    await jobs.send(PUBLISH_POST, { postId }, { startAfter: at });
  };
  const platforms = createPlatforms({ config, database, ...data, secretBox, log: app.log, enqueue });
  await app.register(accountsRoutes({ auth: authService, accounts: platforms.accounts }));
  await app.register(
    blueskyRoutes({
      auth: authService,
      bluesky: platforms.bluesky,
      clientMetadata: platforms.blueskyAdapter.clientMetadata,
      rateLimit: config.authRateLimit,
    }),
  );
  await app.register(xRoutes({ auth: authService, x: platforms.xConnect, rateLimit: config.authRateLimit }));
  app.decorate('publishers', platforms.publishers);
  await app.register(publishingRoutes({ auth: authService, publishing: platforms.publishing }));
  await app.register(preferencesRoutes({ auth: authService, preferences: platforms.preferences }));
  await app.register(
    accountRoutes({
      auth: authService,
      account: createAccountService({
        account: createAccountRepository(database.db),
        preferences: platforms.preferences,
      }),
    }),
  );
  await app.register(
    schedulingRoutes({
      auth: authService,
      scheduling: createSchedulingService({
        posts: platforms.posts,
        accounts: platforms.accounts,
        preferences: platforms.preferences,
        enqueue,
        lock: platforms.lock,
      }),
    }),
  );
  const feeds = createFeedsAdapter({ allowPrivate: config.feedsAllowPrivate });
  await app.register(feedsRoutes({ auth: authService, feeds: createFeedsService(feeds) }));
  await app.register(sourcesRoutes({ auth: authService, sources: createSourcesService({ ...data, feeds }) }));
  if (config.nodeEnv !== 'production') await app.register(devOutboxRoutes(devOutbox));
  await registerWebApp(app, config.webDist);

  const started = await startJobs({
    database,
    definitions: [
      ...jobDefinitions({ db: database.db, mailer, appUrl: config.appUrl, log: app.log }),
      ...publishingJobs(platforms.publishing),
    ],
    work: config.runWorker,
    log: app.log,
  });
  jobs = started;
  app.decorate('jobs', started);
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await started.stop();
    await platforms.lock.close();
    await mailer.close();
    await database.close();
  });

  return app;
}
