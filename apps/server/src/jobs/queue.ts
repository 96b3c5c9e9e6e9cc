import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobData = Record<string, unknown>;

export type JobDefinition = {
  name: string;
  /** Cron in UTC; the job also runs whenever it is sent. */
  cron?: string;
  /** How many jobs of this queue a worker takes at once, and how often it looks (seconds). */
  batchSize?: number;
  pollingIntervalSeconds?: number;
  /** 'stately': at most one job per singletonKey waiting and one running (a per-account sync). */
  policy?: 'stately';
  handler: (data: JobData) => Promise<unknown>;
  /**
   * A batch handled as a whole (publishing orders one account's posts within it): each job's
   * outcome, in the order received. Without it, a batch's jobs run side by side through `handler`.
   */
  handleBatch?: (items: JobData[]) => Promise<PromiseSettledResult<unknown>[]>;
};

export type Jobs = {
  boss: PgBoss;
  /**
   * Queues a job: now, or from `startAfter` on. With `singletonKey`, a job with the same key still
   * waiting makes this one a no-op (null).
   */
  send(name: string, data?: JobData, options?: { startAfter?: Date; singletonKey?: string }): Promise<string | null>;
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
    await boss.createQueue(job.name, job.policy ? { name: job.name, policy: job.policy } : undefined);
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    if (work) {
      const batchSize = job.batchSize ?? 1;
      const workerId: string = await boss.work<JobData>(
        job.name,
        { pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2, batchSize },
        async (received) => {
          // A full batch means more may be waiting: look again as soon as this one is done, not
          // after the polling interval (the queue is never idle while work waits).
          if (batchSize > 1 && received.length === batchSize) boss.notifyWorker(workerId);
          if (received.length === 1 && !job.handleBatch) {
            const result = await job.handler(received[0]?.data ?? {});
            log.debug({ job: job.name, id: received[0]?.id, result }, 'job done');
            return result;
          }
          // A batch: each job ends on its own, with its own output; one that throws fails alone
          // (pg-boss's completion of the whole batch afterwards finds none still active).
          const settled = job.handleBatch
            ? await job.handleBatch(received.map((one) => one.data ?? {}))
            : await Promise.allSettled(received.map((one) => job.handler(one.data ?? {})));
          await Promise.all(
            settled.map((outcome, i) => {
              const id = received[i]?.id ?? '';
              // Stored as pg-boss stores a single job's answer: an object as is, anything else as { value }.
              const value = outcome.status === 'fulfilled' ? outcome.value : outcome.reason;
              const output = (typeof value === 'object' && value !== null ? value : { value }) as object;
              return outcome.status === 'fulfilled'
                ? boss.complete(job.name, id, output)
                : boss.fail(job.name, id, output);
            }),
          );
          log.debug({ job: job.name, ids: received.map((one) => one.id) }, 'job batch done');
        },
      );
    }
  }

  return {
    boss,
    send: (name, data = {}, options = {}) =>
      boss.send(name, data, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      }),
    stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }),
  };
}
