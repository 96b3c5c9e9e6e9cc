// The third parties the browser tests talk to, on loopback: a real Bluesky network (@atproto/dev-env
// TestNetwork: PDS, PLC directory, and the AppView that notifications, feeds and profiles need).
// Started by Playwright before the app, which is pointed at them. The AppView keeps its data in a
// schema of its own on the machine's PostgreSQL (and needs Redis), dropped when it stops.
import { TestNetwork } from '@atproto/dev-env';
import pg from 'pg';
import { peerPorts } from './peers';

const postgresUrl = process.env.BLUESKY_TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
process.env.REDIS_HOST ??= '127.0.0.1:6379';
/** Letters only (the AppView refuses anything else), one schema per PDS port: two runs side by side never share one. */
const schema = `bsky_browser_${[...String(peerPorts.pds)].map((d) => String.fromCharCode(97 + Number(d))).join('')}`;
const schemas = [`appview_${schema}`, `ozone_${schema}`];

async function dropSchemas() {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    for (const name of schemas) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

// A run killed before it could clean up leaves its schemas: start from nothing.
await dropSchemas();
const network = await TestNetwork.create({
  pds: { port: peerPorts.pds },
  plc: { port: peerPorts.plc },
  dbPostgresUrl: postgresUrl,
  dbPostgresSchema: schema,
});
console.log(`Bluesky PDS at ${network.pds.url}, PLC at ${network.plc.url}, AppView at ${network.bsky.url}`);

const stop = async () => {
  try {
    await network.close();
    await dropSchemas();
  } finally {
    process.exit(0);
  }
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
