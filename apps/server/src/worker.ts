import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { createSecretBox } from './crypto/secret-box';
import { DataDirLockedError, openDatabase } from './db/client';
import { createRepositories, createUnitOfWork } from './db/unit-of-work';
import { createMailer } from './integrations/mail/create-mailer';
import { jobDefinitions } from './jobs/definitions';
import { PUBLISH_POST, publishingJobs } from './jobs/publish-posts';
import { type Jobs, startJobs } from './jobs/queue';
import { createDevOutboxRepository } from './modules/dev-outbox/dev-outbox.repository';
import { createPlatforms } from './platforms';
import { errorLogFields } from './plugins/log-redaction';

/** `npm run worker`: runs jobs only, against PostgreSQL, beside any number of API processes. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL: required for a separate worker (with PGlite the worker runs inside npm start)',
    ]);
  }
  const log = pino({ level: config.logLevel, base: { role: 'worker' }, serializers: { err: errorLogFields } });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (error) => log.warn({ err: error }, 'database connection lost'),
  });
  let jobs: Jobs | undefined;
  const platforms = createPlatforms({
    config,
    database,
    repositories: createRepositories(database.db),
    unitOfWork: createUnitOfWork(database.db),
    secretBox: createSecretBox(config.appSecret),
    log,
    enqueue: async (postId, at) => {
      await jobs?.send(PUBLISH_POST, { postId }, { startAfter: at });
    },
  });
  // Notices are e-mailed from here too: SMTP, or the dev outbox the API serves outside production.
  const devOutbox = createDevOutboxRepository(database.db);
  const mailer = createMailer(config, (message) => devOutbox.add(message), log);
  const started = await startJobs({
    database,
    definitions: [
      ...jobDefinitions({ db: database.db, mailer, appUrl: config.appUrl, log }),
      ...publishingJobs(platforms.publishing),
    ],
    work: true,
    log,
  });
  jobs = started;
  log.info('worker started');

  shutdown = async (signal: string) => {
    log.info(`${signal}: finishing jobs, then stopping`);
    await started.stop();
    await platforms.lock.close();
    await mailer.close();
    await database.close();
    process.exit(0);
  };
  if (stopAsked) await shutdown(stopAsked);
}

// A stop asked for while the worker starts (a deploy, a test) waits for the start, then stops cleanly.
let shutdown: ((signal: string) => Promise<void>) | undefined;
let stopAsked: string | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (shutdown) void shutdown(signal);
    else stopAsked = signal;
  });
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exit(1);
});
