import pino from 'pino';
import { composeServices } from './composition-root';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { logDestination } from './plugins/log-output';
import { errorLogFields } from './plugins/log-redaction';

/** `npm run worker`: runs jobs only, against PostgreSQL, beside any number of API processes. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL: required for a separate worker (with PGlite the worker runs inside npm start)',
    ]);
  }
  const options = { level: config.logLevel, base: { role: 'worker' }, serializers: { err: errorLogFields } };
  const destination = logDestination(config.logFormat);
  const log = destination ? pino(options, destination) : pino(options);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    onError: (error) => log.warn({ err: error }, 'database connection lost'),
  });
  const composition = composeServices({ config, database, log });
  await composition.startJobs(true);
  log.info('worker started');

  shutdown = async (signal: string) => {
    log.info(`${signal}: finishing jobs, then stopping`);
    await composition.close();
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
