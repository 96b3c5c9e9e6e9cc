// The mixed load of issue 31 (decision 048-fair-under-load): BENCH_LOAD_USERS users doing a create /
// list / read / update / delete mix on personas while as many others stream GET /api/draft from a
// local OpenAI-compatible model, for BENCH_LOAD_SECONDS, on PGlite, PostgreSQL with one API process
// and PostgreSQL with two. The per-user writing limit is lifted: the streams take all the CPU they
// can get, and the figures say whether the CRUD users still get their share.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { firstToken, startStubModel } from './bench-stream.mjs';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 50);
// The streaming users, as many as the CRUD users unless set (0 measures the CRUD mix alone).
const STREAMERS = Number(process.env.BENCH_LOAD_STREAMERS ?? USERS);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
// Every user's first requests arrive together, each session's 2-second trust having run out at
// the same moment: the figures are also given without the run's first seconds, for reading
// (the targets are on the whole run).
const SETTLED_MS = 2000;

/** The stub model in a process of its own, so its timers do not wait behind the load generator's work. */
function startModelProcess() {
  const child = spawn(process.execPath, [import.meta.filename, '--model'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve({ child, port: Number(String(data).trim()) }));
    child.once('exit', (code) => reject(new Error(`the stub model exited (${code})`)));
  });
}
if (process.argv[2] === '--model') {
  const server = await startStubModel();
  console.log(server.address().port);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (n) => (Number.isFinite(n) ? n.toFixed(0) : '–');

/** Starts one API process on `port`; resolves when /api/health answers. */
function startApi(root, port, env) {
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...(env.NODE_ARGS ?? []), path.join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: base, LOG_LEVEL: 'warn', ...env.vars },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: env.cwd ?? root,
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return resolve({ child, base });
      } catch {}
      if (performance.now() - started > 60_000) return reject(new Error('server did not start'));
      setTimeout(poll, 50);
    };
    poll();
  });
}

