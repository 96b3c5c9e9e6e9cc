import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Persona } from '@plume/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceItems } from '../src/db/schema';
import { createFeedsAdapter, FEEDS_PRIVATE_MESSAGE, redditFeedUrl } from '../src/integrations/feeds/feeds';
import {
  FetchRefusedError,
  isLoopbackAddress,
  isPrivateAddress,
  safeFetch,
} from '../src/integrations/feeds/safe-fetch';
import { build, type TestServer } from './helpers/build';
import { createClient, signInThroughOutbox } from './helpers/client';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', 'feeds', name), 'utf8');

/** Real-world feed documents, served on loopback as their sites would serve them. */
let peer: Server;
let base: string;
beforeAll(async () => {
  peer = createServer((req, res) => {
    const send = (type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': type, ...headers });
      res.end(body);
    };
    switch (req.url) {
      case '/rss':
        return send('application/rss+xml', fixture('hacker-news.rss'));
      case '/news':
        return send('application/rss+xml', fixture('tech-news.rss'));
      case '/atom':
        return send('application/atom+xml', fixture('the-verge.atom'));
      case '/r/programming/.rss':
        return send('application/atom+xml', fixture('reddit-programming.rss'));
      case '/site':
        return send('text/html; charset=utf-8', fixture('news-site.html'));
      case '/gzip':
        return send('application/rss+xml', gzipSync(fixture('hacker-news.rss')), { 'content-encoding': 'gzip' });
      case '/moved':
        res.writeHead(301, { location: '/rss' });
        return res.end();
      case '/big':
        return send('text/html', 'x'.repeat(3 * 1024 * 1024));
      case '/slow':
        return; // never answers
      default:
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(() => {
  peer.closeAllConnections();
  peer.close();
});

const local = createFeedsAdapter({ reach: 'private', timeoutMs: 1000 });
const titles = async (type: 'rss' | 'reddit' | 'website', url: string) =>
  (await local.latest({ type, url })).map((i) => i.title);

describe('reading sources', () => {
  it('reads an RSS feed, with CDATA and entities decoded', async () => {
    const items = await local.latest({ type: 'rss', url: `${base}/rss` });
    expect(items).toEqual([
      {
        title: 'Show HN: A tiny database that fits in L1 cache',
        link: 'https://example.org/tiny-db',
        publishedAt: '2026-11-21T18:04:11.000Z',
        // A link-only feed: its "Comments" link is not the item's text.
        summary: null,
      },
      {
        title: 'Why "boring" tech & small teams win',
        link: 'https://example.org/boring',
        publishedAt: '2026-11-21T17:30:00.000Z',
        summary: null,
      },
      {
        title: 'Rust 2026 edition – what’s new',
        link: 'https://example.org/rust',
        publishedAt: '2026-11-21T16:00:00.000Z',
        summary: null,
      },
    ]);
  });

  it("keeps each item's first sentences as its summary, without the feed's boilerplate", async () => {
    const items = await local.latest({ type: 'rss', url: `${base}/news` });
    expect(items.map((i) => i.summary)).toEqual([
      'A configuration change in Cloudflare’s network caused a two-hour outage on Tuesday, taking down sites from Discord to Shopify. The company said no customer data was lost.',
      // The headline repeated as the first paragraph and the "appeared first on" line are left out.
      'Sixty companies that tried a four-day week for six months reported steady output and lower staff turnover.',
    ]);
  });

  it('reads an Atom feed with its alternate links', async () => {
    const items = await local.latest({ type: 'rss', url: `${base}/atom` });
    expect(items.map((i) => [i.title, i.link])).toEqual([
      ['The best laptops you can buy right now', 'https://www.theverge.com/laptops'],
      // type="html": the escaped markup is decoded once more.
      ['Phones & tablets: this year’s round-up', 'https://www.theverge.com/phones'],
    ]);
  });

  it('reads a subreddit through its feed', async () => {
    expect(redditFeedUrl('https://www.reddit.com/r/programming/')).toBe('https://www.reddit.com/r/programming/.rss');
    expect(await titles('reddit', `${base}/r/programming/`)).toEqual([
      "I rewrote our build in 200 lines and it's 10x faster",
      'What are you reading this week?',
    ]);
  });

  it("reads a web page's headlines, skipping scripts, short ones and repeats", async () => {
    expect(await titles('website', `${base}/site`)).toEqual([
      'Example Tech Daily',
      'New chips promise twice the battery life',
      'Open source maintainers & the funding question',
    ]);
  });

  it('follows redirects and decompresses', async () => {
    expect(await titles('rss', `${base}/moved`)).toHaveLength(3);
    expect(await titles('rss', `${base}/gzip`)).toHaveLength(3);
  });

  it('says why a source failed', async () => {
    await expect(local.latest({ type: 'rss', url: `${base}/site` })).rejects.toThrow(
      'That address is not an RSS or Atom feed',
    );
    await expect(local.latest({ type: 'rss', url: `${base}/missing` })).rejects.toThrow('The site answered HTTP 404');
    await expect(local.latest({ type: 'rss', url: `${base}/slow` })).rejects.toThrow('No answer within 1 s');
    await expect(local.latest({ type: 'website', url: `${base}/big` })).rejects.toThrow(
      'The page is larger than 2048 KB',
    );
    await expect(local.latest({ type: 'rss', url: 'http://127.0.0.1:1/' })).rejects.toThrow('refused the connection');
  });
});

describe('server-side fetching of user URLs', () => {
  const strict = { reach: 'public' as const, refusal: FEEDS_PRIVATE_MESSAGE };
  const refusal = async (url: string) => {
    const error = await safeFetch(url, strict).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefusedError);
    return error as FetchRefusedError;
  };

  it('refuses loopback and private addresses before connecting, named or literal', async () => {
    for (const url of [
      `${base}/rss`,
      'http://localhost:9/',
      'http://10.1.2.3/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const error = await refusal(url);
      expect(error.kind).toBe('refused');
      expect(error.message).toBe(
        'That address is on a private or local network, which Plume does not fetch from; set FEEDS_ALLOW_PRIVATE=true to allow it',
      );
    }
  });

  it('reaches this machine, and only it, when its reach is loopback', async () => {
    const loopback = { reach: 'loopback' as const, refusal: FEEDS_PRIVATE_MESSAGE };
    expect((await safeFetch(`${base}/rss`, loopback)).status).toBe(200);
    expect((await safeFetch(`${base.replace('127.0.0.1', 'localhost')}/rss`, loopback)).status).toBe(200);
    for (const url of ['http://10.1.2.3/', 'http://192.168.1.1/', 'http://169.254.169.254/latest/meta-data/']) {
      const error = await safeFetch(url, loopback).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(FetchRefusedError);
      expect((error as Error).message).toBe(FEEDS_PRIVATE_MESSAGE);
    }
    for (const a of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '0.0.0.0', '::', '8.8.8.8', 'fe80::1']) expect(isLoopbackAddress(a), a).toBe(false);
  });

  it('refuses other schemes and malformed URLs', async () => {
    expect((await refusal('ftp://example.org/feed')).message).toBe('Only http and https addresses can be fetched');
    expect((await refusal('not a url')).message).toBe('That is not a valid URL');
  });

  it('knows which addresses are private', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
      '::127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });
});

/** The server's log lines (JSON), to check what a user's mistake writes there. */
const logLines: string[] = [];
const logged = () => logLines.map((line) => JSON.parse(line) as { level: number; msg?: string; err?: unknown });
/** pino's levels: 40 warn, 50 error, 60 fatal. */
const ERROR_LEVEL = 50;

describe('GET /api/feed-titles', () => {
  let server: TestServer;
  let strictServer: TestServer;
  let ownMachine: TestServer;
  beforeAll(async () => {
    server = await build(
      { FEEDS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
    strictServer = await build({ FEEDS_ALLOW_PRIVATE: 'false' });
    // Neither said: run on one's own machine (a loopback APP_URL, not production), it reaches loopback.
    ownMachine = await build();
  });
  afterAll(async () => {
    await server?.close();
    await strictServer?.close();
    await ownMachine?.close();
  });

  it('answers the titles to a signed-in user', async () => {
    expect((await fetch(`${server.url}/api/feed-titles?url=${encodeURIComponent(`${base}/rss`)}`)).status).toBe(401);
    const client = createClient(server.url);
    await signInThroughOutbox(client, 'reader@example.com');
    const response = await client.request(`/api/feed-titles?url=${encodeURIComponent(`${base}/rss`)}`);
    expect(await response.json()).toEqual([
      'Show HN: A tiny database that fits in L1 cache',
      'Why "boring" tech & small teams win',
      'Rust 2026 edition – what’s new',
    ]);
    const reddit = await client.request(
      `/api/feed-titles?type=reddit&url=${encodeURIComponent(`${base}/r/programming/`)}`,
    );
    expect(await reddit.json()).toHaveLength(2);
  });

  it('answers 400 for a bad or refused address and 422 when the address cannot be read as a source', async () => {
    const client = createClient(server.url);
    await signInThroughOutbox(client, 'reader2@example.com');
    const bad = await client.request('/api/feed-titles?url=notaurl');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('query.url');
    // A user's broken address is theirs to fix: a 4xx naming the field, not a server error.
    logLines.length = 0;
    const missing = await client.request(`/api/feed-titles?url=${encodeURIComponent(`${base}/missing`)}`);
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      error: {
        code: 'feed_unreadable',
        message: 'The site answered HTTP 404',
        details: [{ field: 'query.url', message: 'The site answered HTTP 404' }],
      },
    });
    const notFeed = await client.request(`/api/feed-titles?url=${encodeURIComponent(`${base}/site`)}`);
    expect(notFeed.status).toBe(422);
    const nowhere = await client.request(`/api/feed-titles?url=${encodeURIComponent('http://nowhere.invalid/feed')}`);
    expect(nowhere.status).toBe(422);
    // Logged at most as a warning, without a stack trace.
    const lines = logged();
    expect(lines.some((l) => l.msg === 'The site answered HTTP 404')).toBe(true);
    expect(lines.filter((l) => l.level >= ERROR_LEVEL)).toEqual([]);
    expect(logLines.join('\n')).not.toMatch(/"stack"|\n\s+at /);

    const strictClient = createClient(strictServer.url);
    await signInThroughOutbox(strictClient, 'reader3@example.com');
    const refused = await strictClient.request(`/api/feed-titles?url=${encodeURIComponent(`${base}/rss`)}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        code: 'bad_request',
        message: `query.url: ${FEEDS_PRIVATE_MESSAGE}`,
        details: [{ field: 'query.url', message: FEEDS_PRIVATE_MESSAGE }],
      },
    });
  });

  it('on one’s own machine reads a feed on loopback out of the box, and names the switch for a private network', async () => {
    const client = createClient(ownMachine.url);
    await signInThroughOutbox(client, 'reader4@example.com');
    const local = await client.request(`/api/feed-titles?url=${encodeURIComponent(`${base}/rss`)}`);
    expect(local.status).toBe(200);
    expect(await local.json()).toHaveLength(3);
    const lan = await client.request(`/api/feed-titles?url=${encodeURIComponent('http://192.168.1.20/feed.xml')}`);
    expect(lan.status).toBe(400);
    expect(((await lan.json()) as { error: { message: string } }).error.message).toBe(
      'query.url: That address is on a private or local network, which Plume does not fetch from; set FEEDS_ALLOW_PRIVATE=true to allow it',
    );
  });
});

describe('POST /api/ingest', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ FEEDS_ALLOW_PRIVATE: 'true' });
  });
  afterAll(() => server?.close());

  async function personaWithSource(client: ReturnType<typeof createClient>, url: string) {
    const source = {
      id: 'local',
      name: 'Local',
      type: 'rss',
      url,
      enabled: true,
      frequency: 3,
      status: 'pending',
      lastCheck: null,
      errorMessage: null,
    };
    const response = await client.request('/api/personas', {
      method: 'POST',
      json: { name: 'Reader', is_active: false, sources: [source] },
    });
    return (await response.json()) as Persona;
  }

  it("keeps each item's summary, and a curated example is written from the item, never from the strategy's instruction", async () => {
    const client = createClient(server.url);
    await signInThroughOutbox(client, 'ingest-summary@example.com');
    const persona = await personaWithSource(client, `${base}/news`);
    const ingested = await client.request('/api/ingest', {
      method: 'POST',
      json: { personaId: persona.id, feedUrl: `${base}/news` },
    });
    expect(await ingested.json()).toMatchObject({ ingested: 2 });
    const kept = await server.app.database.db
      .select({ title: sourceItems.title, summary: sourceItems.summary })
      .from(sourceItems)
      .where(eq(sourceItems.personaId, persona.id));
    expect(kept).toContainEqual({
      title: 'Cloudflare outage takes down thousands of websites',
      summary: expect.stringMatching(/^A configuration change in Cloudflare’s network caused a two-hour outage/),
    });
    // The pipeline preview's example: the strategy by its id, the headline it names.
    const strategy = persona.templates.find((t) => t.id === 'commentary');
    expect(strategy).toBeDefined();
    const response = await client.request('/api/generate', {
      method: 'POST',
      json: {
        personaId: persona.id,
        type: 'short post',
        strategy: 'commentary',
        titles: ['Cloudflare outage takes down thousands of websites'],
        platforms: ['bluesky'],
        count: 1,
      },
    });
    expect(response.status).toBe(200);
    const [post] = (await response.json()) as { content: string; writer: string }[];
    expect(post?.writer).toBe('offline');
    expect(post?.content).toContain('Cloudflare outage takes down thousands of websites');
    expect(post?.content).toContain('A configuration change in Cloudflare’s network');
    expect(post?.content).not.toContain(strategy?.prompt.slice(0, 25) ?? '—');
    expect(post?.content).not.toContain('about Commentary');
  });

  it("keeps a source's items once each and records its status", async () => {
    const client = createClient(server.url);
    await signInThroughOutbox(client, 'ingest@example.com');
    const persona = await personaWithSource(client, `${base}/rss`);
    const first = await client.request('/api/ingest', {
      method: 'POST',
      json: { personaId: persona.id, feedUrl: `${base}/rss` },
    });
    expect(await first.json()).toMatchObject({
      ingested: 3,
      titles: expect.arrayContaining(['Show HN: A tiny database that fits in L1 cache']),
    });
    const again = await client.request('/api/ingest', {
      method: 'POST',
      json: { personaId: persona.id, feedUrl: `${base}/rss` },
    });
    expect(await again.json()).toMatchObject({ ingested: 0 });

    const kept = await server.app.database.db.select().from(sourceItems).where(eq(sourceItems.personaId, persona.id));
    expect(kept).toHaveLength(3);
    const after = (await (await client.request(`/api/personas/${persona.id}`)).json()) as Persona;
    expect(after.sources[0]).toMatchObject({ status: 'active', errorMessage: null });
    expect(after.sources[0]?.lastCheck).toMatch(/^\d{4}-/);
    // Recording a check is not a user's save: no new version.
    const versions = (await (await client.request(`/api/personas/${persona.id}/versions`)).json()) as unknown[];
    expect(versions).toHaveLength(1);
  });

  it('records a broken feed as the source error and answers 422 naming the field', async () => {
    const client = createClient(server.url);
    await signInThroughOutbox(client, 'ingest2@example.com');
    const persona = await personaWithSource(client, `${base}/site`);
    const response = await client.request('/api/ingest', {
      method: 'POST',
      json: { personaId: persona.id, feedUrl: `${base}/site` },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: 'feed_unreadable',
        message: 'That address is not an RSS or Atom feed',
        details: [{ field: 'body.feedUrl', message: 'That address is not an RSS or Atom feed' }],
      },
    });
    const after = (await (await client.request(`/api/personas/${persona.id}`)).json()) as Persona;
    expect(after.sources[0]).toMatchObject({
      status: 'error',
      errorMessage: 'That address is not an RSS or Atom feed',
    });
  });

  it("answers 404 for another user's persona", async () => {
    const owner = createClient(server.url);
    await signInThroughOutbox(owner, 'ingest-owner@example.com');
    const persona = await personaWithSource(owner, `${base}/rss`);
    const other = createClient(server.url);
    await signInThroughOutbox(other, 'ingest-other@example.com');
    const response = await other.request('/api/ingest', {
      method: 'POST',
      json: { personaId: persona.id, feedUrl: `${base}/rss` },
    });
    expect(response.status).toBe(404);
  });
});
