import { AtpAgent } from '@atproto/api';

/** Where the browser tests' third parties listen (start-peers.ts) and how the app reaches them. */
export const peerPorts = {
  pds: Number(process.env.E2E_PDS_PORT ?? 3310),
  plc: Number(process.env.E2E_PLC_PORT ?? 3311),
};
export const pdsUrl = `http://localhost:${peerPorts.pds}`;

/** The app's settings that point it at the peers. */
export const peerEnv = {
  BLUESKY_SERVICE: pdsUrl,
  BLUESKY_HANDLE_RESOLVER: pdsUrl,
  BLUESKY_PLC_URL: `http://localhost:${peerPorts.plc}`,
  BLUESKY_ALLOW_PRIVATE: 'true',
};

let made = 0;
/** A new account on the local PDS, with an app password. */
export async function createBlueskyAccount(name: string) {
  made += 1;
  const handle = `${name}${made}${Date.now().toString(36).slice(-5)}.test`;
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const agent = new AtpAgent({ service: pdsUrl });
  await agent.createAccount({ email: `${handle}@example.com`, handle, password });
  const appPassword = (await agent.com.atproto.server.createAppPassword({ name: 'plume' })).data.password;
  return { handle, password, appPassword, did: agent.session?.did ?? '', agent };
}

/** The account's posts, newest first, read from its repository on the PDS. */
export async function blueskyPostsOf(did: string) {
  const agent = new AtpAgent({ service: pdsUrl });
  const { data } = await agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' });
  return data.records.map((r) => ({ uri: r.uri, ...(r.value as { text: string; reply?: unknown }) }));
}
