import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ApiError, OpportunityList, Persona, ScheduledItem } from '@plume/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentions, postMetrics, posts, sourceItems } from '../src/db/schema';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';

/*
 * The dashboard's opportunities (decision 031) over HTTP, drawn from the rows the app keeps: a
 * persona connected to a real Bluesky PDS, the mentions and post readings its jobs would keep
 * (written here as the jobs write them: reading them from Bluesky is engagement's and metrics'
 * tests), reply drafts in the review queue, and a feed's items read through the app.
 */

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

let bsky: BlueskyNetwork;
let server: TestServer;
let feed: Server;
let feedUrl: string;
const email = `opportunities.${Date.now()}@example.com`;
let ann: Client;
let ada: Persona;
let adaAccount: { id: string; externalId: string };
let bo: Persona;
let boAccount: { id: string; externalId: string };

const list = (c: Client) => c.request('/api/opportunities').then((r) => readJson<OpportunityList>(r, 200));
const dismiss = (c: Client, items: { id: string; newestAt: string }[], status = 204) =>
  c.request('/api/opportunities/dismiss', { method: 'POST', json: { items } }).then((r) => readJson(r, status));

async function signedIn(address = email): Promise<Client> {
  const client = createClient(server.url);
  await signInThroughOutbox(client, address);
  return client;
}

/** A persona of Ann's on a Bluesky account of its own (the app-password connection). */
async function connectedPersona(name: string, sources: Persona['sources'] = []) {
  const { persona, accountId, externalId } = await blueskyPersona(
    { server, bsky, client: ann },
    { name, is_active: false, sources },
  );
  return { persona, account: { id: accountId, externalId } };
}

let mentionCount = 0;
/** A mention as the mentions job keeps it. */
async function mention(
  persona: Persona,
  account: { id: string },
  values: { author: string; authorId?: string; text: string; at: Date; decision?: string },
) {
  mentionCount += 1;
  const externalId = `at://did:plc:${values.author}/app.bsky.feed.post/${mentionCount}`;
  await server.app.database.db.insert(mentions).values({
    id: crypto.randomUUID(),
    personaId: persona.id,
    accountId: account.id,
    platform: 'bluesky',
    externalId,
    kind: 'mention',
    authorId: values.authorId ?? `did:plc:${values.author}`,
    authorHandle: `${values.author}.test`,
    text: values.text,
    url: `https://bsky.app/profile/${values.author}.test/post/${mentionCount}`,
    ref: { parent: { id: externalId }, root: { id: externalId } },
    threadId: externalId,
    decision: values.decision ?? 'waiting',
    reason: values.decision === 'passed' ? 'not in the 50% of mentions the response rate answers' : null,
    receivedAt: values.at,
  });
}

/** A post's reading as the metrics sync keeps it. */
async function reading(persona: Persona, account: { id: string }, id: string, engagement: number, postedAt: Date) {
  await server.app.database.db.insert(postMetrics).values({
    accountId: account.id,
    externalId: `at://${id}`,
    personaId: persona.id,
    platform: 'bluesky',
    text: `Post ${id}`,
    url: `https://bsky.app/profile/ada.test/post/${id}`,
    postedAt,
    likes: engagement,
    reposts: 0,
    replies: 0,
    quotes: 0,
    readAt: new Date(),
  });
}

beforeAll(async () => {
  feed = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(readFileSync(path.join(import.meta.dirname, 'fixtures', 'feeds', 'hacker-news.rss'), 'utf8'));
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  bsky = await startBlueskyNetwork();
  // No FEEDS_ALLOW_PRIVATE: the local feed is on loopback, which a test server (like `npm start`) reaches.
  server = await build({ ...bsky.env, METRICS_SYNC_MINUTES: '0', X_METRICS_SYNC_MINUTES: '0' });
  ann = await signedIn();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bsky?.close();
  feed?.closeAllConnections();
  feed?.close();
});

