import { AtpAgent } from '@atproto/api';
import { TestNetworkNoAppView } from '@atproto/dev-env';

/** A real Bluesky PDS and PLC directory on loopback (@atproto/dev-env), with accounts made on demand. */
export async function startBlueskyNetwork() {
  const network = await TestNetworkNoAppView.create({});
  let accounts = 0;
  return {
    network,
    pdsUrl: network.pds.url,
    /** The environment that points Plume at this network. */
    env: {
      BLUESKY_SERVICE: network.pds.url,
      BLUESKY_HANDLE_RESOLVER: network.pds.url,
      BLUESKY_PLC_URL: network.plc.url,
      BLUESKY_ALLOW_PRIVATE: 'true',
    },
    /** A new account with an app password; `agent` is signed in with the main password. */
    async createAccount(name = 'alice') {
      accounts += 1;
      const handle = `${name}${accounts}${Date.now().toString(36).slice(-4)}.test`;
      const password = `pw-${Math.random().toString(36).slice(2)}`;
      const agent = new AtpAgent({ service: network.pds.url });
      await agent.createAccount({ email: `${handle}@example.com`, handle, password });
      const appPassword = (await agent.com.atproto.server.createAppPassword({ name: 'plume' })).data.password;
      const did = agent.session?.did ?? '';
      return { handle, password, appPassword, did, agent };
    },
    /** The account's posts, newest first, read straight from its repository on the PDS. */
    async postsOf(did: string) {
      const agent = new AtpAgent({ service: network.pds.url });
      const { data } = await agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' });
      return data.records as { uri: string; cid: string; value: Record<string, unknown> }[];
    },
    close: () => network.close(),
  };
}
export type BlueskyNetwork = Awaited<ReturnType<typeof startBlueskyNetwork>>;
