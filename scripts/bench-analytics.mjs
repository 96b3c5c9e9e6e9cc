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
