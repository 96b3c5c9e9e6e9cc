import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { type Database, IDLE_CONNECTION_MS } from '../db/client';

export type JobData = Record<string, unknown>;

/** When a job may run (`startAfter`), and its key: a job with the same key still waiting makes a send a no-op. */
export type SendOptions = { startAfter?: Date; singletonKey?: string };

/**
 * The queue port: how services ask for work to be done by a job, through the typed send of the
 * job's own file (`sendPublishPost(queue, { postId }, { at })`). Answers the job's id, or null
 * when a job with the same key was still waiting.
 */
export type Queue = {
  send(name: string, data?: JobData, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement (a batch of posts scheduled at once). */
  sendMany(name: string, jobs: { data: JobData; options?: SendOptions }[]): Promise<void>;
};

/**
 * The queue every service holds from the start: it sends through pg-boss once `startJobs` has
 * started it. A send before that, or after the queue stopped, throws (decision 025): every process
 * starts its queue before it serves a request or runs a job, so such a send is a mistake to hear
 * about, never work to drop in silence.
 */
export function createQueuePort(): Queue & { attach(jobs: Queue | undefined): void } {
  let started: Queue | undefined;
  return {
    attach(jobs) {
      started = jobs;
    },
    send(name, data = {}, options = {}) {
      if (!started) return Promise.reject(new Error(`The job queue is not running (${name} was not queued)`));
      return started.send(name, data, options);
    },
    sendMany(name, jobs) {
      if (!started) return Promise.reject(new Error(`The job queue is not running (${name} was not queued)`));
      return started.sendMany(name, jobs);
    },
  };
}

/** What a handler answers for a payload that does not fit its job's schema: logged, and the job dropped. */
export class BadJob {
  constructor(readonly problem: string) {}
}

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

/**
 * Jobs queued before workspaces (decision 055) name the persona's owner as `userId`; their
 * personal workspace has the same id, so such a payload reads as `workspaceId`.
 */
export function workspaceFromUserId(payload: unknown): unknown {
  if (payload && typeof payload === 'object' && 'userId' in payload && !('workspaceId' in payload)) {
    const { userId, ...rest } = payload as { userId: unknown };
    return { ...rest, workspaceId: userId };
  }
  return payload;
}

/**
 * A job whose payload has a schema (its own jobs/<x>.ts): the handlers get the payload parsed, and
 * a payload that does not fit is answered with a BadJob, which the queue logs and drops.
 */
export function defineJob<T>(
  job: Omit<JobDefinition, 'handler' | 'handleBatch'> & {
    payload: z.ZodType<T>;
    handler: (data: T) => Promise<unknown>;
    handleBatch?: (items: T[]) => Promise<PromiseSettledResult<unknown>[]>;
  },
): JobDefinition {
  const { payload, handler, handleBatch, ...rest } = job;
  const parse = (data: JobData): { ok: true; data: T } | { ok: false; bad: BadJob } => {
    const parsed = payload.safeParse(data);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, bad: new BadJob(z.prettifyError(parsed.error)) };
  };
  return {
    ...rest,
    handler: async (data) => {
      const parsed = parse(data);
      return parsed.ok ? handler(parsed.data) : parsed.bad;
    },
    ...(handleBatch
      ? {
          handleBatch: async (items) => {
            const parsed = items.map(parse);
            const good = parsed.flatMap((p) => (p.ok ? [p.data] : []));
            const settled = good.length > 0 ? await handleBatch(good) : [];
            let next = 0;
            return parsed.map((p) =>
              p.ok
                ? (settled[next++] ?? { status: 'rejected', reason: new Error('no outcome') })
                : { status: 'fulfilled', value: p.bad },
            );
          },
        }
      : {}),
  };
}

export type Jobs = Queue & {
  boss: PgBoss;
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
  // pg-boss hands its options to its pg.Pool as they are (its types name only some of them): its
  // idle connections are kept as long as the app's.
  const ownPool: PgBoss.ConstructorOptions & { idleTimeoutMillis: number } = {
    connectionString: database.connectionString,
    schema: 'pgboss',
    max: 4,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  };
  const boss = database.executor ? new PgBoss({ db: database.executor, schema: 'pgboss' }) : new PgBoss(ownPool);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  /** A job's answer as stored: a payload that did not fit is logged and ends as 'bad job' (never retried). */
  const told = (name: string, id: string | undefined, result: unknown) => {
    if (!(result instanceof BadJob)) return result;
    log.warn({ job: name, id, problem: result.problem }, 'a job with a bad payload was dropped');
    return 'bad job';
  };

  // pg-boss takes ids with one output for them all (its types name only one id with an output).
  type Completion = (name: string, ids: string[], output: object) => Promise<void>;
  const completeMany = boss.complete.bind(boss) as unknown as Completion;
  const failMany = boss.fail.bind(boss) as unknown as Completion;

  /** This process's worker of each queue it works: a job sent for now is taken at once, not at its next poll. */
  const workers = new Map<string, string>();
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
            const result = told(job.name, received[0]?.id, await job.handler(received[0]?.data ?? {}));
            log.debug({ job: job.name, id: received[0]?.id, result }, 'job done');
            return result;
          }
          // A batch: each job ends on its own, with its own output; one that throws fails alone
          // (pg-boss's completion of the whole batch afterwards finds none still active).
          const settled = job.handleBatch
            ? await job.handleBatch(received.map((one) => one.data ?? {}))
            : await Promise.allSettled(received.map((one) => job.handler(one.data ?? {})));
          // Jobs ending alike (most of a batch: 'posted') are completed in one statement, not one
          // each: a batch of 100 costs a few round trips, not 100 (issue 32).
          const alike = new Map<string, { ok: boolean; output: object; ids: string[] }>();
          settled.forEach((outcome, i) => {
            const id = received[i]?.id ?? '';
            // Stored as pg-boss stores a single job's answer: an object as is, anything else as { value }.
            const value = outcome.status === 'fulfilled' ? told(job.name, id, outcome.value) : outcome.reason;
            const output = (typeof value === 'object' && value !== null ? value : { value }) as object;
            const ok = outcome.status === 'fulfilled';
            // An error's own fields do not survive JSON: each failure is stored on its own.
            const key = ok ? `ok:${JSON.stringify(output)}` : `fail:${id}`;
            const group = alike.get(key) ?? { ok, output, ids: [] };
            group.ids.push(id);
            alike.set(key, group);
          });
          await Promise.all(
            [...alike.values()].map(({ ok, output, ids }) =>
              ok ? completeMany(job.name, ids, output) : failMany(job.name, ids, output),
            ),
          );
          log.debug({ job: job.name, ids: received.map((one) => one.id) }, 'job batch done');
        },
      );
      workers.set(job.name, workerId);
    }
  }

  return {
    boss,
    async send(name, data = {}, options = {}) {
      const id = await boss.send(name, data, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      const worker = workers.get(name);
      const later = options.startAfter && options.startAfter.getTime() > Date.now();
      if (id && worker && !later) boss.notifyWorker(worker);
      return id;
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map(({ data, options = {} }) => ({
          name,
          data,
          ...(options.startAfter ? { startAfter: options.startAfter } : {}),
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        })),
      );
      const worker = workers.get(name);
      const current = Date.now();
      if (worker && jobs.some((job) => !job.options?.startAfter || job.options.startAfter.getTime() <= current))
        boss.notifyWorker(worker);
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }),
  };
}
