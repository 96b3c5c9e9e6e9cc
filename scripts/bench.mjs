// npm run bench: start-up time, API latency and throughput, memory, publishing, analytics (the
// endpoint on 90 days of history, the calls a metrics sync makes), and the landing page (its
// JavaScript and Lighthouse), the voice (how measurably each slider shapes the writing) and the
// writing (what the offline composer writes, read as a creator would).
// The media library: a 12-megapixel JPEG uploaded and processed, a post with 4 images to a local PDS.
// The mixed load (bench-load.mjs): 50 users on personas while 50 stream /draft, on both engines.
// BENCH_ONLY=server|publishing|media|analytics|landing|voice|writing|load runs one section.
// Figures, not pass/fail: compare runs on the same machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstToken, startStubModel } from './bench-stream.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3900);
const base = `http://127.0.0.1:${port}`;

function startServer(dataDir, env = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return resolve({ child, ms: performance.now() - started });
      } catch {}
      if (performance.now() - started > 60_000) return reject(new Error('server did not start'));
      setTimeout(poll, 50);
    };
    poll();
  });
}

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** `concurrency` loops of requests for `seconds`; latency percentiles and requests a second. */
async function load(url, { seconds = 5, concurrency = 16, init } = {}) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (!response.ok) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  return { rps: Math.round(latencies.length / seconds), p50: pct(50), p99: pct(99), failures };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Signs a user in through the dev outbox; returns the session cookie. */
async function signIn(email) {
  const headers = { 'content-type': 'application/json', origin: base };
  await fetch(`${base}/api/auth/sign-in/magic-link`, { method: 'POST', headers, body: JSON.stringify({ email }) });
  const outbox = await (await fetch(`${base}/api/dev/outbox`)).json();
  const verified = await fetch(outbox.find((m) => m.to === email).url, { redirect: 'manual' });
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

class SkipSection extends Error {}
const B_PLATFORM_MS = Number(process.env.BENCH_PLATFORM_MS ?? 20);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const only = process.env.BENCH_ONLY;
const sections = ['server', 'publishing', 'media', 'analytics', 'landing', 'voice', 'writing', 'load'];
if (only && !sections.includes(only)) throw new Error(`BENCH_ONLY is one of ${sections.join(', ')}`);
const runs = (section) => !only || only === section;
const webDist = path.join(root, 'apps/web/dist');
// The voice and writing sections run the sources with tsx: no build needed for them alone; the
// load section needs only the server's.
if (
  !['voice', 'writing'].includes(only ?? '') &&
  (!existsSync(path.join(root, 'apps/server/dist/server.js')) ||
    (only !== 'load' && !existsSync(path.join(webDist, '.vite/manifest.json'))))
) {
  throw new Error('Build first: npm run build');
}

const rows = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'plume-bench-'));
let running;
try {
  if (!runs('server')) throw new SkipSection();
  const cold = await startServer(dataDir);
  running = cold.child;
  rows.push(['start-up, fresh PGlite folder (ms)', Math.round(cold.ms)]);
  await stop(cold.child);
  const model = await startStubModel();
  const modelUrl = `http://127.0.0.1:${model.address().port}/v1`;
  const warm = await startServer(dataDir, {
    AI_PROVIDER: 'custom',
    AI_BASE_URL: modelUrl,
    AI_MODEL: 'bench',
    GENERATION_RATE_LIMIT: '100000',
  });
  running = warm.child;
  rows.push(['start-up, existing PGlite folder (ms)', Math.round(warm.ms)]);

  const health = await load(`${base}/api/health`);
  rows.push(['GET /api/health req/s', health.rps], ['GET /api/health p50 / p99 (ms)', `${health.p50} / ${health.p99}`]);
  const session = await load(`${base}/api/session`);
  rows.push(
    ['GET /api/session (signed out, PGlite) req/s', session.rps],
    ['GET /api/session p50 / p99 (ms)', `${session.p50} / ${session.p99}`],
  );
  const cookie = await signIn('bench@example.com');
  for (let i = 0; i < 10; i++) {
    await fetch(`${base}/api/personas`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${i}` }),
    });
  }
  const personas = await load(`${base}/api/personas`, { init: { headers: { cookie } } });
  rows.push(
    ['GET /api/personas (10 personas) req/s', personas.rps],
    ['GET /api/personas p50 / p99 (ms)', `${personas.p50} / ${personas.p99}`],
  );
  // Time to first token: the model called directly vs. through GET /api/draft (session, persona
  // defaults, prompt building, the AI SDK, the stream limiter, server-sent events).
  const iterations = 40;
  const direct = [];
  const drafted = [];
  const body = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
  const hasContent = (data) => JSON.parse(data).choices?.[0]?.delta?.content;
  for (let i = 0; i < iterations; i++) {
    direct.push(
      await firstToken(
        `${modelUrl}/chat/completions`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        hasContent,
      ),
    );
    drafted.push(
      await firstToken(
        `${base}/api/draft?prompt=Write%20a%20post`,
        { headers: { cookie } },
        (data) => data !== '[DONE]',
      ),
    );
  }
  const directMs = median(direct);
  const draftMs = median(drafted);
  rows.push(
    [`time to first token, model called directly, p50 of ${iterations} (ms)`, directMs.toFixed(1)],
    [`time to first token through GET /api/draft, p50 of ${iterations} (ms)`, draftMs.toFixed(1)],
    ['ratio: first token through /draft / direct', (draftMs / directMs).toFixed(2)],
  );
  model.close();

  const page = await load(`${base}/`);
  rows.push(['GET / (index.html) req/s', page.rps]);
  rows.push(['server RSS after load (MB)', rssMb(warm.child.pid)]);
  rows.push(['ratio: start-up fresh / existing', (cold.ms / warm.ms).toFixed(1)]);
  await stop(warm.child);
  running = undefined;
} catch (error) {
  if (!(error instanceof SkipSection)) throw error;
} finally {
  // A failed run must not leave a server behind.
  if (running) await stop(running);
  rmSync(dataDir, { recursive: true, force: true });
}
if (runs('server')) await serverOnPostgres();

/**
 * The API on PostgreSQL, measured side by side in one run: start-up on existing data, GET
 * /api/health and GET /api/personas (10 personas) and their ratio, and the review queue with 1,000
 * posts waiting (decision 024).
 */
async function serverOnPostgres() {
  const { freshPostgres } = await import('./bench-analytics.mjs');
  const { postgresRunner } = await import('./bench-publishing.mjs');
  const database = await freshPostgres(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const dir = mkdtempSync(path.join(tmpdir(), 'plume-bench-pg-'));
  try {
    const cold = await startServer(dir, { DATABASE_URL: database.url });
    await stop(cold.child);
    const warm = await startServer(dir, { DATABASE_URL: database.url });
    running = warm.child;
    rows.push(
      ['PostgreSQL: start-up, fresh database (ms)', Math.round(cold.ms)],
      ['PostgreSQL: start-up, existing data (ms)', Math.round(warm.ms)],
    );
    const cookie = await signIn('bench-pg@example.com');
    const personaIds = [];
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${base}/api/personas`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${i}` }),
      });
      personaIds.push((await response.json()).id);
    }
    const health = await load(`${base}/api/health`);
    const personas = await load(`${base}/api/personas`, { init: { headers: { cookie } } });
    rows.push(
      ['PostgreSQL: GET /api/health req/s · p50 / p99 (ms)', `${health.rps} · ${health.p50} / ${health.p99}`],
      [
        'PostgreSQL: GET /api/personas (10 personas) req/s · p50 / p99 (ms)',
        `${personas.rps} · ${personas.p50} / ${personas.p99}`,
      ],
      [
        'PostgreSQL: ratio GET /api/personas / GET /api/health (target ≥ 25%)',
        `${Math.round((100 * personas.rps) / health.rps)}%`,
      ],
    );
    // The review queue: 1,000 drafts waiting for review on one persona.
    const sql = await postgresRunner(database.url);
    await sql.run(
      `insert into posts (id, persona_id, platform, content, parts, status, scheduled_for)
       select gen_random_uuid(), $1, 'bluesky', 'Draft ' || i, jsonb_build_array(jsonb_build_object('text', 'Draft ' || i, 'media', '[]'::jsonb, 'link', null, 'langs', '[]'::jsonb)), 'pending_review',
              now() + (i || ' minutes')::interval
       from generate_series(1, 1000) i`,
      [personaIds[0]],
    );
    await sql.close();
    const queueUrl = `${base}/api/schedule?personaId=${personaIds[0]}&status=pending_review`;
    const check = await (await fetch(queueUrl, { headers: { cookie } })).json();
    if (check.length !== 1000) throw new Error(`the review queue lists ${check.length} posts, not 1,000`);
    const queue = await load(queueUrl, { init: { headers: { cookie } } });
    rows.push([
      'PostgreSQL: GET review queue, 1,000 posts waiting, 16 at once: req/s · p50 / p99 (ms)',
      `${queue.rps} · ${queue.p50} / ${queue.p99}`,
    ]);
    rows.push(['PostgreSQL: server RSS after load (MB)', rssMb(warm.child.pid)]);
    await stop(warm.child);
    running = undefined;
  } finally {
    if (running) await stop(running);
    running = undefined;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
// The media library (bench-media.mjs): a 12 MP JPEG uploaded and processed (p50 / p99, peak RSS),
// and a post with 4 images published to a local PDS (time per post).
if (runs('media')) {
  const { benchMedia } = await import('./bench-media.mjs');
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'plume-bench-media-'));
  try {
    rows.push(...(await benchMedia({ startServer, stop, signIn, base, dataDir: mediaDir, readFileSync })));
  } finally {
    rmSync(mediaDir, { recursive: true, force: true });
  }
}
// Publishing at scale, to a local stub platform (bench-publishing.mjs): (a) BENCH_POSTS posts due
// within one minute on as many accounts, on PostgreSQL with one worker process then two, and on
// PGlite; (b) 200 posts due at once on one account. Each case runs BENCH_RUNS times (3); the posts
// are scheduled through POST /api/schedule/batch with a lead that adapts to the measured scheduling
// rate, so the lateness is the publisher's (decision 049-publishing-figure).
if (runs('publishing')) await publishing();
async function publishing() {
  const B = await import('./bench-publishing.mjs');
  const { freshPostgres } = await import('./bench-analytics.mjs');
  const stub = await B.startStubPlatform();
  const runCount = Number(process.env.BENCH_RUNS ?? 3);
  const fixedLead = process.env.BENCH_LEAD_MS ? Number(process.env.BENCH_LEAD_MS) : undefined;
  const apiFor =
    (cookie) =>
    async (pathname, { method = 'GET', body } = {}) => {
      const response = await fetch(`${base}${pathname}`, {
        method,
        headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    };
  const env = (dir) => ({
    DATA_DIR: dir,
    BLUESKY_ALLOW_PRIVATE: 'true',
    BLUESKY_SERVICE: stub.url,
    METRICS_SYNC_MINUTES: '0',
    // The bench signs in and schedules thousands of posts within minutes.
    AUTH_RATE_LIMIT: '5000',
  });
  const workers = [];
  const stopWorkers = async () => {
    for (const child of workers.splice(0)) await stop(child);
  };
  const rss = () =>
    [running, ...workers]
      .filter(Boolean)
      .map((c) => rssMb(c.pid))
      .join(' / ');
  /**
   * The scheduling rate the next lead is computed from: a probe of 500 posts six hours out (they
   * stay scheduled past the bench), then each run's own rate.
   */
  let perSecond;
  const probe = async (api, personaIds, engine) => {
    const at = Date.now() + 6 * 3_600_000;
    const items = personaIds
      .slice(0, 500)
      .map((personaId, i) => ({ personaId, content: `Probe ${engine} ${i}`, at: at + i * 1000 }));
    perSecond = (items.length * 1000) / (await B.scheduleInBatches(api, items));
    rows.push([
      `publishing: POST /api/schedule/batch, ${engine}, 500 a call, 2 calls at once (posts/s)`,
      perSecond.toFixed(0),
    ]);
  };
  /** A case run `runCount` times, each with a lead from the last measured scheduling rate. */
  const runCase = async (label, makeItems, api) => {
    // A warm-up first, not measured: a whole burst, one post on every account, so that the runs
    // measure warm workers (pools, sessions, compiled code) on accounts that have published before.
    // On accounts that had never published, a cold run's first seconds were up to 4 s late where
    // the warm runs' were not (decision 049).
    const warm = makeItems(B.leadFor(makeItems(0).length, perSecond), 'warm');
    await B.scheduleAndWait({ api, ...stub, items: warm, label: `${label} warm-up (not measured)`, rss });
    const results = [];
    for (let i = 0; i < runCount; i++) {
      const count = makeItems(0).length;
      const lead = fixedLead ?? B.leadFor(count, perSecond);
      const result = await B.scheduleAndWait({
        api,
        ...stub,
        items: makeItems(lead, i),
        label: `${label} run ${i + 1}`,
        rss,
      });
      perSecond = (count * 1000) / result.schedulingMs;
      results.push(result);
    }
    rows.push(...B.caseRows(label, results));
    return results;
  };
  /** Case (b): 200 posts due at once on the template's account, and whether they went out in order. */
  const onOneAccount = async (api, template, engine) => {
    const label = `publishing (b) 200 posts on one account, ${engine}`;
    const runs = [];
    for (let i = 0; i < runCount; i++) {
      const items = B.onOneAccount({ personaId: template, lead: 20_000, tag: `${engine}${i}` });
      runs.push({
        items,
        result: await B.scheduleAndWait({ api, ...stub, items, label: `${label} run ${i + 1}`, rss }),
      });
    }
    rows.push(
      ...B.caseRows(
        label,
        runs.map((r) => r.result),
      ),
      ...orderRows(runs, `publishing (b) ${engine}`),
    );
  };

  // PostgreSQL: the API process without a worker, and one, then two `npm run worker` processes.
  const database = await freshPostgres(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const pgDir = mkdtempSync(path.join(tmpdir(), 'plume-bench-publishing-pg-'));
  try {
    const server = await startServer(pgDir, { ...env(pgDir), DATABASE_URL: database.url, RUN_WORKER: 'false' });
    running = server.child;
    const api = apiFor(await signIn('publisher@example.com'));
    const template = await B.templatePersona(api, stub.url);
    const sql = await B.postgresRunner(database.url);
    const personaIds = await B.copyAccounts(sql.run, template, B.POSTS);
    await sql.close();
    // One post at a time, as the Schedule dialog sends it (target: 300 a second, 16 at once):
    // after 2 s not measured (a server just started compiles its hot paths), `runCount` runs of
    // 5 s, their median and spread, as for the cases below.
    await B.singleScheduleRate(api, personaIds.slice(500), 2);
    const singles = [];
    for (let i = 0; i < runCount; i++) singles.push(await B.singleScheduleRate(api, personaIds.slice(500), 5));
    const single = singles.sort((a, b) => a.rps - b.rps)[Math.floor(singles.length / 2)];
    rows.push([
      `publishing: POST /api/schedule on PostgreSQL, 16 at once: req/s, median (min–max) of ${runCount} runs · its p50 / p99 (ms) (target ≥ 300/s)`,
      `${single.rps} (${singles[0].rps}–${singles.at(-1).rps}) · ${single.p50} / ${single.p99}`,
    ]);
    await probe(api, personaIds, 'PostgreSQL');
    for (const count of [1, 2]) {
      for (let i = 0; i < count; i++) {
        workers.push(await B.startWorker(root, { ...env(pgDir), DATABASE_URL: database.url, LOG_LEVEL: 'info' }));
      }
      const label = `publishing (a) ${B.POSTS.toLocaleString('en')} accounts, PostgreSQL, ${count} worker${count > 1 ? 's' : ''}`;
      await runCase(label, (lead, i) => B.burst({ personaIds, lead, tag: `pg${count}r${i}` }), api);
      if (count === 1) {
        await onOneAccount(api, template, 'PostgreSQL');
      }
      await stopWorkers();
    }
    await stop(server.child);
    running = undefined;
  } finally {
    await stopWorkers();
    if (running) await stop(running);
    running = undefined;
    await database.drop();
    rmSync(pgDir, { recursive: true, force: true });
  }

  // PGlite: one process, its worker inside; the accounts are copied while it is stopped.
  const liteDir = mkdtempSync(path.join(tmpdir(), 'plume-bench-publishing-lite-'));
  try {
    let server = await startServer(liteDir, env(liteDir));
    running = server.child;
    const template = await B.templatePersona(apiFor(await signIn('publisher@example.com')), stub.url);
    await stop(server.child);
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create(path.join(liteDir, 'pglite'));
    const personaIds = await B.copyAccounts((q, params) => lite.query(q, params), template, B.POSTS);
    await lite.close();
    server = await startServer(liteDir, env(liteDir));
    running = server.child;
    const api = apiFor(await signIn('publisher@example.com'));
    await probe(api, personaIds, 'PGlite');
    const label = `publishing (a) ${B.POSTS.toLocaleString('en')} accounts, PGlite, its one process`;
    await runCase(label, (lead, i) => B.burst({ personaIds, lead, tag: `lite${i}` }), api);
    await onOneAccount(api, template, 'PGlite');
    await stop(server.child);
    running = undefined;
  } finally {
    if (running) await stop(running);
    running = undefined;
    stub.server.close();
    rmSync(liteDir, { recursive: true, force: true });
  }
}

/** Case (b): whether one account's posts went out in their scheduled order, and what each cost over the platform's own time. */
function orderRows(runs, label) {
  const inOrder = runs.filter(({ result, items }) => {
    const expected = items.map((i) => i.content);
    return result.arrived.length === expected.length && result.arrived.every((text, i) => text === expected[i]);
  }).length;
  const perPost = runs.map(({ result }) => {
    const sorted = [...result.lateness].sort((a, b) => a - b);
    return sorted.length > 1 ? (sorted.at(-1) - sorted[0]) / (sorted.length - 1) : Number.NaN;
  });
  return [
    [`${label}: in scheduled order, one at a time`, `${inOrder} of ${runs.length} runs`],
    [
      `${label}: time per post (ms), median of the runs · the platform's own`,
      `${median(perPost).toFixed(1)} · ${B_PLATFORM_MS}`,
    ],
  ];
}

