import {
  CURSOR_INVALID,
  POSTS_LIMIT_INVALID,
  type Post,
  type PostPage,
  type PostStatus,
  type ScheduledItem,
  textPart,
} from '@plume/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../src/db/schema';
import { PUBLISH_POST } from '../src/jobs/publish-posts';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

/*
 * The public posts API (issue 34): one post by id in any status, edited and deleted by the
 * schedule's rules, the list filtered and paged, and an Idempotency-Key on every create route.
 */

type ApiError = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

let bsky: BlueskyNetwork;
let server: TestServer;
let ann: Client;
let bob: Client;

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const json = (method: string, body?: unknown, headers: Record<string, string> = {}) => ({
  method,
  ...(body === undefined ? {} : { json: body }),
  headers,
});

/** A persona with a Bluesky account on the test PDS (no cooldown: posts here follow each other closely). */
async function personaWithBluesky(c: Client, name = 'Posts') {
  const { persona, account } = await blueskyPersona(
    { server, bsky, client: c },
    {
      name,
      is_active: false,
      handle: 'posts',
      automation: (made) => ({ ...made, safety: { ...made.safety, cooldownPeriods: false } }),
    },
  );
  return { persona, account };
}

/** A post of the persona's in `status`, written straight to the database (as publishing would leave it). */
async function stored(personaId: string, status: PostStatus, extra: Partial<typeof posts.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const content = `A ${status} post ${id.slice(0, 8)}`;
  await server.app.database.db.insert(posts).values({
    id,
    personaId,
    platform: 'bluesky',
    content,
    parts: [textPart(content)],
    status,
    ...extra,
  });
  return id;
}

const getPost = (c: Client, id: string) => c.request(`/api/posts/${id}`);

/** The post's publish jobs in pg-boss: when each is due, and its state. */
async function publishJobs(postId: string) {
  const result = (await server.app.database.db.execute(
    sql`select start_after, state from pgboss.job where name = ${PUBLISH_POST} and data->>'postId' = ${postId}`,
  )) as unknown as { rows: { start_after: string | Date; state: string }[] };
  return result.rows.map((r) => ({ at: new Date(r.start_after).toISOString(), state: r.state }));
}

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
  server = await build(bsky.env);
  [ann, bob] = await Promise.all([signedInUser(server.url, 'ann'), signedInUser(server.url, 'bob')]);
});
afterAll(async () => {
  await server?.close();
  await bsky?.close();
});

describe('one post by id', () => {
  it('reads a post in every status, with its parts, its outcome on the network and how late it went', async () => {
    const { persona } = await personaWithBluesky(ann);
    const scheduled = await readJson<ScheduledItem>(
      await ann.request(
        '/api/schedule',
        json('POST', { personaId: persona.id, platform: 'bluesky', content: 'Later', runAt: inSeconds(3600) }),
      ),
      201,
    );
    const review = await readJson<ScheduledItem>(
      await ann.request('/api/review', json('POST', { personaId: persona.id, platform: 'bluesky', content: 'Look' })),
      201,
    );
    const due = new Date(Date.now() - 60_000);
    const ids: Record<PostStatus, string> = {
      scheduled: scheduled.id,
      pending_review: review.id,
      draft: await stored(persona.id, 'draft'),
      publishing: await stored(persona.id, 'publishing', { scheduledFor: due, claimedAt: new Date() }),
      posted: await stored(persona.id, 'posted', {
        scheduledFor: due,
        postedAt: new Date(due.getTime() + 2_500),
        url: 'https://bsky.app/profile/someone/post/1',
        externalId: 'at://did:plc:someone/app.bsky.feed.post/1',
        externalIds: ['at://did:plc:someone/app.bsky.feed.post/1'],
      }),
      failed: await stored(persona.id, 'failed', { scheduledFor: due, error: 'Bluesky refused it', attempts: 3 }),
      unconfirmed: await stored(persona.id, 'unconfirmed', { scheduledFor: due, error: 'No answer in time' }),
      canceled: await stored(persona.id, 'canceled', { scheduledFor: due }),
    };
    for (const [status, id] of Object.entries(ids)) {
      const post = await readJson<Post>(await getPost(ann, id), 200);
      expect(post, status).toMatchObject({ id, status, personaId: persona.id, platform: 'bluesky' });
      expect(post.parts[0]?.media, status).toEqual([]);
    }
    expect(await readJson<Post>(await getPost(ann, ids.posted), 200)).toMatchObject({
      url: 'https://bsky.app/profile/someone/post/1',
      externalIds: ['at://did:plc:someone/app.bsky.feed.post/1'],
      postedParts: 1,
      lateSeconds: 2.5,
    });
    expect(await readJson<Post>(await getPost(ann, ids.failed), 200)).toMatchObject({
      error: 'Bluesky refused it',
      attempts: 3,
      lateSeconds: null,
    });
    expect(await readJson<Post>(await getPost(ann, ids.scheduled), 200)).toMatchObject({
      scheduledFor: scheduled.scheduledFor,
      lateSeconds: null,
      content: 'Later',
    });
  });

  it('answers another user’s post, on every verb, as the same 404 as a post that does not exist', async () => {
    const { persona } = await personaWithBluesky(ann);
    const id = await stored(persona.id, 'scheduled', { scheduledFor: new Date(Date.now() + 3_600_000) });
    const before = await readJson<Post>(await getPost(ann, id), 200);
    const none = crypto.randomUUID();
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { content: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const theirs = await readJson<ApiError>(await bob.request(`/api/posts/${id}`, json(method, body)), 404);
      const missing = await readJson<ApiError>(await ann.request(`/api/posts/${none}`, json(method, body)), 404);
      expect(theirs, method).toEqual(missing);
      expect(theirs.error.message).toBe('Post not found');
    }
    const fromPlume = await bob.request(`/api/posts/${id}?fromPlume=true`, { method: 'DELETE' });
    expect(fromPlume.status).toBe(404);
    expect(await readJson<Post>(await getPost(ann, id), 200)).toEqual(before);
    // Bob's list holds none of Ann's posts, even filtered by her persona.
    const listed = await readJson<PostPage>(await bob.request(`/api/posts?personaId=${persona.id}`), 200);
    expect(listed.items).toEqual([]);
  });
});

