import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, sessions, users, verifications } from '../src/db/schema';
import { CLEANUP_EXPIRED } from '../src/jobs/cleanup-expired';
import { CHECK_MENTIONS } from '../src/jobs/engagement';
import { build, type TestServer } from './helpers/build';
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

  it('is scheduled hourly', async () => {
    const schedules = await server.app.jobs.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: CLEANUP_EXPIRED, cron: '7 * * * *' })]),
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
