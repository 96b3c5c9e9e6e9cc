import { AtpAgent } from '@atproto/api';
import { TestNetwork, TestNetworkNoAppView } from '@atproto/dev-env';
import pg from 'pg';

/** Accounts made on demand on a PDS, and an account's posts read from its repository. */
function accountsOn(pdsUrl: string) {
  let accounts = 0;
  return {
    /** A new account with an app password; `agent` is signed in with the main password. */
    async createAccount(name = 'alice') {
      accounts += 1;
      const handle = `${name}${accounts}${Date.now().toString(36).slice(-4)}.test`;
      const password = `pw-${Math.random().toString(36).slice(2)}`;
      const agent = new AtpAgent({ service: pdsUrl });
      await agent.createAccount({ email: `${handle}@example.com`, handle, password });
      const appPassword = (await agent.com.atproto.server.createAppPassword({ name: 'plume' })).data.password;
      const did = agent.session?.did ?? '';
      return { handle, password, appPassword, did, agent };
    },
    /** The account's posts, newest first, read straight from its repository on the PDS. */
    async postsOf(did: string) {
      const agent = new AtpAgent({ service: pdsUrl });
      const { data } = await agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' });
      return data.records as { uri: string; cid: string; value: Record<string, unknown> }[];
    },
  };
}

/** The environment that points Plume at a network's PDS and PLC directory. */
function plumeEnv(network: TestNetworkNoAppView) {
  return {
    BLUESKY_SERVICE: network.pds.url,
    BLUESKY_HANDLE_RESOLVER: network.pds.url,
    BLUESKY_PLC_URL: network.plc.url,
    BLUESKY_ALLOW_PRIVATE: 'true',
  };
}

/** A real Bluesky PDS and PLC directory on loopback (@atproto/dev-env), with accounts made on demand. */
export async function startBlueskyNetwork() {
  const network = await TestNetworkNoAppView.create({});
  return {
    network,
    pdsUrl: network.pds.url,
    /** The environment that points Plume at this network. */
    env: plumeEnv(network),
    ...accountsOn(network.pds.url),
    close: () => network.close(),
  };
}
export type BlueskyNetwork = Awaited<ReturnType<typeof startBlueskyNetwork>>;

const POSTGRES_URL = process.env.BLUESKY_TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_HOST = '127.0.0.1:6379';

/** Letters only: the AppView and Ozone refuse a schema name with anything but [A-Za-z_]. */
const letters = (n: number) => [...String(n)].map((d) => String.fromCharCode(97 + Number(d))).join('');

async function dropSchemas(schemas: string[]) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * The full network: PDS, PLC directory, the Bluesky AppView and Ozone (@atproto/dev-env TestNetwork),
 * on the machine's PostgreSQL (schemas of this run's own, dropped by `close`) and Redis. Reads that
 * need an AppView (profiles with counts, feeds, getPosts, notifications) work here; the PDS passes
 * app.bsky calls on to it. Call `processAll()` after writes so the AppView has indexed them.
 */
export async function startBlueskyNetworkWithAppView() {
  const random = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const schema = `bsky_test_${letters(process.pid)}_${random}`;
  // dev-env prefixes the name: the AppView uses appview_<schema>, Ozone ozone_<schema>.
  const schemas = [`appview_${schema}`, `ozone_${schema}`];
  // TestNetwork.create reads the Redis host only from the environment.
  const redisBefore = process.env.REDIS_HOST;
  process.env.REDIS_HOST ??= REDIS_HOST;
  let network: TestNetwork;
  try {
    network = await TestNetwork.create({ dbPostgresUrl: POSTGRES_URL, dbPostgresSchema: schema });
  } catch (error) {
    await dropSchemas(schemas).catch(() => {});
    throw error;
  } finally {
    if (redisBefore === undefined) delete process.env.REDIS_HOST;
  }
  return {
    network,
    pdsUrl: network.pds.url,
    appViewUrl: network.bsky.url,
    /** The Postgres schemas this network lives in (dropped by `close`). */
    schemas,
    /** The environment that points Plume at this network (its reads reach the AppView through the PDS). */
    env: { ...plumeEnv(network), appViewUrl: network.bsky.url },
    ...accountsOn(network.pds.url),
    /** Waits until the AppView has indexed everything written to the PDS so far. */
    processAll: () => network.processAll(),
    async close() {
      try {
        await network.close();
      } finally {
        await dropSchemas(schemas);
      }
    },
  };
}
export type BlueskyNetworkWithAppView = Awaited<ReturnType<typeof startBlueskyNetworkWithAppView>>;