describe('editing a post', () => {
  it('checks an edit as the schedule does, names the field and stores nothing on refusal', async () => {
    const { persona } = await personaWithBluesky(ann);
    const item = await readJson<ScheduledItem>(
      await ann.request(
        '/api/schedule',
        json('POST', { personaId: persona.id, platform: 'bluesky', content: 'Edit me', runAt: inSeconds(3600) }),
      ),
      201,
    );
    const before = await readJson<Post>(await getPost(ann, item.id), 200);
    const refusals: [unknown, string][] = [
      [{ runAt: inSeconds(-60) }, 'body.runAt'],
      [{ runAt: 'tomorrow' }, 'body.runAt'],
      [{ content: 'a'.repeat(301) }, 'body.content'],
      [{ content: '   ' }, 'body.content'],
      [{ parts: ['One', { text: ' ' }] }, 'body.parts.1.text'],
      [{ platform: 'myspace' }, 'body.platform'],
    ];
    for (const [body, field] of refusals) {
      const answer = await readJson<ApiError>(await ann.request(`/api/posts/${item.id}`, json('PATCH', body)), 400);
      expect(answer.error.details?.[0]?.field ?? answer.error.message, JSON.stringify(body)).toContain(field);
    }
    expect(await readJson<Post>(await getPost(ann, item.id), 200)).toEqual(before);

    // A reschedule moves its publish job: one job at the new time (the one at the old time finds it not due).
    const later = inSeconds(7200);
    const edited = await readJson<Post>(
      await ann.request(`/api/posts/${item.id}`, json('PATCH', { content: 'Edited', runAt: later })),
      200,
    );
    expect(edited).toMatchObject({ content: 'Edited', scheduledFor: later, status: 'scheduled' });
    const jobs = await publishJobs(item.id);
    expect(jobs.filter((j) => j.at === later)).toHaveLength(1);
    expect(jobs).toHaveLength(2);
    // The job at the old time, run now, claims nothing: the post waits for its new time.
    expect(await runJob(server, PUBLISH_POST, { postId: item.id })).toBe('not due or already taken');
    expect(await readJson<Post>(await getPost(ann, item.id), 200)).toMatchObject({
      status: 'scheduled',
      scheduledFor: later,
    });
  });

  it('refuses to edit a post that went out, is going out or was canceled, saying why', async () => {
    const { persona } = await personaWithBluesky(ann);
    const cases: [PostStatus, RegExp][] = [
      ['posted', /already posted on Bluesky/],
      ['publishing', /being published to Bluesky right now/],
      ['canceled', /was canceled/],
      ['unconfirmed', /may already be on the account/],
    ];
    for (const [status, why] of cases) {
      const id = await stored(persona.id, status, { scheduledFor: new Date(Date.now() - 60_000) });
      const before = await readJson<Post>(await getPost(ann, id), 200);
      const answer = await readJson<ApiError>(
        await ann.request(`/api/posts/${id}`, json('PATCH', { content: 'Changed after the fact' })),
        409,
      );
      expect(answer.error.message, status).toMatch(why);
      expect(await readJson<Post>(await getPost(ann, id), 200)).toEqual(before);
    }
  });
});

