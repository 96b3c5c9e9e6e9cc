import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { jobDefinitions } from './jobs/definitions';
import { startJobs } from './jobs/queue';

/** `npm run worker`: runs jobs only, against PostgreSQL, beside any number of API processes. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL: required for a separate worker (with PGlite the worker runs inside npm start)',
    ]);
  }
  const log = pino({ level: config.logLevel, base: { role: 'worker' } });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (error) => log.warn({ err: error }, 'database connection lost'),
  });
  const jobs = await startJobs({ database, definitions: jobDefinitions(database.db), work: true, log });
  log.info('worker started');

  const shutdown = async (signal: string) => {
    log.info(`${signal}: finishing jobs, then stopping`);
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exit(1);
});
