// Part of npm run bench: GET /api/personas/{id}/analytics for a persona with 90 days of history
// (an account read every hour: 2,160 snapshots) and 1,000 posts read, on a fresh PostgreSQL
// database; then the calls one metrics sync of 1,000 posts makes on each platform (bench-metrics-calls.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const DAY = 86_400_000;

/** A fresh database on the machine's PostgreSQL; `drop` removes it. */
export async function freshPostgres(adminUrl) {
  const name = `plume_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = `${adminUrl.replace(/\/[^/]*$/, '')}/${name}`;
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** 90 days of hourly readings and 1,000 posts for the persona, written as the metrics sync writes them. */
export async function seedHistory(url, personaId, now = Date.now()) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const accountId = crypto.randomUUID();
    await db.query(
      `insert into platform_accounts (id, persona_id, platform, external_id, username, auth_method, followers, metrics_read_at)
       values ($1, $2, 'bluesky', $3, 'bench.test', 'app_password', 5000, $4)`,
      [accountId, personaId, `did:plc:${accountId}`, new Date(now)],
    );
    const hours = 90 * 24;
    for (let from = 0; from < hours; from += 500) {
      const values = [];
      const params = [];
      for (let h = from; h < Math.min(hours, from + 500); h++) {
        const i = params.length;
        values.push(`($${i + 1}, $${i + 2}, $${i + 3}, 'bluesky', $${i + 4}, $${i + 5}, 100, $${i + 6}, 12)`);
        params.push(crypto.randomUUID(), accountId, personaId, new Date(now - (hours - h) * 3_600_000), 3000 + h, h);
      }
      await db.query(
        `insert into account_snapshots (id, account_id, persona_id, platform, read_at, followers, following, posts, reads) values ${values.join(',')}`,
        params,
      );
    }
    for (let from = 0; from < 1000; from += 250) {
      const values = [];
      const params = [];
      for (let n = from; n < from + 250; n++) {
        const i = params.length;
        values.push(
          `($${i + 1}, $${i + 2}, $${i + 3}, 'bluesky', $${i + 4}, $${i + 5}, $${i + 6}, $${i + 7}, $${i + 8}, $${i + 9}, $${i + 10})`,
        );
        params.push(
          accountId,
          `at://did:plc:${accountId}/app.bsky.feed.post/${n}`,
          personaId,
          `Post ${n} of the bench, about the things a persona writes about.`,
          new Date(now - Math.floor((n / 1000) * 90 * DAY) - 60_000),
          (n * 7) % 40,
          (n * 3) % 9,
          n % 5,
          n % 3,
          new Date(now),
        );
      }
      await db.query(
        `insert into post_metrics (account_id, external_id, persona_id, platform, text, posted_at, likes, reposts, replies, quotes, read_at) values ${values.join(',')}`,
        params,
      );
    }
  } finally {
    await db.end();
  }
}

/** The calls a sync of 1,000 posts makes on each platform, counted at local stubs (a TypeScript script, run by tsx). */
export function syncCalls(root) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench-metrics-calls.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`bench-metrics-calls failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop());
}

/**
 * Automated posting at scale: `personas` personas posting every hour, each with a Bluesky account
 * (rows only: writing needs a connected account, publishing is not measured here), their next slot
 * planned at once. Answers when each slot's draft was written, from the moment planning began.
 */
export async function benchAutoPosting({ url, newUser, personas = 1000 }) {
  // A user may have 10 active personas: 100 users for 1,000.
  const created = [];
  for (let i = 0; i < personas; i += 10) {
    const api = await newUser(i / 10);
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, personas - i) }, (_, k) =>
        api('/api/personas', { method: 'POST', body: { name: `Auto ${i + k}`, is_active: true } }),
      ),
    );
    created.push(...batch.map((persona) => ({ persona, api })));
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    for (const { persona } of created) {
      await db.query(
        `insert into platform_accounts (id, persona_id, platform, external_id, username, auth_method, metrics_read_at)
         values ($1, $2, 'bluesky', $3, $4, 'app_password', now())`,
        [crypto.randomUUID(), persona.id, `did:plc:${persona.id}`, `auto-${persona.id.slice(0, 8)}.test`],
      );
    }
    const automation = (p) => ({
      ...p.automation,
      autoPosting: { ...p.automation.autoPosting, enabled: true, frequency: 'hourly', smartTiming: false },
      safety: { ...p.automation.safety, humanLikePatterns: false, cooldownPeriods: false, dailyActivityLimit: 1000 },
    });
    // Saving turns posting on; the first save plans every persona's next slot.
    const started = Date.now();
    for (let i = 0; i < created.length; i += 25) {
      await Promise.all(
        created
          .slice(i, i + 25)
          .map(({ persona: p, api }) =>
            api(`/api/personas/${p.id}`, { method: 'PUT', body: { automation: automation(p) } }),
          ),
      );
    }
    const saved = Date.now();
    let rows = [];
    const deadline = Date.now() + 15 * 60_000;
    while (Date.now() < deadline) {
      ({ rows } = await db.query('select created_at from posts where auto_slot is not null'));
      if (rows.length >= personas) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const written = rows.map((r) => new Date(r.created_at).getTime() - started).sort((a, b) => a - b);
    const pct = (p) => written[Math.min(written.length - 1, Math.floor((p / 100) * written.length))] ?? Number.NaN;
    const last = written.at(-1) ?? Number.NaN;
    return {
      personas,
      written: written.length,
      saveSeconds: (saved - started) / 1000,
      perSecond: written.length / (last / 1000),
      p50: pct(50) / 1000,
      p99: pct(99) / 1000,
    };
  } finally {
    await db.end();
  }
}