describe('GET /api/opportunities', () => {
  it('says honestly there is nothing yet, and whether any persona is connected', async () => {
    const newcomer = await signedIn(`newcomer.${Date.now()}@example.com`);
    await readJson(await newcomer.request('/api/personas', { method: 'POST', json: { name: 'Quiet' } }), 201);
    expect(await list(newcomer)).toEqual({ items: [], dismissed: 0, connected: false });
    expect((await createClient(server.url).request('/api/opportunities')).status).toBe(401);
  });

  it('lists mentions without a reply, replies to review, a post taking off and fresh items, each with where to act', async () => {
    const source = (url: string, enabled: boolean) => ({
      id: crypto.randomUUID(),
      name: enabled ? 'Hacker News' : 'Off',
      type: 'rss' as const,
      url,
      enabled,
      frequency: 3,
      status: 'pending' as const,
      lastCheck: null,
      errorMessage: null,
    });
    ({ persona: ada, account: adaAccount } = await connectedPersona('Ada', [
      source(`${feedUrl}/rss`, true),
      source(`${feedUrl}/off`, false),
    ]));
    ({ persona: bo, account: boAccount } = await connectedPersona('Bo'));

    // Mentions of Ada: two strangers in the last day (one the rules passed); not one already
    // answered, not Bo (another of Ann's personas), not Ada herself, not one of two days ago.
    // Carol's is long, a family emoji (five code points) where it is cut: kept whole.
    const question = 'Ada, what do you make of this?'.padEnd(138, '?');
    await mention(ada, adaAccount, { author: 'carol', text: `${question}👨‍👩‍👧 and more`, at: ago(3 * HOUR) });
    await mention(ada, adaAccount, { author: 'dan', text: 'Loved it', at: ago(1 * HOUR), decision: 'passed' });
    await mention(ada, adaAccount, { author: 'erin', text: 'Thanks!', at: ago(2 * HOUR), decision: 'replied' });
    await mention(ada, adaAccount, { author: 'bo', authorId: boAccount.externalId, text: 'Hi sister', at: ago(HOUR) });
    await mention(ada, adaAccount, { author: 'ada', authorId: adaAccount.externalId, text: 'Me', at: ago(HOUR) });
    await mention(ada, adaAccount, { author: 'fay', text: 'Old news', at: ago(48 * HOUR) });

    // Two drafts waiting for review: one a reply to a mention, one an ordinary draft.
    const draft = async (content: string) =>
      readJson<ScheduledItem>(
        await ann.request('/api/review', { method: 'POST', json: { personaId: ada.id, platform: 'bluesky', content } }),
        201,
      );
    const reply = await draft('Glad you asked, Carol: here is what I think.');
    await draft('An ordinary post waiting for review.');
    await server.app.database.db
      .update(posts)
      .set({
        replyTo: {
          ref: { parent: { id: 'carol-1' }, root: { id: 'carol-1' } },
          authorId: 'did:plc:carol',
          author: 'carol.test',
          text: 'Ada, what?',
          url: null,
        },
      })
      .where(eq(posts.id, reply.id));

    // Ada's posts: a usual 1-2 engagements (ten of them, enough to have a usual), and one of
    // yesterday with 12 (a spike); Bo's 8 is his usual.
    for (const [i, n] of [1, 2, 1, 2, 1, 2, 1, 2, 1, 2].entries())
      await reading(ada, adaAccount, `ada-${i}`, n, ago((10 + i) * 24 * HOUR));
    await reading(ada, adaAccount, 'ada-hit', 12, ago(20 * HOUR));
    for (const [i, n] of [8, 7, 8, 9].entries()) await reading(bo, boAccount, `bo-${i}`, n, ago((i + 1) * 24 * HOUR));

    // A feed read through the app: three items, one already shared by automation; the disabled source's are not counted.
    const ingested = await ann.request('/api/ingest', {
      method: 'POST',
      json: { personaId: ada.id, feedUrl: `${feedUrl}/rss` },
    });
    expect(await readJson(ingested, 200)).toMatchObject({ ingested: 3 });
    await readJson(
      await ann.request('/api/ingest', { method: 'POST', json: { personaId: ada.id, feedUrl: `${feedUrl}/off` } }),
      200,
    );
    await server.app.database.db
      .update(sourceItems)
      .set({ usedAt: new Date() })
      .where(eq(sourceItems.title, 'Rust 2026 edition – what’s new'));

    const { items, dismissed, connected } = await list(ann);
    expect(connected).toBe(true);
    expect(dismissed).toBe(0);
    expect(items.map((i) => [i.kind, i.personaName, i.count])).toEqual([
      // Newest first: the fresh items (fetched now), the reply draft, the mentions, yesterday's post.
      ['fresh_items', 'Ada', 2],
      ['replies', 'Ada', 1],
      ['mentions', 'Ada', 2],
      ['spike', 'Ada', 12],
    ]);
    const [fresh, replies, mentioned, spike] = items;
    expect(mentioned).toMatchObject({
      id: `mentions:${ada.id}`,
      platform: 'bluesky',
      title: '2 mentions without a reply',
      detail: '2 people talked to Ada in the last 24 hours and got no reply.',
      link: {
        href: expect.stringMatching(/^https:\/\/bsky\.app\/profile\/dan\.test\/post\//),
        label: 'Reply on Bluesky',
      },
      examples: [
        { text: 'Loved it', by: '@dan.test', url: expect.stringContaining('dan.test') },
        { text: `${question}👨‍👩‍👧…`, by: '@carol.test', url: expect.stringContaining('carol.test') },
      ],
    });
    expect(replies).toMatchObject({
      title: '1 reply waiting for review',
      link: { href: `/calendar?persona=${ada.id}#review`, label: 'Review replies', external: false },
      examples: [{ text: 'Glad you asked, Carol: here is what I think.', by: 'to @carol.test', url: null }],
    });
    expect(spike).toMatchObject({
      id: `spike:${ada.id}:at://ada-hit`,
      title: 'A post is taking off',
      detail: "12 engagements, 8× Ada's usual 1.5. Join the conversation while it lasts.",
      link: { href: 'https://bsky.app/profile/ada.test/post/ada-hit', label: 'Open on Bluesky', external: true },
    });
    expect(fresh).toMatchObject({
      title: "2 new items in Ada's sources",
      link: { href: `/advanced/${ada.id}`, label: 'Write about them', external: false },
    });
    expect(fresh?.examples.map((e) => e.text).sort()).toEqual([
      'Show HN: A tiny database that fits in L1 cache',
      'Why "boring" tech & small teams win',
    ]);
  });

  it('keeps a dismissed one hidden on every device until something new comes for it', async () => {
    const before = await list(ann);
    const mentioned = before.items.find((i) => i.kind === 'mentions');
    const spike = before.items.find((i) => i.kind === 'spike');
    if (!mentioned || !spike) throw new Error('no opportunities to dismiss');
    await dismiss(
      ann,
      [mentioned, spike].map(({ id, newestAt }) => ({ id, newestAt })),
    );

    // Another device: a second sign-in of the same user.
    const phone = await signedIn();
    for (const client of [ann, phone]) {
      const now = await list(client);
      expect(now.items.map((i) => i.kind)).toEqual(['fresh_items', 'replies']);
      expect(now.dismissed).toBe(2);
    }

    // A new mention: the mentions come back, counting it; the dismissed post stays dismissed.
    await mention(ada, adaAccount, { author: 'gus', text: 'Any news?', at: new Date() });
    const after = await list(phone);
    expect(after.items.map((i) => [i.kind, i.count])).toEqual([
      ['mentions', 3],
      ['fresh_items', 2],
      ['replies', 1],
    ]);
    expect(after.dismissed).toBe(1);
  });

  it('answers 404 for another user’s persona and 400 for an id it never gave, changing nothing', async () => {
    const bob = await signedIn(`bob.${Date.now()}@example.com`);
    expect((await list(bob)).items).toEqual([]);
    const refused = await dismiss(bob, [{ id: `replies:${ada.id}`, newestAt: new Date().toISOString() }], 404);
    expect((refused as ApiError).error.code).toBe('not_found');
    const invalid = (await dismiss(
      bob,
      [{ id: 'mentions:not-a-persona', newestAt: new Date().toISOString() }],
      400,
    )) as ApiError;
    expect(invalid.error.details?.[0]?.field).toBe('body.items.0.id');
    expect((await list(ann)).items.some((i) => i.kind === 'replies')).toBe(true);
  });
});
