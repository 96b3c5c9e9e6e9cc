// npm run bench: start-up time, API latency and throughput, memory, and the web bundle's size.
// Figures, not pass/fail: compare runs on the same machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const port = 3900;
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

/** gzip KB of JavaScript files in dist. */
function gzipKb(files) {
  const dist = path.join(root, 'apps/web/dist');
  return Math.round(files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0) / 1024);
}

/** The landing page's JavaScript (entry and preloaded chunks) and all of the app's. */
function bundleKb() {
  const html = readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
  const landing = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const all = readdirSync(path.join(root, 'apps/web/dist/assets'))
    .filter((n) => n.endsWith('.js'))
    .map((n) => `assets/${n}`);
  return { landing: gzipKb(landing), all: gzipKb(all) };
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

const rows = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'plume-bench-'));
let running;
try {
  const cold = await startServer(dataDir);
  running = cold.child;
  rows.push(['start-up, fresh PGlite folder (ms)', Math.round(cold.ms)]);
  await stop(cold.child);
  const warm = await startServer(dataDir);
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
  const page = await load(`${base}/`);
  rows.push(['GET / (index.html) req/s', page.rps]);
  rows.push(['server RSS after load (MB)', rssMb(warm.child.pid)]);
  rows.push(['ratio: start-up fresh / existing', (cold.ms / warm.ms).toFixed(1)]);
  await stop(warm.child);
  running = undefined;
} finally {
  // A failed run must not leave a server behind.
  if (running) await stop(running);
  rmSync(dataDir, { recursive: true, force: true });
}
const bundle = bundleKb();
rows.push(['landing page JavaScript, gzip (KB)', bundle.landing], ['all web JavaScript, gzip (KB)', bundle.all]);

const width = Math.max(...rows.map(([k]) => k.length));
console.log('\nPlume benchmarks');
for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
