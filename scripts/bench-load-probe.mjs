// Loaded into the API process with `node --import` when BENCH_LOAD_PROBE is set (bench-load.mjs):
// where the time goes under the mixed load, printed to stderr when the process exits. The event
// loop's delay (perf_hooks.monitorEventLoopDelay), and per statement: how long it waited for a
// connection (PostgreSQL's pool) or for the single PGlite connection, how long it ran, and how long a
// pooled connection was held. Changes nothing the app does.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const statements = new Map();
const waits = [];
const holds = [];
const shape = (text) =>
  String(text)
    .replace(/\s+/g, ' ')
    .replace(/\$\d+(, ?\$\d+)*/g, '$…')
    .slice(0, 90);
const note = (text, ms) => {
  const key = shape(text);
  const entry = statements.get(key) ?? { count: 0, total: 0, max: 0 };
  entry.count++;
  entry.total += ms;
  entry.max = Math.max(entry.max, ms);
  statements.set(key, entry);
};
const timed = (target, name) => {
  const original = target.prototype[name];
  target.prototype[name] = function (...args) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
    const started = performance.now();
    const result = original.apply(this, args);
    if (result && typeof result.then === 'function') {
      result.then(
        () => note(text, performance.now() - started),
        () => note(text, performance.now() - started),
      );
    }
    return result;
  };
};
timed(pg.Client, 'query');
timed(pg.Pool, 'query');
timed(PGlite, 'query');
timed(PGlite, 'exec');

const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (callback) {
  const asked = performance.now();
  const wrap = (client) => {
    const got = performance.now();
    waits.push(got - asked);
    if (client && !client.__probed) {
      client.__probed = true;
    }
    if (client) {
      const release = client.release;
      client.release = function (...args) {
        holds.push(performance.now() - got);
        client.release = release;
        return release.apply(this, args);
      };
    }
    return client;
  };
  if (typeof callback === 'function') {
    return connect.call(this, (error, client, done) => {
      if (error) return callback(error, client, done);
      wrap(client);
      // pool.query releases through `done`, which calls client.release.
      callback(error, client, (...args) => client.release(...args));
    });
  }
  return connect.call(this).then(wrap);
};

// PGlite's transaction holds its one connection from BEGIN to COMMIT: how long each waited and held it.
const txWaits = [];
const txHolds = [];
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function (callback) {
  const asked = performance.now();
  return transaction.call(this, async (tx) => {
    const got = performance.now();
    txWaits.push(got - asked);
    try {
      return await callback(tx);
    } finally {
      txHolds.push(performance.now() - got);
    }
  });
};

// Time from the request's headers read to the response's end (or to the first byte of a stream), by route.
const served = new Map();
let resetAt = performance.now();
const connections = [];
const firstRequests = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  const [req, res] = args;
  if (event === 'connection') {
    req.__at = performance.now();
    connections.push(req.__at - resetAt);
  }
  if (event === 'request') {
    if (req.socket.__at !== undefined && !req.socket.__first) {
      req.socket.__first = true;
      firstRequests.push([performance.now() - resetAt, performance.now() - req.socket.__at]);
    }
    const started = performance.now();
    const route = `${req.method} ${req.url.split('?')[0].replace(/[0-9a-f-]{36}/g, ':id')}`;
    let first;
    const write = res.write;
    res.write = function (...args) {
      first ??= performance.now() - started;
      return write.apply(this, args);
    };
    res.once('finish', () => {
      const took = first ?? performance.now() - started;
      const entry = served.get(route) ?? { times: [] };
      entry.times.push(took);
      served.set(route, entry);
    });
  }
  return emit.call(this, event, ...args);
};

// SIGUSR2 (the bench, when the mix starts): forget what start-up and sign-in cost.
process.on('SIGUSR2', () => {
  loop.reset();
  statements.clear();
  for (const list of [waits, holds, txWaits, txHolds]) list.length = 0;
  served.clear();
  resetAt = performance.now();
  connections.length = 0;
  firstRequests.length = 0;
});

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1) : '–';
};

process.on('exit', () => {
  const lines = [`[probe ${process.pid}] event loop delay p50 / p99 / max ms:`];
  lines[0] += ` ${(loop.percentile(50) / 1e6).toFixed(1)} / ${(loop.percentile(99) / 1e6).toFixed(1)} / ${(loop.max / 1e6).toFixed(1)}`;
  if (waits.length) {
    lines.push(
      `  pool: ${waits.length} checkouts, wait p50 / p99 / max ms ${pct(waits, 50)} / ${pct(waits, 99)} / ${pct(waits, 100)}; held p50 / p99 / max ${pct(holds, 50)} / ${pct(holds, 99)} / ${pct(holds, 100)}`,
    );
  }
  if (txWaits.length) {
    lines.push(
      `  PGlite transactions: ${txWaits.length}, wait p50 / p99 / max ms ${pct(txWaits, 50)} / ${pct(txWaits, 99)} / ${pct(txWaits, 100)}; held p50 / p99 / max ${pct(txHolds, 50)} / ${pct(txHolds, 99)} / ${pct(txHolds, 100)}`,
    );
  }
  lines.push('  served, from headers read to first byte (count · p50 / p99 / max ms):');
  for (const [route, { times }] of [...served].sort((a, b) => b[1].times.length - a[1].times.length).slice(0, 8)) {
    lines.push(
      `    ${String(times.length).padStart(6)} · ${pct(times, 50)} / ${pct(times, 99)} / ${pct(times, 100)}  ${route}`,
    );
  }
  if (process.env.BENCH_LOAD_DEBUG) {
    lines.push(`  connections opened at (ms after the mix began): ${connections.map((c) => c.toFixed(0)).join(' ')}`);
    lines.push(
      `  first request on a connection at · after connect: ${firstRequests.map(([a, b]) => `${a.toFixed(0)}·${b.toFixed(0)}`).join(' ')}`,
    );
  }
  const top = [...statements].sort((a, b) => b[1].total - a[1].total).slice(0, 25);
  lines.push('  statements by total time (count · total ms · mean · max):');
  for (const [text, e] of top) {
    lines.push(
      `    ${String(e.count).padStart(6)} · ${e.total.toFixed(0).padStart(7)} · ${(e.total / e.count).toFixed(1).padStart(6)} · ${e.max.toFixed(0).padStart(5)}  ${text}`,
    );
  }
  process.stderr.write(`${lines.join('\n')}\n`);
});
