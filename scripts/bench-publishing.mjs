// Part of npm run bench: publishing at scale, by the real engine (pg-boss jobs, the claim, Safety
// checks, the Bluesky adapter) to a local stub platform that speaks the few calls publishing makes.
// (a) BENCH_POSTS (10,000) posts due within one minute on as many accounts; (b) 200 posts due at once
// on one account, cooldown off. The posts are scheduled through POST /api/schedule/batch before the
// first is due; each case runs BENCH_RUNS times (3). Prints the scheduling time, published, sent
// twice, lateness, posts a second (each the median of the runs and their spread), server RSS.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import pg from 'pg';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const WINDOW_MS = 60_000;
/** The platform's own time per post in the stub (case b's lateness grows by it). */
const PLATFORM_MS = Number(process.env.BENCH_PLATFORM_MS ?? 20);

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
// A JWT-shaped token with a far expiry, naming its account (the stub reads it back).
const tokenFor = (did) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: did, exp: 4_102_444_800 })}.c2ln`;
const didOf = (authorization) => {
  try {
    return JSON.parse(Buffer.from(String(authorization).split('.')[1] ?? '', 'base64url').toString()).sub;
  } catch {
    return undefined;
  }
};
const CID = 'bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The stub platform: sign-in, session check and createRecord (after `PLATFORM_MS`); it notes when
 * each post arrives, and in which order.
 */
export function startStubPlatform() {
  const received = new Map(); // text -> arrival times
  const order = [];
  let counter = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const method = url.pathname.replace('/xrpc/', '');
      const send = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const session = (did) => ({
        accessJwt: tokenFor(did),
        refreshJwt: tokenFor(did),
        handle: `${did.split(':').pop()}.bench.test`,
        did,
        active: true,
      });
      if (method === 'com.atproto.server.createSession') {
        const { identifier } = JSON.parse(raw || '{}');
        return send(200, session(`did:plc:${String(identifier).split('.')[0]}`));
      }
      if (method === 'com.atproto.server.getSession' || method === 'com.atproto.server.refreshSession') {
        const did = didOf(req.headers.authorization);
        return did ? send(200, session(did)) : send(401, { error: 'AuthenticationRequired', message: 'no token' });
      }
      if (method === 'com.atproto.repo.createRecord') {
        const { record, repo } = JSON.parse(raw || '{}');
        if (PLATFORM_MS > 0) await sleep(PLATFORM_MS);
        const times = received.get(record.text) ?? [];
        times.push(Date.now());
        received.set(record.text, times);
        order.push(record.text);
        counter += 1;
        return send(200, { uri: `at://${repo}/app.bsky.feed.post/bench${counter}`, cid: CID });
      }
      return send(400, { error: 'InvalidRequest', message: `the stub does not answer ${method}` });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}`, received, order }),
    ),
  );
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** Runs `tasks` with at most `limit` at once. */
async function pool(tasks, limit) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++];
        await task();
      }
    }),
  );
}

/**
 * `count` more personas, each with a Bluesky account, copied row by row from a template persona
 * and its account (the stub answers any session): setting up 10,000 accounts through the API
 * would take longer than the benchmark. `run(sql, params)` runs SQL on the server's database.
 */
export async function copyAccounts(run, templateId, count) {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  for (let i = 0; i < count; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    await run(
      `insert into personas
       select (jsonb_populate_record(null::personas, to_jsonb(p) || jsonb_build_object('id', n.id, 'name', 'Bench ' || n.i))).*
       from personas p, unnest($2::uuid[]) with ordinality as n(id, i) where p.id = $1`,
      [templateId, chunk],
    );
    await run(
      `insert into platform_accounts
       select (jsonb_populate_record(null::platform_accounts, to_jsonb(a) || jsonb_build_object(
         'id', gen_random_uuid(), 'persona_id', n.id, 'external_id', 'did:plc:bench' || n.id))).*
       from platform_accounts a, unnest($2::uuid[]) as n(id) where a.persona_id = $1`,
      [templateId, chunk],
    );
  }
  // A bulk load by SQL ends with fresh statistics, as PostgreSQL's documentation advises (the
  // server's own upkeep would analyze them within minutes where no autovacuum runs).
  await run('ANALYZE personas, platform_accounts');
  return ids;
}

/** The template persona: posting by hand allowed at any pace (cooldown off, a high daily limit), a Bluesky account. */
export async function templatePersona(api, stubUrl, name = 'Publisher') {
  const persona = await api('/api/personas', { method: 'POST', body: { name, is_active: false } });
  const automation = {
    ...persona.automation,
    safety: { ...persona.automation.safety, cooldownPeriods: false, dailyActivityLimit: 1000 },
  };
  await api(`/api/personas/${persona.id}`, { method: 'PUT', body: { automation } });
  await api(`/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    method: 'POST',
    body: { handle: `${name.toLowerCase()}.bench.test`, appPassword: 'bench-pass-word-1234', service: stubUrl },
  });
  return persona.id;
}

