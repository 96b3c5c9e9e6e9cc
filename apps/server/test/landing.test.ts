import {
  type DemoSampleResponse,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  fitsPlatforms,
  type LandingMetrics,
  type Persona,
  type PersonaOfTheDayResponse,
  pickOfTheDay,
  type RecentPost,
  textPart,
  utcDay,
} from '@plume/core';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaMessages, platformAccounts, posts } from '../src/db/schema';
import { build, freePort, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';

let emails = 0;

async function signedIn(server: TestServer, prefix = 'landing'): Promise<{ client: Client; email: string }> {
  const client = createClient(server.url);
  emails += 1;
  const email = `${prefix}${emails}.${Date.now()}@example.com`;
  await signInThroughOutbox(client, email);
  return { client, email };
}

const createPersona = async (c: Client, body: Record<string, unknown>) =>
  readJson<Persona>(await c.request('/api/personas', { method: 'POST', json: body }), 201);

/** A post as the publisher leaves it (the publishing path itself is tested in scheduling.test.ts). */
async function addPost(
  server: TestServer,
  personaId: string,
  content: string,
  status: 'posted' | 'scheduled' | 'failed',
  postedAt: Date | null = status === 'posted' ? new Date() : null,
) {
  const id = crypto.randomUUID();
  await server.app.database.db.insert(posts).values({
    id,
    personaId,
    platform: 'bluesky',
    content,
    parts: [textPart(content)],
    status,
    postedAt,
    scheduledFor: status === 'scheduled' ? new Date(Date.now() + 3_600_000) : null,
    url: status === 'posted' ? `https://bsky.app/profile/someone/post/${id.slice(0, 8)}` : null,
  });
  return id;
}

describe('the waitlist', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server?.close());

  const join = (body: unknown) =>
    fetch(`${server.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('takes an address once, whatever its case, and says so the second time', async () => {
    expect(await readJson(await join({ email: 'Early.Bird@Example.com' }), 201)).toEqual({ status: 'joined' });
    expect(await readJson(await join({ email: ' early.bird@example.COM ' }), 200)).toEqual({
      status: 'already_joined',
    });
    expect(await readJson(await join({ email: 'second@example.com' }), 201)).toEqual({ status: 'joined' });
  });

  it('answers 400 naming the field for a missing or malformed address', async () => {
    const bad = await readJson<{ error: { code: string; message: string; details: { field: string }[] } }>(
      await join({ email: 'not-an-email' }),
      400,
    );
    expect(bad.error.code).toBe('validation_error');
    expect(bad.error.message).toBe(`body.email: ${EMAIL_INVALID}`);
    expect(bad.error.details).toEqual([{ field: 'body.email', message: EMAIL_INVALID }]);
    const missing = await readJson<{ error: { message: string } }>(await join({}), 400);
    expect(missing.error.message).toBe(`body.email: ${EMAIL_REQUIRED}`);
    const blank = await readJson<{ error: { message: string } }>(await join({ email: '   ' }), 400);
    expect(blank.error.message).toBe(`body.email: ${EMAIL_REQUIRED}`);
    const nul = await readJson<{ error: { details: { field: string; message: string }[] } }>(
      await join({ email: 'nul\u0000@example.com' }),
      400,
    );
    expect(nul.error.details).toEqual([{ field: 'body.email', message: expect.stringContaining('NUL character') }]);
  });
});

describe('the public rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ PUBLIC_RATE_LIMIT: '3' });
  });
  afterAll(() => server?.close());

  it('answer 429 with Retry-After past the limit, for the waitlist and the demo sample alike', async () => {
    for (const [path, body] of [
      ['/api/waitlist', (i: number) => ({ email: `limit${i}@example.com` })],
      ['/api/demo/sample', () => ({ traits: { humor: 75, sarcasm: 60 } })],
    ] as const) {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body(i)),
        });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 3).every((s) => s === 200 || s === 201)).toBe(true);
      expect(statuses[3]).toBe(429);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await last?.json()).toMatchObject({ error: { code: 'rate_limited' } });
    }
  });
});

describe('the landing page data', () => {
  let server: TestServer;
  let ann: { client: Client; email: string };
  let bob: { client: Client; email: string };
  beforeAll(async () => {
    // Figures computed afresh on every call, so each test sees its own changes.
    server = await build({ LANDING_METRICS_CACHE_SECONDS: '0' });
    ann = await signedIn(server);
    bob = await signedIn(server);
  });
  afterAll(() => server?.close());

  const get = async <T>(path: string) => {
    const response = await fetch(`${server.url}${path}`);
    const body = await readJson<T>(response, 200);
    return { body, response };
  };

  it('makes a persona public only when its owner says so, through the persona API', async () => {
    const created = await createPersona(ann.client, { name: 'Shy' });
    expect(created.is_public).toBe(false);
    const shown = await readJson<Persona>(
      await ann.client.request(`/api/personas/${created.id}`, { method: 'PUT', json: { is_public: true } }),
      200,
    );
    expect(shown.is_public).toBe(true);
    // Another user cannot make it public (or private).
    await readJson(
      await bob.client.request(`/api/personas/${created.id}`, { method: 'PUT', json: { is_public: false } }),
      404,
    );
    const versions = await readJson<{ summary: string }[]>(
      await ann.client.request(`/api/personas/${created.id}/versions`),
      200,
    );
    expect(versions[0]?.summary).toBe('Landing page visibility');
    // Rolling back to the private first version keeps today's choice; an imported copy starts private.
    const first = versions.at(-1) as unknown as { versionId: string };
    const rolled = await readJson<Persona>(
      await ann.client.request(`/api/personas/${created.id}/rollback`, {
        method: 'POST',
        json: { versionId: first.versionId },
      }),
      200,
    );
    expect(rolled.is_public).toBe(true);
    const imported = await readJson<Persona>(
      await ann.client.request('/api/personas/import', {
        method: 'POST',
        json: { name: 'Copy', personality: created.personality, is_public: true },
      }),
      201,
    );
    expect(imported.is_public).toBe(false);
    await readJson(
      await ann.client.request(`/api/personas/${created.id}`, { method: 'PUT', json: { is_public: false } }),
      200,
    );
    await ann.client.request(`/api/personas/${created.id}`, { method: 'DELETE' });
    await ann.client.request(`/api/personas/${imported.id}`, { method: 'DELETE' });
  });

  it('shows only public personas and their published posts, never private ones or owners', async () => {
    const empty = await get<PersonaOfTheDayResponse>('/api/landing/persona-of-the-day');
    expect(empty.body).toEqual({ day: utcDay(new Date()), persona: null });
    expect((await get<RecentPost[]>('/api/landing/recent-posts')).body).toEqual([]);

    const open = await createPersona(ann.client, {
      name: 'Open Owl',
      avatar: '🦉',
      bio: 'Writes about databases.',
      is_public: true,
      setup_complete: true,
    });
    const secret = await createPersona(ann.client, { name: 'Secret Sam', setup_complete: true });
    const bobs = await createPersona(bob.client, { name: 'Bob Public', is_public: true, is_active: false });
    await server.app.database.db.insert(platformAccounts).values({
      id: crypto.randomUUID(),
      personaId: open.id,
      platform: 'bluesky',
      externalId: 'did:plc:openowl',
      username: 'openowl.test',
      authMethod: 'app_password',
      followers: 42,
    });
    await addPost(server, open.id, 'An older post', 'posted', new Date(Date.now() - 3_600_000));
    await addPost(server, open.id, 'The newest post of the owl', 'posted');
    await addPost(server, open.id, 'Not out yet', 'scheduled');
    await addPost(server, open.id, 'It failed', 'failed');
    await addPost(server, secret.id, 'A private persona posted this', 'posted');
    await addPost(server, bobs.id, 'Bob, paused but public', 'posted', new Date(Date.now() - 60_000));

    // Bob's persona is paused: the persona of the day is among public *active* personas only.
    const { body, response } = await get<PersonaOfTheDayResponse>('/api/landing/persona-of-the-day');
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=60/);
    expect(body.persona).toEqual({
      name: 'Open Owl',
      avatar: '🦉',
      description: 'Writes about databases.',
      traits: open.personality,
      lastPost: 'The newest post of the owl',
      lastPostAt: expect.any(String),
      lastPostPlatform: 'bluesky',
      createdDays: 0,
      stats: { followers: 42, posts: 2, engagement: null },
    });

    const feed = await get<RecentPost[]>('/api/landing/recent-posts?limit=10');
    expect(feed.response.headers.get('cache-control')).toMatch(/public, max-age=60/);
    expect(feed.body.map((p) => [p.persona, p.content])).toEqual([
      ['Open Owl', 'The newest post of the owl'],
      ['Bob Public', 'Bob, paused but public'],
      ['Open Owl', 'An older post'],
    ]);
    expect(feed.body[0]).toMatchObject({ platform: 'bluesky', likes: null, retweets: null, avatar: '🦉' });
    expect(Object.keys(feed.body[0] ?? {}).sort()).toEqual(
      ['avatar', 'content', 'id', 'likes', 'persona', 'platform', 'retweets', 'timestamp', 'url'].sort(),
    );
    // The default is the spec's three; the limit is checked.
    expect((await get<RecentPost[]>('/api/landing/recent-posts')).body).toHaveLength(3);
    await readJson(await fetch(`${server.url}/api/landing/recent-posts?limit=500`), 400);

    // Nothing private anywhere: no owner, no e-mail, no private persona or its post.
    const everything = JSON.stringify([body, feed.body]);
    for (const secretText of [ann.email, bob.email, 'Secret Sam', 'A private persona posted this', 'Not out yet']) {
      expect(everything).not.toContain(secretText);
    }
    expect(everything).not.toContain(open.id);

    // Turned private again: gone from the landing at once.
    await readJson(
      await ann.client.request(`/api/personas/${open.id}`, { method: 'PUT', json: { is_public: false } }),
      200,
    );
    expect((await get<PersonaOfTheDayResponse>('/api/landing/persona-of-the-day')).body.persona).toBeNull();
    expect((await get<RecentPost[]>('/api/landing/recent-posts')).body.map((p) => p.persona)).toEqual(['Bob Public']);
    await ann.client.request(`/api/personas/${open.id}`, { method: 'PUT', json: { is_public: true } });
  });

  it('picks the persona of the day by the UTC day among several public ones', async () => {
    const names = ['Day One', 'Day Two', 'Day Three'];
    const made = [];
    for (const name of names) made.push(await createPersona(bob.client, { name, is_public: true }));
    const { body } = await get<PersonaOfTheDayResponse>('/api/landing/persona-of-the-day');
    // Every public active persona so far: 'Open Owl' and the three just made.
    const all = await readJson<Persona[]>(await ann.client.request('/api/personas'), 200);
    const owl = all.find((p) => p.name === 'Open Owl');
    const ids = [...made.map((p) => p.id), owl?.id ?? ''];
    const expected = [...made, owl].find((p) => p?.id === pickOfTheDay(ids, utcDay(new Date())));
    expect(body.persona?.name).toBe(expected?.name);
    // Asked again, the same one.
    expect((await get<PersonaOfTheDayResponse>('/api/landing/persona-of-the-day')).body.persona?.name).toBe(
      expected?.name,
    );
  });

  it('counts real figures for the metrics', async () => {
    const { body, response } = await get<LandingMetrics>('/api/landing/metrics');
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=60/);
    // Every published post counts, private personas' too (a count names no one): 4 posted so far.
    expect(body.totalPosts).toBe(4);
    expect(body.postsByPlatform).toEqual({ x: 0, bluesky: 4 });
    // Ann and Bob signed in just now.
    expect(body.activeUsers).toBe(2);
    // Both made a persona within seconds of signing up.
    expect(body.onboardTime).not.toBeNull();
    expect(body.onboardTime).toBeGreaterThanOrEqual(0);
    expect(body.onboardTime).toBeLessThan(300);
    // This process has recorded every minute since it started.
    expect(body.uptime).toBe(100);

    const carol = await signedIn(server);
    await addPost(server, (await createPersona(carol.client, { name: 'Carol' })).id, 'Carol posts', 'posted');
    const after = (await get<LandingMetrics>('/api/landing/metrics')).body;
    expect(after.totalPosts).toBe(5);
    expect(after.activeUsers).toBe(3);
  });

  it("writes a demo sample with the server's default writer and keeps nothing", async () => {
    const [before] = await server.app.database.db.select({ n: count() }).from(personaMessages);
    const response = await fetch(`${server.url}/api/demo/sample`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ traits: { humor: 75, sarcasm: 60 }, topic: 'Monday meetings' }),
    });
    const sample = await readJson<DemoSampleResponse>(response, 200);
    expect(sample.writer).toBe('offline');
    expect(sample.text.length).toBeGreaterThan(10);
    // Within a post on both networks as they count (X weighs an emoji sequence as 2, whatever its UTF-16 length).
    expect(fitsPlatforms(sample.text, ['x', 'bluesky'])).toBe(true);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [after] = await server.app.database.db.select({ n: count() }).from(personaMessages);
    expect(after?.n).toBe(before?.n);
    const bad = await readJson<{ error: { message: string } }>(
      await fetch(`${server.url}/api/demo/sample`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ traits: { humor: 150 } }),
      }),
      400,
    );
    expect(bad.error.message).toMatch(/^body\.traits\.humor/);
  });
});

describe('the demo sample with a server model that fails', () => {
  let server: TestServer;
  let closedPort: number;
  beforeAll(async () => {
    // A model server that is not there: the connection is refused.
    closedPort = await freePort();
    server = await build({
      AI_PROVIDER: 'custom',
      AI_BASE_URL: `http://127.0.0.1:${closedPort}/v1`,
      AI_API_KEY: 'sk-demo-server-key',
      AI_MODEL: 'demo-model',
      AI_ALLOW_PRIVATE: 'true',
    });
  });
  afterAll(() => server?.close());

  it("shows the visitor an offline sample, never the provider's error", async () => {
    const response = await fetch(`${server.url}/api/demo/sample`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ traits: { humor: 75, sarcasm: 60 } }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const sample = JSON.parse(text) as DemoSampleResponse;
    expect(sample.writer).toBe('offline');
    expect(sample.text.length).toBeGreaterThan(10);
    expect(text).not.toContain(String(closedPort));
    expect(text).not.toContain('sk-demo');
  });
});