describe('deleting a post', () => {
  it('removes a scheduled post so it never goes out, while the one beside it does', async () => {
    const { persona, account } = await personaWithBluesky(ann);
    const stamp = Date.now();
    const [kept, deleted] = await readJson<ScheduledItem[]>(
      await ann.request(
        '/api/schedule/batch',
        json('POST', {
          items: [
            { personaId: persona.id, platform: 'bluesky', content: `Kept ${stamp}`, runAt: inSeconds(3) },
            { personaId: persona.id, platform: 'bluesky', content: `Deleted ${stamp}`, runAt: inSeconds(3) },
          ],
        }),
      ),
      201,
    );
    if (!kept || !deleted) throw new Error('the batch answered no posts');
    expect((await ann.request(`/api/posts/${deleted.id}`, { method: 'DELETE' })).status).toBe(204);
    await readJson(await getPost(ann, deleted.id), 404);
    // Its job comes due with the other's and finds nothing to publish.
    await until(
      async () => (await readJson<Post>(await getPost(ann, kept.id), 200)).status === 'posted' || undefined,
      30_000,
    );
    await until(async () => {
      const [job] = await publishJobs(deleted.id);
      return job?.state === 'completed' ? job : undefined;
    }, 30_000);
    const texts = (await bsky.postsOf(account.did)).map((r) => r.value.text);
    expect(texts).toEqual([`Kept ${stamp}`]);
    // Deleted again: as gone as any post that does not exist.
    await readJson(await ann.request(`/api/posts/${deleted.id}`, { method: 'DELETE' }), 404);
  });

  it('removes drafts, drafts in review and failed posts; a post on its network only with fromPlume=true', async () => {
    const { persona } = await personaWithBluesky(ann);
    for (const status of ['draft', 'pending_review', 'failed', 'canceled'] as const) {
      const id = await stored(persona.id, status);
      expect((await ann.request(`/api/posts/${id}`, { method: 'DELETE' })).status, status).toBe(204);
      await readJson(await getPost(ann, id), 404);
    }
    const posted = await stored(persona.id, 'posted', { postedAt: new Date(), externalIds: ['at://x/1'] });
    const refused = await readJson<ApiError>(await ann.request(`/api/posts/${posted}`, { method: 'DELETE' }), 409);
    expect(refused.error.message).toBe(
      'This post is already on Bluesky and Plume cannot take it down there: delete it on Bluesky, then send fromPlume=true to remove it from Plume too',
    );
    await readJson(await getPost(ann, posted), 200);
    const partly = await stored(persona.id, 'failed', {
      externalIds: ['at://x/2'],
      parts: [textPart('1'), textPart('2')],
    });
    expect(
      (await readJson<ApiError>(await ann.request(`/api/posts/${partly}`, { method: 'DELETE' }), 409)).error.message,
    ).toMatch(/^1 of 2 parts of this thread are already on Bluesky/);
    const bad = await readJson<ApiError>(
      await ann.request(`/api/posts/${posted}?fromPlume=yes`, { method: 'DELETE' }),
      400,
    );
    expect(bad.error.details?.[0]?.field).toBe('query.fromPlume');
    expect((await ann.request(`/api/posts/${posted}?fromPlume=true`, { method: 'DELETE' })).status).toBe(204);
    await readJson(await getPost(ann, posted), 404);

    const publishing = await stored(persona.id, 'publishing', { claimedAt: new Date() });
    const busy = await readJson<ApiError>(
      await ann.request(`/api/posts/${publishing}?fromPlume=true`, { method: 'DELETE' }),
      409,
    );
    expect(busy.error.message).toMatch(/being published to Bluesky right now/);
    await readJson(await getPost(ann, publishing), 200);
  });
});