/** How many posts one POST /api/schedule/batch call carries in the bench (the route takes up to 500). */
const BATCH = 500;

/**
 * Schedules `items` ({ personaId, content, at }) through POST /api/schedule/batch, 500 a call, two
 * calls at once. Answers how long it took (ms).
 */
export async function scheduleInBatches(api, items) {
  const started = performance.now();
  const chunks = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  await pool(
    chunks.map((chunk) => async () => {
      await api('/api/schedule/batch', {
        method: 'POST',
        body: {
          items: chunk.map((item) => ({
            personaId: item.personaId,
            platform: 'bluesky',
            content: item.content,
            runAt: new Date(item.at).toISOString(),
          })),
        },
      });
    }),
    2,
  );
  return performance.now() - started;
}

/**
 * The lead the next case's posts are given (decision 049-publishing-figure): twice the time the
 * machine takes to schedule them at `perSecond` (measured), and at least 10 s, so that every post is
 * queued before the first is due and the lateness measured is the publisher's.
 */
export const leadFor = (count, perSecond) => Math.max(10_000, Math.ceil((2 * count * 1000) / perSecond) + 2000);

/**
 * POST /api/schedule one post at a time, 16 at once for `seconds`, each an hour out on the next of
 * `personaIds`: requests a second and p50 / p99 (ms).
 */
export async function singleScheduleRate(api, personaIds, seconds = 5) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  const at = new Date(Date.now() + 3_600_000).toISOString();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < deadline) {
        const personaId = personaIds[next++ % personaIds.length];
        const t = performance.now();
        await api('/api/schedule', {
          method: 'POST',
          body: { personaId, platform: 'bluesky', content: `Rate ${next} ${Math.random()}`, runAt: at },
        });
        latencies.push(performance.now() - t);
      }
    }),
  );
  return {
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
  };
}

/**
 * One run of a case: schedules `items` through the batch route, then waits until the stub has them
 * all (or 15 minutes past the last due time). Answers the run's figures.
 */
