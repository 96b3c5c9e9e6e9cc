import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobDefinition = {
  name: string;
  /** Cron in UTC; the job also runs whenever it is sent. */
  cron?: string;
  handler: () => Promise<unknown>;
};

export type Jobs = {
  boss: PgBoss;
  /** Runs a job now through the queue (used by tests and admin actions). */
  send(name: string): Promise<string | null>;
  stop(): Promise<void>;
};

/**
 * Starts pg-boss on the app's database. With `work` the process also runs the handlers;
 * API processes on PostgreSQL may leave that to `npm run worker` processes.
 */
export async function startJobs(options: {
  database: Database;
  definitions: JobDefinition[];
  work: boolean;
  log: FastifyBaseLogger;
}): Promise<Jobs> {
  const { database, definitions, work, log } = options;
  const boss = database.executor
    ? new PgBoss({ db: database.executor, schema: 'pgboss' })
    : new PgBoss({ connectionString: database.connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const job of definitions) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    if (work) {
      await boss.work(job.name, { pollingIntervalSeconds: 2 }, async ([received]) => {
        const result = await job.handler();
        log.info({ job: job.name, id: received?.id, result }, 'job done');
        return result;
      });
    }
  }

  return {
    boss,
    send: (name) => boss.send(name, {}),
    stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }),
  };
}
