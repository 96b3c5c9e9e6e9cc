// Part of npm run bench (bench-analytics.mjs runs it with tsx): the calls one metrics sync makes for
// an account with 1,000 posts in the last 90 days, through Plume's own adapters, counted at local
// stubs: Bluesky's three reads (getProfile, getAuthorFeed, getPosts) and the X contract fake.
// Prints one line of JSON.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AtpAgent } from '@atproto/api';
import { X_SCOPES } from '@plume/core';
import { loadConfig } from '../apps/server/src/config';
import { createSecretBox } from '../apps/server/src/crypto/secret-box';
import { type BlueskyStore, createBlueskyClient } from '../apps/server/src/integrations/bluesky/bluesky';
import type { CredentialStore } from '../apps/server/src/integrations/platform';
import { createXApi } from '../apps/server/src/integrations/x/x-api';
import { createXStub } from '../apps/server/test/fakes/x';

const POSTS = 1000;
const DAY = 86_400_000;
const now = Date.now();
const since = new Date(now - 90 * DAY);
const DID = 'did:plc:benchbenchbenchbenchbench';
const CID = 'bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm';
const createdAt = (n: number) => new Date(now - (n + 1) * Math.floor((80 * DAY) / POSTS)).toISOString();
const uri = (n: number) => `at://${DID}/app.bsky.feed.post/bench${n}`;
const postView = (n: number) => ({
  uri: uri(n),
  cid: CID,
  author: { did: DID, handle: 'bench.test' },
  record: { $type: 'app.bsky.feed.post', text: `Post ${n}`, createdAt: createdAt(n) },
  likeCount: n % 7,
  repostCount: n % 3,
  replyCount: 0,
  quoteCount: 0,
  indexedAt: createdAt(n),
});

/** A Bluesky server answering the three reads for one account with POSTS posts, newest first. */
async function blueskyStub() {
  const calls: Record<string, number> = {};
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const method = url.pathname.replace('/xrpc/', '');
    calls[method] = (calls[method] ?? 0) + 1;
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (method === 'app.bsky.actor.getProfile') {
      return send({ did: DID, handle: 'bench.test', followersCount: 5000, followsCount: 100, postsCount: POSTS });
    }
    if (method === 'app.bsky.feed.getAuthorFeed') {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const page = Array.from({ length: Math.max(0, Math.min(limit, POSTS - start)) }, (_, i) => ({
        post: postView(start + i),
      }));
      return send({ feed: page, ...(start + limit < POSTS ? { cursor: String(start + limit) } : {}) });
    }
    if (method === 'app.bsky.feed.getPosts') {
      const uris = url.searchParams.getAll('uris');
      return send({ posts: uris.map((u) => postView(Number(u.split('bench').pop()))) });
    }
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'InvalidRequest', message: `the stub does not answer ${method}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

const config = loadConfig({ APP_SECRET: 'bench-'.repeat(8), BLUESKY_ALLOW_PRIVATE: 'true' });
const unused = new Proxy({} as BlueskyStore, {
  get() {
    throw new Error('the reads use no stored session');
  },
});
const credentials: CredentialStore = {
  exclusive: async (_name, work) => work(),
  update: () => Promise.reject(new Error('the reads use no stored session')),
  guard: (_account, work) => work(),
};
const bluesky = createBlueskyClient({
  config: config.bluesky,
  appUrl: config.appUrl,
  store: unused,
  credentials,
  secretBox: createSecretBox(config.appSecret),
  // Reads spend nothing of an account's limits.
  meter: { record: async () => {} },
});

const sky = await blueskyStub();
const agent = new AtpAgent({ service: sky.url });
// As a sync does (metrics.service.ts): the feed, then by id Plume's posts it did not reach.
const maxPages = config.metrics.maxPages.bluesky;
const read = await bluesky.readMetrics(agent, DID, 'bench.test', { since, maxPages });
const reached = new Set(read.posts.map((p) => p.externalId));
const missing = Array.from({ length: POSTS }, (_, n) => uri(n)).filter((u) => !reached.has(u));
const more = missing.length > 0 ? await bluesky.readPosts(agent, missing, 'bench.test') : { posts: [], reads: 0 };
const blueskyCalls = Object.values(sky.calls).reduce((a, b) => a + b, 0);
sky.server.close();

const x = createXStub({ clientId: 'bench', clientSecret: 'bench' });
const xUrl = await x.listen();
const xApi = createXApi({ clientId: 'bench', clientSecret: 'bench', apiUrl: xUrl, authorizeUrl: x.authorizeUrl });
const me = x.state.user;
x.state.users.set(me.id, me);
for (let n = 0; n < POSTS; n++) {
  x.state.tweets.push({
    id: String(1_700_000_000_000_000_000n + BigInt(n)),
    text: `Post ${n}`,
    authorId: me.id,
    inReplyTo: null,
    createdAt: createdAt(POSTS - 1 - n),
    metrics: { like_count: n % 7, retweet_count: n % 3, reply_count: 0, quote_count: 0, impression_count: 100 },
  });
}
const token = 'xat_bench';
x.state.accessTokens.set(token, {
  userId: me.id,
  scope: [...X_SCOPES],
  expiresAt: Date.now() + 3_600_000,
  revoked: false,
});
const xDefault = await xApi.readMetrics(token, { since, maxPages: config.metrics.maxPages.x });
const xDefaultCalls = x.state.requests.length;
x.resetRecords();
const xAll = await xApi.readMetrics(token, { since, maxPages: 100 });
const xAllCalls = x.state.requests.length;
await x.close();

console.log(
  JSON.stringify({
    bluesky: {
      calls: blueskyCalls,
      counted: read.reads + more.reads,
      posts: read.posts.length + more.posts.length,
      pages: maxPages,
    },
    xDefault: {
      calls: xDefaultCalls,
      counted: xDefault.reads,
      posts: xDefault.posts.length,
      pages: config.metrics.maxPages.x,
    },
    xAll: { calls: xAllCalls, counted: xAll.reads, posts: xAll.posts.length },
  }),
);