async function scheduleAndWait({ api, received, order, items, label, rss }) {
  const before = new Set(received.keys());
  const schedulingMs = await scheduleInBatches(api, items);
  const firstDue = Math.min(...items.map((i) => i.at));
  const lastDue = Math.max(...items.map((i) => i.at));
  const lateScheduling = Date.now() > firstDue;
  console.error(
    `  … ${label}: ${items.length} posts scheduled in ${(schedulingMs / 1000).toFixed(1)} s${lateScheduling ? ' (past the first due time)' : ''}`,
  );
  const done = () => items.every((i) => received.has(i.content));
  const deadline = lastDue + 15 * 60_000;
  let lastReport = Date.now();
  while (!done() && Date.now() < deadline) {
    await sleep(200);
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      console.error(
        `  … ${label}: ${items.filter((i) => received.has(i.content)).length} of ${items.length} published`,
      );
    }
  }
  // Anything sent twice shows within a few seconds of the first.
  await sleep(3000);
  const lateness = [];
  let duplicates = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  let published = 0;
  for (const item of items) {
    const times = received.get(item.content);
    if (!times || before.has(item.content)) continue;
    published += 1;
    duplicates += times.length - 1;
    lateness.push(times[0] - item.at);
    first = Math.min(first, times[0]);
    last = Math.max(last, times[0]);
  }
  const seconds = (last - first) / 1000;
  const contents = new Set(items.map((i) => i.content));
  const arrived = order.filter((text) => contents.has(text));
  const run = {
    due: items.length,
    published,
    duplicates,
    lateness,
    arrived,
    schedulingMs,
    lateScheduling,
    p50: percentile(lateness, 50),
    p99: percentile(lateness, 99),
    perSecond: seconds > 0 ? published / seconds : Number.NaN,
    rss: rss(),
  };
  console.error(
    `  … ${label}: p50 ${(run.p50 / 1000).toFixed(2)} s, p99 ${(run.p99 / 1000).toFixed(2)} s, ${run.perSecond.toFixed(0)} a second`,
  );
  return run;
}

const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The median and the spread of `values`: "4.1 (3.9–4.6)". */
const spread = (values, digits) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v) => v.toFixed(digits);
  return sorted.length === 1 ? f(sorted[0]) : `${f(middle(sorted))} (${f(sorted[0])}–${f(sorted.at(-1))})`;
};

/** A case's rows over its runs: each figure as the median of the runs and their spread (min–max). */
export function caseRows(label, runs) {
  const late = runs.filter((r) => r.lateScheduling).length;
  return [
    [
      `${label}: scheduling through POST /api/schedule/batch (s), median (min–max) of ${runs.length} runs`,
      spread(
        runs.map((r) => r.schedulingMs / 1000),
        1,
      ) +
        (late > 0
          ? ` — ran past the first due time in ${late} of ${runs.length} runs: their lateness is partly the scheduling's`
          : ''),
    ],
    [
      `${label}: published / due · sent twice (all runs)`,
      `${runs.reduce((n, r) => n + r.published, 0)} / ${runs.reduce((n, r) => n + r.due, 0)} · ${runs.reduce((n, r) => n + r.duplicates, 0)}`,
    ],
    [
      `${label}: lateness p50 (s), median (min–max)`,
      spread(
        runs.map((r) => r.p50 / 1000),
        2,
      ),
    ],
    [
      `${label}: lateness p99 (s), median (min–max)`,
      spread(
        runs.map((r) => r.p99 / 1000),
        2,
      ),
    ],
    [
      `${label}: posts a second while publishing, median (min–max)`,
      spread(
        runs.map((r) => r.perSecond),
        0,
      ),
    ],
    [`${label}: RSS of the API / worker processes (MB), last run`, runs.at(-1)?.rss ?? ''],
  ];
}

/**
 * Case (a): `POSTS` posts due within one minute, one on each of `personaIds`, the first `lead` ms
 * from now.
 */
export function burst({ personaIds, lead, tag }) {
  const start = Date.now() + lead;
  return personaIds.slice(0, POSTS).map((personaId, i) => ({
    personaId,
    content: `Bench ${tag} post ${i}`,
    at: start + Math.floor((i / Math.min(POSTS, personaIds.length)) * WINDOW_MS),
  }));
}

/** Case (b): 200 posts due at the same second on one account, in order a millisecond apart. */
export function onOneAccount({ personaId, lead, tag }) {
  const start = Date.now() + lead;
  return Array.from({ length: 200 }, (_, i) => ({ personaId, content: `Bench ${tag} one ${i}`, at: start + i }));
}

export { PLATFORM_MS, POSTS, scheduleAndWait };

/** A `npm run worker` process on `databaseUrl`; resolves once it has started. */
export function startWorker(root, env) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/worker.js')], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('worker started')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

/** SQL on a PostgreSQL database, for copyAccounts. */
export async function postgresRunner(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { run: (sql, params) => client.query(sql, params), close: () => client.end() };
}
