import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Persona } from '@plume/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, platformAccounts, sessions, users, verifications } from '../src/db/schema';
import { WRITE_SLOT } from '../src/jobs/automation';
import { CLEANUP_EXPIRED } from '../src/jobs/cleanup-expired';
import { CHECK_MENTIONS } from '../src/jobs/engagement';
import { PUBLISH_POST } from '../src/jobs/publish-posts';
import { DATABASE_UPKEEP } from '../src/jobs/upkeep';
import { type LlmStub, openaiText, startLlmStub } from './fakes/llm';
import { build, type TestServer } from './helpers/build';
import { readJson, signedInUser } from './helpers/client';
import { until } from './helpers/until';

async function seedExpiredAndLive(server: TestServer) {
  const { db } = server.app.database;
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 3_600_000);
  await db.insert(users).values({ id: 'u1', name: 'Ann', email: 'ann@example.com' });
  await db.insert(sessions).values([
    { id: 's-old', token: 't-old', userId: 'u1', expiresAt: past },
    { id: 's-live', token: 't-live', userId: 'u1', expiresAt: future },
  ]);
  await db.insert(verifications).values([
    { id: 'v-old', identifier: 'x', value: 'y', expiresAt: past },
    { id: 'v-live', identifier: 'x', value: 'y', expiresAt: future },
  ]);
  await db.insert(oauthStates).values([
    { key: 'o-old', platform: 'x', value: 'sealed', expiresAt: past },
    { key: 'o-live', platform: 'bluesky', value: 'sealed', expiresAt: future },
  ]);
}

async function remaining(server: TestServer) {
  const { db } = server.app.database;
  const s = await db.select({ id: sessions.id }).from(sessions);
  const v = await db.select({ id: verifications.id }).from(verifications);
  return [...s, ...v].map((r) => r.id).sort();
}

describe('the cleanup job', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server?.close());

  it('runs through the queue and removes only expired sessions, magic-link tokens and OAuth states', async () => {
    await seedExpiredAndLive(server);
    const id = await server.app.jobs.send(CLEANUP_EXPIRED);
    expect(id).toBeTruthy();
    const left = await until(async () => {
      const ids = await remaining(server);
      return ids.length === 2 ? ids : undefined;
    });
    expect(left).toEqual(['s-live', 'v-live']);
    const job = await until(async () => {
      const found = await server.app.jobs.boss.getJobById(CLEANUP_EXPIRED, id ?? '');
      return found?.state === 'completed' ? found : undefined;
    });
    expect(job.output).toMatchObject({ sessions: 1, verifications: 1, oauthStates: 1 });
    const states = await server.app.database.db.select({ key: oauthStates.key }).from(oauthStates);
    expect(states.map((s) => s.key)).toEqual(['o-live']);
  });

  it('is scheduled hourly, and the database upkeep every minute', async () => {
    const schedules = await server.app.jobs.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: CLEANUP_EXPIRED, cron: '7 * * * *' }),
        expect.objectContaining({ name: DATABASE_UPKEEP, cron: '* * * * *' }),
      ]),
    );
  });
});

describe('a job whose payload does not fit its schema', () => {
  let server: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await build({ LOG_LEVEL: 'warn' }, { logStream: { write: (line: string) => void logs.push(line) } });
  });
  afterAll(() => server?.close());

  it('is logged and dropped as a bad job, never retried', async () => {
    const id = (await server.app.jobs.send(CHECK_MENTIONS, { accountId: 42 })) ?? '';
    const job = await until(async () => {
      const found = await server.app.jobs.boss.getJobById(CHECK_MENTIONS, id);
      return found?.state === 'completed' || found?.state === 'failed' ? found : undefined;
    });
    expect(job).toMatchObject({ state: 'completed', retryCount: 0, output: { value: 'bad job' } });
    const told = logs.map((line) => JSON.parse(line) as { msg: string; job?: string; id?: string; problem?: string });
    expect(told.find((entry) => entry.msg === 'a job with a bad payload was dropped')).toMatchObject({
      job: CHECK_MENTIONS,
      id,
      problem: expect.stringContaining('accountId'),
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('npm run worker', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ RUN_WORKER: 'false' });
  });
  afterAll(() => server?.close());

  it('runs the jobs an API process without a worker queued', async () => {
    await seedExpiredAndLive(server);
    const jobId = (await server.app.jobs.send(CLEANUP_EXPIRED)) ?? '';
    expect(jobId).not.toBe('');
    expect(await remaining(server)).toHaveLength(4);

    const workerStartedAt = Date.now();
    const serverRoot = path.resolve(import.meta.dirname, '..');
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: server.app.database.connectionString,
        LOG_LEVEL: 'warn',
        DATA_DIR: server.dataDir,
      },
      stdio: 'inherit',
    });
    try {
      const done = await until(async () => {
        const job = await server.app.jobs.boss.getJobById(CLEANUP_EXPIRED, jobId);
        return job?.state === 'completed' ? job : undefined;
      });
      // Nobody worked the queue before the worker process came.
      expect(done.startedOn.getTime()).toBeGreaterThanOrEqual(workerStartedAt);
      expect(await remaining(server)).toHaveLength(2);
    } finally {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});