describe('the list of posts', () => {
  it('pages 250 posts by 100, each once and in order, and filters them', async () => {
    const c = await signedInUser(server.url, 'lister');
    const { persona } = await personaWithBluesky(c, 'Many');
    const { persona: other } = await personaWithBluesky(c, 'Other');
    const start = Date.now() + 3_600_000;
    const items = Array.from({ length: 250 }, (_, i) => ({
      personaId: persona.id,
      platform: 'bluesky',
      content: i % 50 === 0 ? `Harvest moon number ${i}` : `Post number ${i}`,
      runAt: new Date(start + i * 60_000).toISOString(),
    }));
    const created = await readJson<ScheduledItem[]>(
      await c.request('/api/schedule/batch', json('POST', { items })),
      201,
    );
    const draft = await readJson<ScheduledItem>(
      await c.request(
        '/api/review',
        json('POST', { personaId: other.id, platform: 'bluesky', content: 'Other draft' }),
      ),
      201,
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await c.request(
        `/api/posts?personaId=${persona.id}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = await readJson<PostPage>(response, 200);
      expect(response.headers.get('x-next-cursor')).toBe(page.nextCursor);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(created.map((p) => p.id));

    const ids = async (query: string) =>
      (await readJson<PostPage>(await c.request(`/api/posts?${query}`), 200)).items.map((p) => p.id);
    expect(await ids('status=pending_review')).toEqual([draft.id]);
    expect(await ids(`personaId=${other.id}`)).toEqual([draft.id]);
    expect(await ids('platform=x')).toEqual([]);
    expect(await ids('q=HARVEST%20moon&limit=100')).toEqual(created.filter((_, i) => i % 50 === 0).map((p) => p.id));
    expect(await ids('q=100%25')).toEqual([]);
    const from = new Date(start + 10 * 60_000).toISOString();
    const to = new Date(start + 13 * 60_000).toISOString();
    expect(await ids(`personaId=${persona.id}&from=${from}&to=${to}`)).toEqual(created.slice(10, 13).map((p) => p.id));
    // Without a limit, a page of 50.
    const first = await readJson<PostPage>(await c.request(`/api/posts?personaId=${persona.id}`), 200);
    expect(first.items).toHaveLength(50);

    const tooMany = await readJson<ApiError>(await c.request('/api/posts?limit=101'), 400);
    expect(tooMany.error.details).toEqual([{ field: 'query.limit', message: POSTS_LIMIT_INVALID }]);
    const forged = await readJson<ApiError>(await c.request('/api/posts?cursor=not-a-cursor'), 400);
    expect(forged.error.details).toEqual([{ field: 'query.cursor', message: CURSOR_INVALID }]);
    const status = await readJson<ApiError>(await c.request('/api/posts?status=gone'), 400);
    expect(status.error.details?.[0]?.field).toMatch(/^query\.status/);
  });
});

describe('an Idempotency-Key on every create route', () => {
  it('creates once for a key sent twice, answers the same body, and refuses the key with another request', async () => {
    const c = await signedInUser(server.url, 'retrier');
    const { persona } = await personaWithBluesky(c, 'Retried');
    const exported = await (await c.request(`/api/personas/${persona.id}/export`)).text();
    const runAt = inSeconds(7200);
    const post = { personaId: persona.id, platform: 'bluesky', content: 'Once only', runAt };
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
      return form;
    };
    const countOf = async (path: string, pick: (body: unknown) => unknown[] = (b) => b as unknown[]) =>
      pick(await readJson<unknown>(await c.request(path), 200)).length;
    const postsOf = (b: unknown) => (b as PostPage).items;
    const mediaOf = (b: unknown) => (b as { items: unknown[] }).items;
    const routes: { path: string; body: unknown; other: unknown; count: () => Promise<number> }[] = [
      {
        path: '/api/personas',
        body: { name: 'Made once' },
        other: { name: 'Made twice' },
        count: () => countOf('/api/personas'),
      },
      {
        path: '/api/personas/import',
        body: JSON.parse(exported),
        other: { ...JSON.parse(exported), name: 'Another import' },
        count: () => countOf('/api/personas'),
      },
      {
        path: '/api/tags',
        body: { name: 'Once', color: 'blue' },
        other: { name: 'Twice', color: 'blue' },
        count: () => countOf('/api/tags'),
      },
      {
        path: '/api/schedule',
        body: post,
        other: { ...post, content: 'Other' },
        count: () => countOf('/api/posts?limit=100', postsOf),
      },
      {
        path: '/schedule',
        body: post,
        other: { ...post, content: 'Other' },
        count: () => countOf('/api/posts?limit=100', postsOf),
      },
      {
        path: '/api/schedule/batch',
        body: { items: [post, { ...post, content: 'Once only, too' }] },
        other: { items: [post] },
        count: () => countOf('/api/posts?limit=100', postsOf),
      },
      {
        path: '/api/review',
        body: { personaId: persona.id, platform: 'bluesky', content: 'Review once' },
        other: { personaId: persona.id, platform: 'bluesky', content: 'Review twice' },
        count: () => countOf('/api/posts?limit=100', postsOf),
      },
      { path: '/api/media', body: 'form', other: undefined, count: () => countOf('/api/media', mediaOf) },
    ];
    for (const route of routes) {
      const key = crypto.randomUUID();
      const send = (body: unknown) =>
        body === 'form'
          ? c.request(route.path, { method: 'POST', body: upload(), headers: { 'Idempotency-Key': key } })
          : c.request(route.path, json('POST', body, { 'Idempotency-Key': key }));
      const before = await route.count();
      const first = await send(route.body);
      const firstText = await first.text();
      expect(first.status, `${route.path} ${firstText}`).toBe(201);
      const again = await send(route.body);
      expect(again.status, route.path).toBe(201);
      expect(JSON.parse(await again.text()), route.path).toEqual(JSON.parse(firstText));
      const made = route.path === '/api/schedule/batch' ? 2 : 1;
      expect(await route.count(), route.path).toBe(before + made);
      if (route.other !== undefined) {
        const reused = await readJson<ApiError>(await send(route.other), 422);
        expect(reused.error.code, route.path).toBe('idempotency_key_reused');
        expect(reused.error.details?.[0]?.field).toBe('headers.idempotency-key');
        expect(await route.count(), route.path).toBe(before + made);
      }
      // Without a key, each call creates.
      if (route.path === '/api/tags') {
        await readJson(await c.request(route.path, json('POST', { name: 'Free 1', color: 'red' })), 201);
        await readJson(await c.request(route.path, json('POST', { name: 'Free 2', color: 'red' })), 201);
        expect(await route.count()).toBe(before + 3);
      }
    }
  });

  it('answers a refusal again for its key, and refuses a key that is not one', async () => {
    const c = await signedInUser(server.url, 'refused');
    const { persona } = await personaWithBluesky(c, 'Refused');
    const key = crypto.randomUUID();
    const body = { personaId: persona.id, platform: 'x', content: 'No X here', runAt: inSeconds(3600) };
    const first = await readJson<ApiError>(
      await c.request('/api/schedule', json('POST', body, { 'Idempotency-Key': key })),
      409,
    );
    const again = await readJson<ApiError>(
      await c.request('/api/schedule', json('POST', body, { 'Idempotency-Key': key })),
      409,
    );
    expect(again).toEqual(first);
    const short = await readJson<ApiError>(
      await c.request('/api/tags', json('POST', { name: 'Short key', color: 'red' }, { 'Idempotency-Key': 'abc' })),
      400,
    );
    expect(short.error.details?.[0]?.field).toBe('headers.idempotency-key');
    expect(await readJson<unknown[]>(await c.request('/api/tags'), 200)).toEqual([]);
    // The documentation says so on each create route.
    const spec = await readJson<{ paths: Record<string, Record<string, { summary?: string }>> }>(
      await fetch(`${server.url}/api/openapi.json`),
      200,
    );
    for (const path of [
      '/api/personas',
      '/api/tags',
      '/api/schedule',
      '/api/schedule/batch',
      '/api/review',
      '/api/media',
    ])
      expect(spec.paths[path]?.post?.summary, path).toContain('Idempotency-Key');
    // Two requests with one key at the same moment: one tag, the same answer to both.
    const raced = crypto.randomUUID();
    const both = await Promise.all(
      [1, 2].map(() =>
        c.request('/api/tags', json('POST', { name: 'Raced', color: 'red' }, { 'Idempotency-Key': raced })),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const [one, two] = await Promise.all(both.map((r) => r.json()));
    expect(two).toEqual(one);
    expect(await readJson<{ name: string }[]>(await c.request('/api/tags'), 200)).toHaveLength(1);
    // An API token's answer holds its secret, kept only hashed: its route keeps no answers (a key is not read).
    expect(spec.paths['/api/me/tokens']?.post?.summary).not.toContain('Idempotency-Key');
    // The key is kept for the user who sent it: another user's same key is a key of their own.
    const tag = { name: 'Mine', color: 'red' };
    const shared = crypto.randomUUID();
    const mine = await readJson<{ id: string }>(
      await c.request('/api/tags', json('POST', tag, { 'Idempotency-Key': shared })),
      201,
    );
    const theirs = await readJson<{ id: string }>(
      await bob.request('/api/tags', json('POST', tag, { 'Idempotency-Key': shared })),
      201,
    );
    expect(theirs.id).not.toBe(mine.id);
  });
});