// Analytics: the endpoint for a persona with 90 days of history and 1,000 posts, on a fresh database
// of the machine's PostgreSQL (BENCH_POSTGRES_URL, its admin URL), and the calls a sync of 1,000 posts
// makes on each platform (bench-analytics.mjs).
if (runs('analytics')) await analytics();
async function analytics() {
  const { benchAutoPosting, freshPostgres, seedHistory, syncCalls } = await import('./bench-analytics.mjs');
  const database = await freshPostgres(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const analyticsDir = mkdtempSync(path.join(tmpdir(), 'plume-bench-analytics-'));
  try {
    const server = await startServer(analyticsDir, { DATABASE_URL: database.url });
    running = server.child;
    const cookie = await signIn('analyst@example.com');
    const created = await fetch(`${base}/api/personas`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Analysed' }),
    });
    const persona = await created.json();
    await seedHistory(database.url, persona.id);
    const url = `${base}/api/personas/${persona.id}/analytics`;
    const check = await (await fetch(`${url}?range=90d`, { headers: { cookie } })).json();
    if (check.cards.posts.value < 990)
      throw new Error(`the analytics read ${check.cards.posts.value} posts, not 1,000`);
    for (const [query, concurrency] of [
      ['range=90d&compare=true', 1],
      ['range=90d&compare=true', 16],
      ['range=30d', 16],
    ]) {
      const result = await load(`${url}?${query}`, { concurrency, init: { headers: { cookie } } });
      if (result.failures > 0) throw new Error(`${result.failures} analytics requests failed`);
      rows.push([
        `GET analytics ${query}, 1,000 posts, 90 days, PostgreSQL, ${concurrency} at once: req/s · p50 / p99 (ms)`,
        `${result.rps} · ${result.p50} / ${result.p99}`,
      ]);
    }
    await stop(server.child);
    running = undefined;
  } finally {
    if (running) await stop(running);
    await database.drop();
    rmSync(analyticsDir, { recursive: true, force: true });
  }
  // Automated posting: 1,000 hourly personas on one worker, their next slot written by the offline composer.
  const automationDb = await freshPostgres(
    process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const automationDir = mkdtempSync(path.join(tmpdir(), 'plume-bench-automation-'));
  try {
    const server = await startServer(automationDir, {
      DATABASE_URL: automationDb.url,
      METRICS_SYNC_MINUTES: '0',
      // 100 users sign in within a minute.
      AUTH_RATE_LIMIT: '5000',
    });
    running = server.child;
    const newUser = async (n) => {
      const cookie = await signIn(`automation${n}@example.com`);
      return async (pathname, { method = 'GET', body } = {}) => {
        const response = await fetch(`${base}${pathname}`, {
          method,
          headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
        return response.json();
      };
    };
    const personas = Number(process.env.BENCH_AUTOMATION_PERSONAS ?? 1000);
    const result = await benchAutoPosting({ url: automationDb.url, newUser, personas });
    rows.push(
      [
        `automation, ${personas} hourly personas, PostgreSQL, one worker: drafts written`,
        `${result.written} of ${personas}`,
      ],
      ['automation: drafts written a second (offline composer)', result.perSecond.toFixed(1)],
      [
        'automation: slot handling, from planning to draft written, p50 / p99 (s)',
        `${result.p50.toFixed(1)} / ${result.p99.toFixed(1)}`,
      ],
      ['automation: server RSS after writing (MB)', rssMb(server.child.pid)],
    );
    await stop(server.child);
    running = undefined;
  } finally {
    if (running) await stop(running);
    await automationDb.drop();
    rmSync(automationDir, { recursive: true, force: true });
  }

  const calls = syncCalls(root);
  rows.push(
    [
      'metrics sync of 1,000 posts, Bluesky: calls (posts read)',
      `${calls.bluesky.calls} (${calls.bluesky.posts}): getProfile + ${calls.bluesky.pages} getAuthorFeed pages of 100`,
    ],
    [
      `metrics sync of 1,000 posts, X, default budget of ${calls.xDefault.pages} pages: billed calls (posts read)`,
      `${calls.xDefault.calls} (${calls.xDefault.posts})`,
    ],
    [
      'metrics sync of 1,000 posts, X, every page: billed calls (posts read)',
      `${calls.xAll.calls} (${calls.xAll.posts})`,
    ],
  );
}

// The mixed load (bench-load.mjs, decision 048-fair-under-load): BENCH_LOAD_USERS (50) users doing a
// create / list / read / update / delete mix on personas while as many stream GET /api/draft, for
// BENCH_LOAD_SECONDS (20), on PGlite, PostgreSQL with one API process and with two.
if (runs('load')) {
  const { benchLoad } = await import('./bench-load.mjs');
  const { freshPostgres } = await import('./bench-analytics.mjs');
  rows.push(
    ...(await benchLoad({
      root,
      port,
      postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      freshPostgres,
    })),
  );
}

// The landing page: first-load JavaScript vs its budget, and Lighthouse (bench-landing.mjs).
if (runs('landing')) {
  const { benchLanding } = await import('./bench-landing.mjs');
  const landingDir = mkdtempSync(path.join(tmpdir(), 'plume-bench-landing-'));
  try {
    // Production mode, as deployed (the dev outbox off); a fixed secret for the bench only.
    const server = await startServer(landingDir, {
      NODE_ENV: 'production',
      APP_SECRET: 'bench-'.repeat(8),
      // Never called: the landing sends no mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    running = server.child;
    rows.push(...(await benchLanding({ dist: webDist, url: `${base}/` })));
    await stop(server.child);
    running = undefined;
  } finally {
    if (running) await stop(running);
    rmSync(landingDir, { recursive: true, force: true });
  }
}

// The voice: each trait at 10 and 90 over 120 varied topics, and the prompt sent to models (bench-voice.ts).
if (runs('voice')) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench-voice.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`bench-voice failed: ${run.stderr}`);
  rows.push(...JSON.parse(run.stdout.trim().split('\n').pop()));
}

// The writing: 500 offline posts per preset on 100 topics and curated posts from a feed (bench-writing.ts).
if (runs('writing')) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench-writing.ts')], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error('bench-writing failed');
  rows.push(...JSON.parse(run.stdout.trim().split('\n').pop()));
}

const width = Math.max(...rows.map(([k]) => k.length));
console.log('\nPlume benchmarks');
for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