function stopApi(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** Signs a user in through the dev outbox; returns the session cookie. */
async function signIn(base, email) {
  const headers = { 'content-type': 'application/json', origin: base };
  const asked = await fetch(`${base}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  });
  if (!asked.ok) throw new Error(`sign-in ${email}: ${asked.status} ${await asked.text()}`);
  const outbox = await (await fetch(`${base}/api/dev/outbox`)).json();
  const verified = await fetch(outbox.findLast((m) => m.to === email).url, { redirect: 'manual' });
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * GET /api/health alone, 16 at once for `seconds`, spread over the API processes at `bases`: the same
 * run's ceiling for a request that reads nothing.
 */
async function healthRate(bases, seconds) {
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async (_, n) => {
      while (performance.now() < deadline) {
        const response = await fetch(`${bases[n % bases.length]}/api/health`);
        await response.arrayBuffer();
        count++;
      }
    }),
  );
  return Math.round(count / seconds);
}

/** Time to the first text event: the model called directly vs through GET /api/draft, one at a time. */
async function firstTokens(base, modelUrl, cookie, personaId, iterations = 20) {
  const body = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
  const time = firstToken;
  const direct = [];
  const drafted = [];
  for (let i = 0; i < iterations + 3; i++) {
    const d = await time(
      `${modelUrl}/chat/completions`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
      (data) => JSON.parse(data).choices?.[0]?.delta?.content,
    );
    const w = await time(
      `${base}/api/draft?prompt=Write%20a%20post&personaId=${personaId}`,
      { headers: { cookie } },
      (data) => data !== '[DONE]',
    );
    // The first few warm the connections and the JIT.
    if (i >= 3) {
      direct.push(d);
      drafted.push(w);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { direct: median(direct), draft: median(drafted) };
}

/**
 * The mix against `bases` (one API process, or several taken in turn by each user): `USERS` CRUD
 * users and `USERS` streaming users for `SECONDS`.
 */
async function mix(bases, crud, streamers) {
  const latencies = [];
  const firstBytes = [];
  const settled = { latencies: [], firstBytes: [] };
  let failures = 0;
  let streams = 0;
  let largest = 0;
  const begun = performance.now();
  const slow = [];
  const deadline = begun + SECONDS * 1000;
  // The load generator's own event loop: a slow one inflates every figure it measures.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const timed = async (url, init) => {
    const t = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    const took = performance.now() - t;
    latencies.push(took);
    if (t - begun >= SETTLED_MS) settled.latencies.push(took);
    largest = Math.max(largest, took);
    slow.push([took, t - begun, `${init?.method ?? 'GET'} ${url.replace(/[0-9a-f-]{36}/, ':id')}`]);
    if (!response.ok) {
      failures++;
      return null;
    }
    return response.status === 204 ? null : response;
  };
  const crudUser = async ({ cookie }, n) => {
    const base = bases[n % bases.length];
    const json = { cookie, origin: base, 'content-type': 'application/json' };
    let round = 0;
    while (performance.now() < deadline) {
      round++;
      const t = performance.now();
      const created = await fetch(`${base}/api/personas`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: `Load ${n}.${round}`, bio: 'Writes about the weather.' }),
      });
      const persona = created.ok ? await created.json() : null;
      const took = performance.now() - t;
      latencies.push(took);
      if (t - begun >= SETTLED_MS) settled.latencies.push(took);
      largest = Math.max(largest, took);
      if (!persona) {
        failures++;
        continue;
      }
      if (performance.now() >= deadline) break;
      await timed(`${base}/api/personas`, { headers: { cookie } });
      if (performance.now() >= deadline) break;
      await timed(`${base}/api/personas/${persona.id}`, { headers: { cookie } });
      if (performance.now() >= deadline) break;
      await timed(`${base}/api/personas/${persona.id}`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ bio: `Round ${round}: writes about the rain.` }),
      });
      if (performance.now() >= deadline) break;
      await timed(`${base}/api/personas/${persona.id}`, { method: 'DELETE', headers: { cookie, origin: base } });
    }
  };
  const streamer = async ({ cookie, personaId }, n) => {
    const base = bases[n % bases.length];
    while (performance.now() < deadline) {
      const t = performance.now();
      const response = await fetch(`${base}/api/draft?prompt=Write%20about%20the%20sea&personaId=${personaId}`, {
        headers: { cookie },
      });
      let first;
      for await (const _ of response.body) {
        if (first === undefined) first = performance.now() - t;
      }
      if (!response.ok || first === undefined) failures++;
      else {
        firstBytes.push(first);
        if (t - begun >= SETTLED_MS) settled.firstBytes.push(first);
        slow.push([first, t - begun, 'draft']);
        largest = Math.max(largest, first);
        streams++;
      }
    }
  };
  await Promise.all([...crud.map(crudUser), ...streamers.slice(0, STREAMERS).map(streamer)]);
  loop.disable();
  if (process.env.BENCH_LOAD_DEBUG) console.error(slow.sort((a, b) => b[0] - a[0]).slice(0, 12));
  for (const list of [latencies, firstBytes, settled.latencies, settled.firstBytes]) list.sort((a, b) => a - b);
  return {
    rps: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    largest,
    streamsPerSecond: streams / SECONDS,
    firstP50: percentile(firstBytes, 50),
    firstP99: percentile(firstBytes, 99),
    settledP99: percentile(settled.latencies, 99),
    settledFirstP99: percentile(settled.firstBytes, 99),
    failures,
    clientLoopP99: loop.percentile(99) / 1e6,
  };
}

/** Signs in the users and gives each streamer a persona of its own. */
async function users(base) {
  const crud = [];
  const streamers = [];
  for (let i = 0; i < USERS; i++) crud.push({ cookie: await signIn(base, `crud${i}@example.com`) });
  for (let i = 0; i < Math.max(1, STREAMERS); i++) {
    const cookie = await signIn(base, `stream${i}@example.com`);
    const response = await fetch(`${base}/api/personas`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Streamer ${i}`, bio: 'Writes about the sea.' }),
    });
    if (!response.ok) throw new Error(`persona for streamer ${i}: ${response.status}`);
    streamers.push({ cookie, personaId: (await response.json()).id });
  }
  return { crud, streamers };
}

/**
 * Runs the mix on each engine; returns the rows of `npm run bench`. `ports` are the API processes'
 * (two for the second PostgreSQL run).
 */