/** Reads a stopped server's database (its pool or PGlite closed): a connection of the test's own. */
async function readStopped<T>(server: TestServer, text: string, values: unknown[]): Promise<T[]> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(server.dataDir, 'pglite'));
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.close();
  }
}

describe('a server that stops while a job runs', () => {
  let server: TestServer;
  let model: LlmStub;
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });

  beforeAll(async () => {
    // The model answers only when the test says: the write-slot job is in flight until then.
    model = await startLlmStub({
      fallback: async (req, res, body) => {
        await answered;
        await openaiText('Written while the server stops.', 'stub')(req, res, body);
      },
    });
    server = await build({
      AI_PROVIDER: 'custom',
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'stub',
      METRICS_SYNC_MINUTES: '0',
      X_METRICS_SYNC_MINUTES: '0',
    });
  });
  afterAll(async () => {
    answer();
    await server?.close();
    await model?.close();
  });

  it('lets the job finish and queue its follow-up work (the slot’s publish) before the queue stops', async () => {
    const ann = await signedInUser(server.url, 'stopping');
    const userId = (await readJson<{ user: { id: string } }>(await ann.request('/api/session'), 200)).user.id;
    const created = await readJson<Persona>(
      await ann.request('/api/personas', { method: 'POST', json: { name: 'Stopping', is_active: true, sources: [] } }),
      201,
    );
    // A connection written straight to the database: the slot is only written and scheduled here.
    await server.app.database.db.insert(platformAccounts).values({
      id: randomUUID(),
      personaId: created.id,
      platform: 'bluesky',
      externalId: 'did:plc:stopping',
      username: 'stopping.test',
      authMethod: 'app_password',
    });
    // Daily, two hours on (UTC, the zone of a user without one): the every-minute look leaves it alone.
    const slot = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000);
    const base = created.automation;
    await readJson(
      await ann.request(`/api/personas/${created.id}`, {
        method: 'PUT',
        json: {
          automation: {
            ...base,
            autoPosting: {
              ...base.autoPosting,
              enabled: true,
              frequency: 'daily',
              customTimes: [slot.toISOString().slice(11, 16)],
              smartTiming: false,
              publishWithoutReview: true,
            },
            // No label job beside it (decision 034): this connection has no session to write one with.
            safety: { ...base.safety, humanLikePatterns: false, cooldownPeriods: false, labelAutomated: false },
          },
        },
      }),
      200,
    );
    const jobId = await server.app.jobs.send(WRITE_SLOT, { personaId: created.id, userId, slot: slot.toISOString() });
    await until(async () => (model.seen.length > 0 ? true : undefined));

    // The server is told to stop while the job waits for the model; once the queue's stop has
    // begun, the model answers and the job goes on to schedule the slot's post.
    const { boss } = server.app.jobs;
    const stop = boss.stop.bind(boss);
    let stopping = false;
    boss.stop = (options) => {
      stopping = true;
      return stop(options);
    };
    const closed = server.app.close();
    await until(async () => (stopping ? true : undefined), 10_000, 20);
    answer();
    await closed;

    const [writeSlot] = await readStopped<{ state: string }>(server, 'select state from pgboss.job where id = $1', [
      jobId,
    ]);
    expect(writeSlot?.state).toBe('completed');
    const [post] = await readStopped<{ id: string; status: string }>(
      server,
      'select id, status from posts where persona_id = $1',
      [created.id],
    );
    expect(post?.status).toBe('scheduled');
    const publish = await readStopped<{ start_after: Date }>(
      server,
      "select start_after from pgboss.job where name = $1 and data->>'postId' = $2",
      [PUBLISH_POST, post?.id],
    );
    expect(publish.map((job) => job.start_after.getTime())).toEqual([slot.getTime()]);
  });
});
