import { type ApiError, apiErrorSchema, type Persona, type ScheduledItem } from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { inAppNotifications } from '../src/db/schema';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signedInUser } from './helpers/client';
import { until } from './helpers/until';

/*
 * The whole API from outside (issue 15): every route that /api/openapi.json documents is called by
 * nobody, with malformed input, with another user's ids and with an oversized body. Each answer is
 * a 4xx in the documented error shape (never a 5xx), and the owner's data is the same afterwards.
 * A route added later is walked too; one that takes an id must say here how it is called.
 */

type Route = { method: string; path: string; secured: boolean; hasBody: boolean; query: string[] };
type Call = { body?: unknown; query?: Record<string, string> };

let server: TestServer;
let routes: Route[];
/** The owner, another signed-in user, and the one who sends malformed input. */
let ann: Client;
let bob: Client;
let mallory: Client;
let anonymous: Client;
let ids: {
  persona: string;
  tag: string;
  post: string;
  version: string;
  session: string;
  token: string;
  notification: string;
  media: string;
  dataExport: string;
  webhook: string;
  workspace: string;
  member: string;
  invite: string;
};
let bobPersona: string;

/** The answer to one call: never a 5xx, and any 4xx in the documented shape. */
async function call(client: Client, method: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const response = await client.request(path, { method, ...init });
  const text = await response.text();
  const label = `${method} ${path} -> ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, label).toBeLessThan(500);
  let error: ApiError | null = null;
  if (response.status >= 400) {
    const parsed = apiErrorSchema.safeParse(JSON.parse(text));
    expect(parsed.success, label).toBe(true);
    error = parsed.data ?? null;
  }
  return { status: response.status, error, text, label };
}

/** `path` with its `{…}` parts filled with the owner's ids (or `value` for every one). */
function fill(path: string, value?: string): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (value !== undefined) return value;
    if (name === 'platform') return 'bluesky';
    if (name === 'personaId') return ids.persona;
    // Ann's personal workspace (its id is hers), Ann as its member, and an invitation she sent from it.
    if (name === 'workspaceId') return ids.workspace;
    if (name === 'userId') return ids.member;
    if (name === 'inviteId') return ids.invite;
    if (path.startsWith('/api/tags/')) return ids.tag;
    if (path.startsWith('/api/schedule/') || path.startsWith('/api/review/') || path.startsWith('/api/posts/'))
      return ids.post;
    if (path.startsWith('/api/me/sessions/')) return ids.session;
    if (path.startsWith('/api/me/tokens/')) return ids.token;
    if (path.startsWith('/api/notifications/')) return ids.notification;
    if (path.startsWith('/api/media/')) return ids.media;
    if (path.startsWith('/api/account/export/')) return ids.dataExport;
    if (path.startsWith('/api/webhooks/')) return ids.webhook;
    if (path.startsWith('/api/personas/')) return ids.persona;
    throw new Error(`No id for {${name}} in ${path}: say here whose id it takes`);
  });
}

/**
 * Session ids are the sign-in library's and workspace and member ids are user ids (any text): a
 * route whose path holds only those answers an id that is not one as not found, not malformed.
 */
function onlyFreeTextIds(path: string): boolean {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (path.startsWith('/api/me/sessions/')) return true;
  return names.every((name) => name === 'workspaceId' || name === 'userId');
}

/**
 * Calls that name the owner's persona, tag or post, made by someone else, with everything else
 * valid: the id is the only thing wrong. Every route with an id in its path is here.
 */
function foreignCalls(): Record<string, Call & { status: number }> {
  const later = new Date(Date.now() + 86_400_000).toISOString();
  return {
    'GET /api/personas/{id}': { status: 404 },
    'PUT /api/personas/{id}': { body: { name: 'Taken over' }, status: 404 },
    'DELETE /api/personas/{id}': { status: 404 },
    'GET /api/personas/{id}/export': { status: 404 },
    'GET /api/personas/{id}/versions': { status: 404 },
    'POST /api/personas/{id}/rollback': { body: { versionId: ids.version }, status: 404 },
    'PUT /api/tags/{id}': { body: { name: 'Taken over', color: 'red' }, status: 404 },
    'DELETE /api/tags/{id}': { status: 404 },
    'GET /api/personas/{id}/automation/activity': { query: { timeZone: 'UTC' }, status: 404 },
    'GET /api/personas/{id}/automation/plan': { status: 404 },
    'POST /api/personas/{id}/automation/actions/{actionId}/undo': { status: 404 },
    'POST /api/personas/{id}/automation/resume': { status: 404 },
    'GET /api/personas/{id}/mentions': { status: 404 },
    'POST /api/personas/{id}/mentions/{mentionId}/reply': { body: { content: 'Not yours' }, status: 404 },
    'POST /api/personas/{id}/mentions/{mentionId}/draft': { status: 404 },
    'GET /api/personas/{id}/analytics': { query: { range: '7d', compare: 'true' }, status: 404 },
    'GET /api/conversations/{personaId}': { status: 404 },
    'GET /api/personas/{id}/accounts': { status: 404 },
    'DELETE /api/personas/{id}/accounts/{platform}': { status: 404 },
    'POST /api/personas/{id}/accounts/bluesky/app-password': {
      body: { handle: 'someone.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' },
      status: 404,
    },
    'POST /api/personas/{id}/post': { body: { platform: 'bluesky', content: 'Not yours' }, status: 404 },
    'POST /api/notifications/{id}/read': { status: 404 },
    'DELETE /api/me/sessions/{id}': { status: 404 },
    'DELETE /api/me/tokens/{id}': { status: 404 },
    'PATCH /api/schedule/{id}': { body: { content: 'Not yours', runAt: later }, status: 404 },
    'DELETE /api/schedule/{id}': { status: 404 },
    'GET /api/posts/{id}': { status: 404 },
    'PATCH /api/posts/{id}': { body: { content: 'Not yours', runAt: later }, status: 404 },
    'DELETE /api/posts/{id}': { query: { fromPlume: 'true' }, status: 404 },
    'POST /api/schedule/{id}/retry': { status: 404 },
    'POST /api/schedule/{id}/mark-posted': { status: 404 },
    'POST /api/review/{id}/approve': { body: { runAt: later }, status: 404 },
    'POST /api/review/{id}/reject': { status: 404 },
    'GET /api/media/{id}': { status: 404 },
    'GET /api/media/{id}/thumbnail': { status: 404 },
    'PATCH /api/media/{id}': { body: { alt: 'Taken over' }, status: 404 },
    'DELETE /api/media/{id}': { status: 404 },
    'POST /api/media/{id}/alt-suggestion': { status: 404 },
    'GET /api/account/export/{id}': { status: 404 },
    'PATCH /api/webhooks/{id}': { body: { enabled: false }, status: 404 },
    'DELETE /api/webhooks/{id}': { status: 404 },
    'POST /api/webhooks/{id}/secret': { status: 404 },
    'GET /api/webhooks/{id}/deliveries': { status: 404 },
    'POST /api/webhooks/{id}/test': { status: 404 },
    // Another's workspace is not found, whatever is asked of it.
    'GET /api/workspaces/{workspaceId}': { status: 404 },
    'PATCH /api/workspaces/{workspaceId}': { body: { name: 'Taken over', needsApproval: true }, status: 404 },
    'DELETE /api/workspaces/{workspaceId}': { status: 404 },
    'GET /api/workspaces/{workspaceId}/members': { status: 404 },
    'POST /api/workspaces/{workspaceId}/invites': {
      body: { email: 'accomplice@example.com', role: 'admin' },
      status: 404,
    },
    'DELETE /api/workspaces/{workspaceId}/invites/{inviteId}': { status: 404 },
    'PATCH /api/workspaces/{workspaceId}/members/{userId}': { body: { role: 'viewer' }, status: 404 },
    'DELETE /api/workspaces/{workspaceId}/members/{userId}': { status: 404 },
    'POST /api/workspaces/{workspaceId}/transfer': { body: { userId: ids.member }, status: 404 },
    // Ids in a body or a query.
    'POST /api/personas/bulk': { body: { ids: [ids.persona], action: 'pause' }, status: 404 },
    'POST /api/schedule': {
      body: { personaId: ids.persona, platform: 'bluesky', content: 'Not yours', runAt: later },
      status: 404,
    },
    'POST /api/review': { body: { personaId: ids.persona, platform: 'bluesky', content: 'Not yours' }, status: 404 },
    'POST /api/review/bulk': { body: { action: 'reject', ids: [ids.post] }, status: 404 },
    'GET /api/schedule/next-slot': { query: { personaId: ids.persona }, status: 404 },
    'POST /api/chat': { body: { prompt: 'What did you post today?', personaId: ids.persona }, status: 404 },
    'GET /api/draft': { query: { prompt: 'Hello', personaId: ids.persona }, status: 404 },
    'POST /api/generate': {
      body: { personaId: ids.persona, type: 'short post', platforms: ['bluesky'] },
      status: 404,
    },
    'POST /api/metrics/refresh': { body: { personaId: ids.persona }, status: 404 },
    'POST /api/ingest': { body: { personaId: ids.persona, feedUrl: 'https://example.com/feed.xml' }, status: 404 },
    'POST /api/opportunities/dismiss': {
      body: { items: [{ id: `mentions:${ids.persona}`, newestAt: new Date().toISOString() }] },
      status: 404,
    },
  };
}

/**
 * A source's last read (status, time, error) is written by the source-polling job, which may run
 * at any minute of the test: what the owner owns is compared without it.
 */
function withoutSourceChecks(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, v) => {
    if (v && typeof v === 'object' && 'lastCheck' in v) {
      const { status: _status, lastCheck: _lastCheck, errorMessage: _error, ...rest } = v;
      return rest;
    }
    return v;
  });
}

/** What the owner can see: the same before and after everyone else's calls. */
async function annSees() {
  const get = async (path: string) => readJson<unknown>(await ann.request(path), 200);
  const ownedPersona = async (path: string) => withoutSourceChecks(await get(path));
  const sessions = await readJson<{ id: string }[]>(await ann.request('/api/me/sessions'), 200);
  return {
    personas: await ownedPersona('/api/personas'),
    persona: await ownedPersona(`/api/personas/${ids.persona}`),
    versions: await get(`/api/personas/${ids.persona}/versions`),
    tags: await get('/api/tags'),
    schedule: await get('/api/schedule'),
    posts: await get('/api/posts?limit=100'),
    tokens: await get('/api/me/tokens'),
    sessions: sessions.map((s) => s.id).sort(),
    profile: await get('/api/me/profile'),
    preferences: await get('/api/me/preferences'),
    notifications: await get('/api/me/notifications'),
    aiSettings: await get('/api/settings/ai'),
    inbox: await get('/api/notifications'),
    opportunities: await get('/api/opportunities'),
    conversation: await get(`/api/conversations/${ids.persona}`),
    media: await get('/api/media'),
    webhooks: await get('/api/webhooks'),
    workspaces: await get('/api/workspaces'),
    members: await get(`/api/workspaces/${ids.workspace}/members`),
  };
}

beforeAll(async () => {
  server = await build();
  const spec = await readJson<{
    paths: Record<
      string,
      Record<
        string,
        { responses: Record<string, unknown>; requestBody?: unknown; parameters?: { in: string; name: string }[] }
      >
    >;
  }>(await fetch(`${server.url}/api/openapi.json`), 200);
  routes = Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      secured: '401' in operation.responses,
      hasBody: operation.requestBody !== undefined,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
  [ann, bob, mallory] = await Promise.all([
    signedInUser(server.url, 'ann'),
    signedInUser(server.url, 'bob'),
    signedInUser(server.url, 'mallory'),
  ]);
  anonymous = createClient(server.url);

  const persona = await readJson<Persona>(
    await ann.request('/api/personas', { method: 'POST', json: { name: 'Ann’s voice' } }),
    201,
  );
  const tag = await readJson<{ id: string }>(
    await ann.request('/api/tags', { method: 'POST', json: { name: 'Mine', color: 'blue' } }),
    201,
  );
  const post = await readJson<ScheduledItem>(
    await ann.request('/api/review', {
      method: 'POST',
      json: { personaId: persona.id, platform: 'bluesky', content: 'A draft of Ann’s' },
    }),
    201,
  );
  const [version] = await readJson<{ versionId: string }[]>(
    await ann.request(`/api/personas/${persona.id}/versions`),
    200,
  );
  const { token } = await readJson<{ token: { id: string } }>(
    await ann.request('/api/me/tokens', { method: 'POST', json: { name: 'Ann’s script', expiresInDays: 30 } }),
    201,
  );
  const [session] = await readJson<{ id: string }[]>(await ann.request('/api/me/sessions'), 200);
  // An image of Ann's (a 1×1 PNG).
  const form = new FormData();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
  const media = await readJson<{ id: string }>(await ann.request('/api/media', { method: 'POST', body: form }), 201);
  if (!version || !session) throw new Error('no version or session to walk with');
  // An export of Ann's data (its download is hers only).
  const dataExport = await readJson<{ id: string }>(await ann.request('/api/account/export', { method: 'POST' }), 202);
  // Ready before the walk: its notification must not arrive between two looks at what Ann sees.
  await until(async () => {
    const state = await readJson<{ export: { status: string } }>(await ann.request('/api/account/export'), 200);
    return state.export.status === 'ready' ? true : undefined;
  });
  // A webhook of Ann's (on this machine's loopback, which a test server may reach; never called here).
  const webhook = await readJson<{ endpoint: { id: string } }>(
    await ann.request('/api/webhooks', {
      method: 'POST',
      json: { url: 'http://127.0.0.1:9/hook', events: ['post.published'] },
    }),
    201,
  );
  // Ann's personal workspace has her id; an invitation of hers waits in it.
  const annId = (await readJson<{ id: string }>(await ann.request('/api/me'), 200)).id;
  const invite = await readJson<{ id: string }>(
    await ann.request(`/api/workspaces/${annId}/invites`, {
      method: 'POST',
      json: { email: 'ann.colleague@example.com', role: 'editor' },
    }),
    201,
  );
  // A notification of Ann's, as the notices job would add it.
  const notification = crypto.randomUUID();
  await server.app.database.db.insert(inAppNotifications).values({
    id: notification,
    workspaceId: annId,
    kind: 'platform_update',
    severity: 'update',
    title: 'A post to Bluesky failed',
    message: 'A test notice',
    dedupeKey: 'test:1',
  });
  ids = {
    persona: persona.id,
    tag: tag.id,
    post: post.id,
    version: version.versionId,
    session: session.id,
    token: token.id,
    notification,
    media: media.id,
    dataExport: dataExport.id,
    webhook: webhook.endpoint.id,
    workspace: annId,
    member: annId,
    invite: invite.id,
  };
  bobPersona = (
    await readJson<Persona>(await bob.request('/api/personas', { method: 'POST', json: { name: 'Bob’s' } }), 201)
  ).id;
});
afterAll(() => server?.close());

describe('every route of the API', () => {
  it('is documented, more than 60 of them', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('answers 401 to nobody where it needs a user, and never a 5xx where it does not', async () => {
    for (const route of routes) {
      const path = fill(route.path, '00000000-0000-4000-8000-000000000000');
      const init = route.method === 'GET' ? {} : { json: {} };
      const answer = await call(anonymous, route.method, path, init);
      if (route.secured) {
        expect(answer.status, answer.label).toBe(401);
        expect(answer.error?.error.code, answer.label).toBe('unauthorized');
      }
    }
  });

  it('answers another user’s ids as if they did not exist, and changes nothing of theirs', async () => {
    const before = await annSees();
    const calls = foreignCalls();
    const withIds = routes.filter((r) => r.path.includes('{')).map((r) => `${r.method} ${r.path}`);
    // Every route that takes an id in its path says here how it is called.
    expect(withIds.filter((key) => !(key in calls))).toEqual([]);
    for (const [key, { body, query, status }] of Object.entries(calls)) {
      const [method = '', template = ''] = key.split(' ');
      const search = query ? `?${new URLSearchParams(query)}` : '';
      const answer = await call(bob, method, fill(template) + search, body === undefined ? {} : { json: body });
      expect(answer.status, answer.label).toBe(status);
    }
    // A tag of Ann's cannot be put on Bob's persona, nor named among Bob's new persona's tags.
    const tagged = await call(bob, 'POST', '/api/personas/bulk', {
      json: { ids: [bobPersona], action: 'tag', tagId: ids.tag },
    });
    expect(tagged.status, tagged.label).toBe(404);
    const withTag = await call(bob, 'POST', '/api/personas', { json: { name: 'Borrowed', tags: [ids.tag] } });
    expect(withTag.status, withTag.label).toBe(400);
    // Listing by Ann's persona shows Bob nothing of Ann's.
    const listed = await bob.request(`/api/schedule?personaId=${ids.persona}`);
    expect(await listed.json()).toEqual([]);

    expect(await annSees()).toEqual(before);
  });

  it('answers malformed input with a 400 that names the field, and changes nothing', async () => {
    const before = await annSees();
    for (const route of routes) {
      const path = fill(route.path);
      if (route.method !== 'GET') {
        // Not JSON at all.
        const broken = await call(mallory, route.method, path, {
          body: '{"content": ',
          headers: { 'content-type': 'application/json' },
        });
        expect(broken.status, broken.label).toBe(400);
        expect(broken.error?.error.code, broken.label).toBe('invalid_json');
      }
      if (route.hasBody) {
        // JSON, but not the object the route takes.
        for (const wrong of [[], 'text', 42, null]) {
          const answer = await call(mallory, route.method, path, { json: wrong });
          expect([400, 404], answer.label).toContain(answer.status);
        }
      }
      if (route.path.includes('{')) {
        // An id that is not one (a session's id is the sign-in library's, any text: just not found).
        const answer = await call(
          mallory,
          route.method,
          fill(route.path, 'not-an-id'),
          route.hasBody ? { json: {} } : {},
        );
        if (onlyFreeTextIds(route.path) && route.hasBody) {
          // Any text is an id here: the empty body is what is wrong.
          expect(answer.status, answer.label).toBe(400);
          expect(answer.error?.error.details?.[0]?.field, answer.label).toMatch(/^body/);
        } else if (onlyFreeTextIds(route.path)) {
          expect(answer.status, answer.label).toBe(404);
        } else {
          expect(answer.status, answer.label).toBe(400);
          expect(answer.error?.error.details?.[0]?.field, answer.label).toMatch(/^params\./);
        }
      }
      if (route.method === 'GET' && route.query.length > 0) {
        // Every query parameter given twice, with values no parameter takes.
        const search = new URLSearchParams();
        for (const name of route.query) {
          search.append(name, '\u{1F600}not valid');
          search.append(name, '-1');
        }
        await call(mallory, 'GET', `${path}?${search}`);
      }
    }
    expect(await annSees()).toEqual(before);
  });

  it('refuses a body over the limit with a 413 before reading it', async () => {
    const before = await annSees();
    const oversized = JSON.stringify({ content: 'a'.repeat(BODY_LIMIT_BYTES + 1024) });
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const answer = await call(mallory, route.method, fill(route.path), {
        body: oversized,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, answer.label).toBe(413);
      expect(answer.error?.error.code, answer.label).toBe('payload_too_large');
    }
    expect(await annSees()).toEqual(before);
  });
});