export async function benchLoad({ root, port, postgresUrl, freshPostgres }) {
  const model = await startModelProcess();
  const modelUrl = `http://127.0.0.1:${model.port}/v1`;
  const vars = (dir, extra = {}) => ({
    DATA_DIR: dir,
    AI_PROVIDER: 'custom',
    AI_BASE_URL: modelUrl,
    AI_MODEL: 'bench',
    // The mix lifts the per-user writing limit, and 2 × USERS users sign in within seconds.
    GENERATION_RATE_LIMIT: '1000000',
    AUTH_RATE_LIMIT: '100000',
    METRICS_SYNC_MINUTES: '0',
    ...extra,
  });
  // BENCH_LOAD_PROFILE=DIR writes each API process's CPU profile there; BENCH_LOAD_PROBE=1 prints
  // its event-loop delay and statement timings when it stops (bench-load-probe.mjs).
  const profile = [
    ...(process.env.BENCH_LOAD_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_LOAD_PROFILE}`] : []),
    ...(process.env.BENCH_LOAD_PROBE ? ['--import', path.join(root, 'scripts/bench-load-probe.mjs')] : []),
  ];
  const engines = (process.env.BENCH_LOAD_ENGINES ?? 'pglite,postgres,postgres2').split(',');
  const results = {};
  const running = [];
  try {
    for (const engine of engines) {
      const dir = mkdtempSync(path.join(tmpdir(), `plume-bench-load-${engine}-`));
      const database = engine === 'pglite' ? null : await freshPostgres(postgresUrl);
      try {
        const processes = engine === 'postgres2' ? 2 : 1;
        const bases = [];
        for (let i = 0; i < processes; i++) {
          const extra = database ? { DATABASE_URL: database.url, ...(i > 0 ? { RUN_WORKER: 'false' } : {}) } : {};
          const api = await startApi(root, port + i, { vars: vars(dir, extra), NODE_ARGS: profile });
          running.push(api.child);
          bases.push(api.base);
        }
        const health = await healthRate(bases, 3);
        const { crud, streamers } = await users(bases[0]);
        const tokens = await firstTokens(bases[0], modelUrl, streamers[0].cookie, streamers[0].personaId);
        // Each user's connection is opened before the clock starts: 100 connections opened at once
        // to a busy server are accepted one by one (seconds), which would measure connection set-up,
        // not the fairness of a running server (decision 048-fair-under-load).
        await Promise.all(
          [...crud, ...streamers].map(async (_, n) =>
            (await fetch(`${bases[n % bases.length]}/api/health`)).arrayBuffer(),
          ),
        );
        if (process.env.BENCH_LOAD_PROBE) for (const child of running) child.kill('SIGUSR2');
        const result = await mix(bases, crud, streamers);
        results[engine] = { ...result, health, tokens };
      } finally {
        for (const child of running.splice(0)) await stopApi(child);
        await database?.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    for (const child of running.splice(0)) await stopApi(child);
    model.child.kill();
  }
  const names = { pglite: 'PGlite', postgres: 'PostgreSQL ×1', postgres2: 'PostgreSQL ×2' };
  const cell = (engine, f) => (results[engine] ? f(results[engine]) : '–');
  const line = (label, f) => [label, engines.map((e) => cell(e, f)).join(' | ')];
  const label = `mixed load, ${USERS} CRUD + ${USERS} streaming users, ${SECONDS} s (${engines.map((e) => names[e]).join(' | ')})`;
  const rows = [
    [label, ''],
    line("  GET /api/health alone, req/s (over the run's API processes)", (r) => String(r.health)),
    line('  CRUD req/s (target PG ≥ 300)', (r) => r.rps.toFixed(0)),
    line('  CRUD p50 / p99 ms (target PG p99 ≤ 200, PGlite ≤ 1000)', (r) => `${ms(r.p50)} / ${ms(r.p99)}`),
    line('  largest wait, any request, ms (target PGlite ≤ 2000)', (r) => ms(r.largest)),
    line('  streams a second', (r) => r.streamsPerSecond.toFixed(0)),
    line(
      '  stream first byte p50 / p99 ms (target PG ≤ 300, PGlite ≤ 1000)',
      (r) => `${ms(r.firstP50)} / ${ms(r.firstP99)}`,
    ),
    line(
      `  CRUD p99 / first byte p99 from ${SETTLED_MS / 1000} s on, ms (every user's first requests come together)`,
      (r) => `${ms(r.settledP99)} / ${ms(r.settledFirstP99)}`,
    ),
    line('  load generator event-loop delay p99 ms', (r) => r.clientLoopP99.toFixed(0)),
    line('  failed requests', (r) => String(r.failures)),
    line(
      '  first token, model direct / through /draft, p50 ms (target ≤ +10)',
      (r) =>
        `${r.tokens.direct.toFixed(1)} / ${r.tokens.draft.toFixed(1)} (+${(r.tokens.draft - r.tokens.direct).toFixed(1)})`,
    ),
  ];
  if (results.postgres && results.postgres2) {
    rows.push([
      '  CRUD throughput, two API processes / one (target ≥ 1.6)',
      (results.postgres2.rps / results.postgres.rps).toFixed(2),
    ]);
    // What the machine allows that ratio: the same for a request that does nothing. Where the load
    // generator, the model, PostgreSQL and the API share two cores, a second process has no core
    // of its own (decision 065-writes-in-one-statement).
    rows.push([
      '  GET /api/health alone, two API processes / one (the ceiling here)',
      (results.postgres2.health / results.postgres.health).toFixed(2),
    ]);
  }
  return rows;
}
