// Part of npm run bench: 10,000 scheduled posts due within one minute, published by the real
// engine (pg-boss jobs, the claim, Safety checks) to a local stub platform that speaks the few
// Bluesky calls publishing makes. Prints how many went out, duplicates, lateness and throughput.
import { createServer } from 'node:http';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
// Posts of one account go out one at a time (by design), so throughput grows with the accounts.
const PERSONAS = Number(process.env.BENCH_PERSONAS ?? 20);
const WINDOW_MS = 60_000;

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

/** The stub platform: sign-in, session check and createRecord; it notes when each post arrives. */
export function startStubPlatform() {
  const received = new Map(); // text -> arrival times
  let counter = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
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
        const times = received.get(record.text) ?? [];
        times.push(Date.now());
        received.set(record.text, times);
        counter += 1;
        return send(200, { uri: `at://${repo}/app.bsky.feed.post/bench${counter}`, cid: CID });
      }
      return send(400, { error: 'InvalidRequest', message: `the stub does not answer ${method}` });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}`, received }),
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
 * `api(path, init)` calls the running server as a signed-in user. Returns rows for the report.
 */
export async function benchPublishing({ api, stubUrl, received, label }) {
  const personas = [];
  for (let i = 0; i < PERSONAS; i++) {
    const persona = await api('/api/personas', { method: 'POST', body: { name: `Publisher ${i}`, is_active: false } });
    const automation = {
      ...persona.automation,
      safety: { ...persona.automation.safety, cooldownPeriods: false, dailyActivityLimit: 1000 },
    };
    await api(`/api/personas/${persona.id}`, { method: 'PUT', body: { automation } });
    await api(`/api/personas/${persona.id}/accounts/bluesky/app-password`, {
      method: 'POST',
      body: { handle: `bench${i}.bench.test`, appPassword: 'bench-pass-word-1234', service: stubUrl },
    });
    personas.push(persona.id);
  }

  // Every post is due within one minute, starting once they can all have been scheduled.
  const leadMs = Number(process.env.BENCH_LEAD_MS ?? 120_000);
  const start = Date.now() + leadMs;
  const due = new Map();
  const scheduling = performance.now();
  await pool(
    Array.from({ length: POSTS }, (_, i) => async () => {
      const at = start + Math.floor((i / POSTS) * WINDOW_MS);
      const content = `Bench post ${i}`;
      due.set(content, at);
      await api('/api/schedule', {
        method: 'POST',
        body: { personaId: personas[i % PERSONAS], platform: 'bluesky', content, runAt: new Date(at).toISOString() },
      });
    }),
    16,
  );
  const schedulingMs = performance.now() - scheduling;
  console.error(`  … ${POSTS} posts scheduled in ${(schedulingMs / 1000).toFixed(1)} s`);
  const lateScheduling = Date.now() > start;

  const deadline = start + WINDOW_MS + 15 * 60_000;
  let lastReport = 0;
  while (received.size < POSTS && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      console.error(`  … ${received.size} of ${POSTS} published`);
    }
  }

  const lateness = [];
  let duplicates = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const [text, times] of received) {
    if (times.length > 1) duplicates += times.length - 1;
    const at = due.get(text);
    if (at !== undefined) lateness.push(times[0] - at);
    first = Math.min(first, times[0]);
    last = Math.max(last, times[0]);
  }
  const seconds = (last - first) / 1000;
  return [
    [
      `${label}: posts scheduled through POST /api/schedule (s)`,
      (schedulingMs / 1000).toFixed(1) + (lateScheduling ? ' (past the first due time)' : ''),
    ],
    [`${label}: posts published / due`, `${received.size} / ${POSTS}`],
    [`${label}: posts published twice`, duplicates],
    [`${label}: lateness p50 / p99 (ms)`, `${percentile(lateness, 50)} / ${percentile(lateness, 99)}`],
    [`${label}: posts a second while publishing`, seconds > 0 ? (received.size / seconds).toFixed(0) : 'n/a'],
  ];
}
