import {
  type AccountSession,
  type ApiError,
  type ApiToken,
  type Billing,
  type CreatedApiToken,
  type NotificationSettings,
  type Persona,
  type PostStatus,
  type Profile,
  textPart,
} from '@plume/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, posts, sessions, workspaces } from '../src/db/schema';
import { SESSION_CACHE_MS } from '../src/modules/auth/auth.service';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';
import { until } from './helpers/until';

let server: TestServer;
let emails = 0;

beforeAll(async () => {
  server = await build();
});
afterAll(() => server?.close());

async function signedIn(email = `account${++emails}.${Date.now()}@example.com`, userAgent?: string) {
  const client = createClient(server.url);
  if (userAgent) {
    const request = client.request;
    client.request = (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('user-agent', userAgent);
      return request(path, { ...init, headers });
    };
  }
  await signInThroughOutbox(client, email);
  return { client, email };
}

const patch = (c: Client, body: unknown) => c.request('/api/me/profile', { method: 'PATCH', json: body });
const bearer = (token: string, path = '/api/personas', init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });

describe('profile', () => {
  it('reads the e-mail, edits username, full name and time zone, and keeps them', async () => {
    const { client, email } = await signedIn();
    expect(await readJson<Profile>(await client.request('/api/me/profile'), 200)).toEqual({
      username: null,
      email,
      fullName: '',
      timeZone: null,
    });

    const saved = await readJson<Profile>(
      await patch(client, { username: '  Ada.Writes ', fullName: 'Ada Lovelace', timeZone: 'Europe/Paris' }),
      200,
    );
    expect(saved).toEqual({ username: 'ada.writes', email, fullName: 'Ada Lovelace', timeZone: 'Europe/Paris' });
    expect(await readJson<Profile>(await client.request('/api/me/profile'), 200)).toEqual(saved);
    // The time zone is the calendar's (one setting, two screens) and the username names the session.
    expect(await readJson(await client.request('/api/me/preferences'), 200)).toEqual({ timeZone: 'Europe/Paris' });
    expect(await readJson(await client.request('/api/me'), 200)).toMatchObject({ username: 'ada.writes' });

    // Only the fields sent change.
    expect(await readJson<Profile>(await patch(client, { fullName: 'Ada King' }), 200)).toMatchObject({
      username: 'ada.writes',
      fullName: 'Ada King',
      timeZone: 'Europe/Paris',
    });
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const { client, email } = await signedIn();
    await readJson(await patch(client, { username: 'keeper', fullName: 'Kept Name', timeZone: 'UTC' }), 200);
    const before = await readJson<Profile>(await client.request('/api/me/profile'), 200);

    const cases: [unknown, string, string][] = [
      [{ username: 'ab', fullName: 'Changed' }, 'body.username', 'at least 3'],
      [{ username: 'no spaces here' }, 'body.username', 'letters, digits'],
      [{ username: '-dash-first' }, 'body.username', 'starting with a letter or digit'],
      [{ fullName: 'x'.repeat(101), username: 'fine_name' }, 'body.fullName', 'at most 100'],
      [{ timeZone: 'Mars/Olympus', fullName: 'Changed' }, 'body.timeZone', 'IANA time zone'],
      [{ email: 'new@example.com', fullName: 'Changed' }, 'body.email', 'Email address cannot be changed'],
      // PostgreSQL cannot store a NUL: refused up front, not a 500.
      [{ fullName: 'Bad\u0000Name', username: 'fine_name' }, 'body.fullName', 'NUL character'],
    ];
    for (const [body, field, message] of cases) {
      const error = await readJson<ApiError>(await patch(client, body), 400);
      const details = error.error.details as { field: string; message: string }[];
      expect(details, JSON.stringify(body)).toContainEqual({ field, message: expect.stringContaining(message) });
    }
    expect(await readJson<Profile>(await client.request('/api/me/profile'), 200)).toEqual(before);
    expect(before.email).toBe(email);
  });

  it('answers 409 for a username another user has, in any case', async () => {
    const first = await signedIn();
    const second = await signedIn();
    await readJson(await patch(first.client, { username: 'taken_name' }), 200);
    const error = await readJson<ApiError>(
      await patch(second.client, { username: 'Taken_Name', fullName: 'Nope' }),
      409,
    );
    expect(error.error).toMatchObject({
      code: 'conflict',
      message: 'That username is taken',
      details: [{ field: 'body.username', message: 'That username is taken' }],
    });
    expect(await readJson<Profile>(await second.client.request('/api/me/profile'), 200)).toMatchObject({
      username: null,
      fullName: '',
    });
    // Saving one's own username again is no conflict; null removes it.
    await readJson(await patch(first.client, { username: 'taken_name' }), 200);
    expect(await readJson<Profile>(await patch(first.client, { username: null }), 200)).toMatchObject({
      username: null,
    });
    await readJson(await patch(second.client, { username: 'taken_name' }), 200);
  });

  it("cannot be edited around its checks through the auth library's own routes", async () => {
    const { client } = await signedIn();
    for (const [path, body] of [
      ['/api/auth/update-user', { name: '<script>' }],
      ['/api/auth/change-email', { newEmail: 'other@example.com' }],
      ['/api/auth/delete-user', {}],
    ] as const) {
      expect((await client.request(path, { method: 'POST', json: body })).status, path).toBe(404);
    }
    expect(await readJson<Profile>(await client.request('/api/me/profile'), 200)).toMatchObject({ fullName: '' });
  });

  it('needs a signed-in caller', async () => {
    expect((await fetch(`${server.url}/api/me/profile`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/me/billing`)).status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists sessions with device and "current", revokes one, whose cookie then gets 401', async () => {
    const email = `sessions.${Date.now()}@example.com`;
    const laptop = await signedIn(
      email,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    );
    const phone = await signedIn(email, 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0');

    const list = await readJson<AccountSession[]>(await laptop.client.request('/api/me/sessions'), 200);
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current);
    const other = list.find((s) => !s.current);
    expect(current).toMatchObject({ device: 'Chrome 126 on macOS', ipAddress: '127.0.0.1' });
    expect(other).toMatchObject({ device: 'Firefox 128 on Linux', current: false });
    expect(Date.parse(other?.lastActiveAt ?? '')).toBeGreaterThanOrEqual(Date.parse(other?.createdAt ?? ''));
    expect(JSON.stringify(list)).not.toMatch(/token/i);

    expect((await phone.client.request('/api/personas')).status).toBe(200);
    await readJson(await laptop.client.request(`/api/me/sessions/${other?.id}`, { method: 'DELETE' }), 204);
    expect((await phone.client.request('/api/personas')).status).toBe(401);
    expect((await laptop.client.request('/api/personas')).status).toBe(200);
    expect(await readJson<AccountSession[]>(await laptop.client.request('/api/me/sessions'), 200)).toHaveLength(1);
  });

  it('stops a session revoked by another process within seconds (each process trusts a look-up for 2 s)', async () => {
    const { client } = await signedIn();
    const [session] = await readJson<AccountSession[]>(await client.request('/api/me/sessions'), 200);
    // Deleted straight from the database, as another API process revoking it would.
    await server.app.database.db.delete(sessions).where(eq(sessions.id, session?.id ?? ''));
    const deleted = Date.now();
    const stopped = await until(
      async () => ((await client.request('/api/personas')).status === 401 ? Date.now() : undefined),
      10_000,
    );
    expect(stopped - deleted).toBeLessThan(SESSION_CACHE_MS + 1000);
  });

  it("answers 404 for another user's session, which stays signed in", async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    const [bobs] = await readJson<AccountSession[]>(await bob.client.request('/api/me/sessions'), 200);
    await readJson(await ann.client.request(`/api/me/sessions/${bobs?.id}`, { method: 'DELETE' }), 404);
    await readJson(await ann.client.request('/api/me/sessions/not-a-session', { method: 'DELETE' }), 404);
    expect((await bob.client.request('/api/personas')).status).toBe(200);
  });

  it('signs out everywhere else, then everywhere including this session', async () => {
    const email = `everywhere.${Date.now()}@example.com`;
    const one = await signedIn(email);
    const two = await signedIn(email);
    const three = await signedIn(email);
    const stranger = await signedIn();

    const others = await readJson<{ revoked: number }>(
      await one.client.request('/api/me/sessions/revoke-all', { method: 'POST', json: {} }),
      200,
    );
    expect(others).toEqual({ revoked: 2 });
    expect((await two.client.request('/api/personas')).status).toBe(401);
    expect((await three.client.request('/api/personas')).status).toBe(401);
    expect((await one.client.request('/api/personas')).status).toBe(200);

    const all = await readJson<{ revoked: number }>(
      await one.client.request('/api/me/sessions/revoke-all', { method: 'POST', json: { includeCurrent: true } }),
      200,
    );
    expect(all).toEqual({ revoked: 1 });
    expect((await one.client.request('/api/personas')).status).toBe(401);
    expect((await stranger.client.request('/api/personas')).status).toBe(200);
  });
});

describe('personal API tokens', () => {
  it('work as Bearer on the API until revoked, and their secret is shown once', async () => {
    const { client, email } = await signedIn();
    const persona = await readJson<Persona>(await client.request('/api/personas', { method: 'POST', json: {} }), 201);

    const created = await readJson<CreatedApiToken>(
      await client.request('/api/me/tokens', { method: 'POST', json: { name: 'CI script', expiresInDays: 30 } }),
      201,
    );
    expect(created.secret).toMatch(/^plume_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: 'CI script', lastUsedAt: null });
    expect(created.secret.startsWith(created.token.prefix)).toBe(true);
    expect(Date.parse(created.token.expiresAt ?? '') - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    // Every authenticated route: a read, a write and the user itself.
    const listed = await readJson<Persona[]>(await bearer(created.secret), 200);
    expect(listed.map((p) => p.id)).toEqual([persona.id]);
    await readJson(
      await bearer(created.secret, `/api/personas/${persona.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...persona, name: 'Renamed by token' }),
      }),
      200,
    );
    expect(await readJson(await bearer(created.secret, '/api/me'), 200)).toMatchObject({ username: email });

    // Listed by name, prefix and times; never the secret, and only its hash is stored.
    const tokens = await readJson<ApiToken[]>(await client.request('/api/me/tokens'), 200);
    expect(tokens).toEqual([{ ...created.token, lastUsedAt: expect.any(String) }]);
    const rows = await server.app.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(6));
    expect(JSON.stringify(tokens)).not.toContain(created.secret.slice(12));

    // A token cannot mint tokens, list them or sign sessions out.
    await readJson(await bearer(created.secret, '/api/me/tokens'), 403);
    await readJson(
      await bearer(created.secret, '/api/me/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'More' }),
      }),
      403,
    );
    await readJson(await bearer(created.secret, '/api/me/sessions'), 403);
    await readJson(await bearer(created.secret, `/api/me/tokens/${created.token.id}`, { method: 'DELETE' }), 403);
    // Nor can it turn off the mails that would tell its owner something is wrong.
    await readJson(
      await bearer(created.secret, '/api/me/notifications', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          postFailed: false,
          postPublished: false,
          accountAttention: false,
          weeklySummary: false,
        }),
      }),
      403,
    );
    await readJson(await bearer(created.secret, '/api/me/notifications'), 200);

    await readJson(await client.request(`/api/me/tokens/${created.token.id}`, { method: 'DELETE' }), 204);
    await readJson(await bearer(created.secret), 401);
    await readJson(await bearer(created.secret, '/api/me'), 401);
    expect(await readJson<ApiToken[]>(await client.request('/api/me/tokens'), 200)).toEqual([]);
  });

  it('refuses unknown and expired tokens, never falling back to the cookie', async () => {
    const { client } = await signedIn();
    const created = await readJson<CreatedApiToken>(
      await client.request('/api/me/tokens', { method: 'POST', json: { name: 'Short-lived' } }),
      201,
    );
    expect(created.token.expiresAt).toBeNull();
    await readJson(await bearer(`${created.secret}x`), 401);
    await readJson(await bearer('plume_not-a-token'), 401);
    await server.app.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, created.token.id));
    await readJson(await bearer(created.secret), 401);
    await readJson(
      await client.request('/api/personas', { headers: { authorization: `Bearer ${created.secret}` } }),
      401,
    );
  });

  it("checks the name and expiry, and answers 404 for another user's token", async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    const error = await readJson<ApiError>(
      await ann.client.request('/api/me/tokens', { method: 'POST', json: { name: ' ', expiresInDays: 3 } }),
      400,
    );
    expect(error.error.details).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'Name is required' },
        { field: 'body.expiresInDays', message: 'must be 7, 30, 90 or 365' },
      ]),
    );
    const bobs = await readJson<CreatedApiToken>(
      await bob.client.request('/api/me/tokens', { method: 'POST', json: { name: 'Bob' } }),
      201,
    );
    await readJson(await ann.client.request(`/api/me/tokens/${bobs.token.id}`, { method: 'DELETE' }), 404);
    await readJson(await ann.client.request('/api/me/tokens/not-a-uuid', { method: 'DELETE' }), 400);
    await readJson(await bearer(bobs.secret), 200);
  });
});

describe('billing', () => {
  it('shows the free plan and real usage: personas and posts published this month', async () => {
    const { client } = await signedIn();
    const empty = await readJson<Billing>(await client.request('/api/me/billing'), 200);
    expect(empty).toMatchObject({
      planId: 'free',
      usage: { personas: 0, postsThisMonth: 0 },
      paymentConnected: false,
      limitsEnforced: false,
    });

    const persona = await readJson<Persona>(await client.request('/api/personas', { method: 'POST', json: {} }), 201);
    const db = server.app.database.db;
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const row = (status: PostStatus, postedAt: Date | null) => ({
      id: crypto.randomUUID(),
      personaId: persona.id,
      platform: 'bluesky' as const,
      content: status,
      parts: [textPart(status)],
      status,
      postedAt,
    });
    await db
      .insert(posts)
      .values([
        row('posted', now),
        row('posted', now),
        row('posted', lastMonth),
        row('failed', null),
        row('scheduled', null),
      ]);

    const billing = await readJson<Billing>(await client.request('/api/me/billing'), 200);
    expect(billing.usage).toMatchObject({ personas: 1, postsThisMonth: 2 });
    expect(new Date(billing.usage.periodStart).getUTCDate()).toBe(1);

    // The plan is kept on the workspace: the personal one has the user's id.
    const me = await readJson<{ id: string }>(await client.request('/api/me'), 200);
    await db.update(workspaces).set({ plan: 'growth' }).where(eq(workspaces.id, me.id));
    expect(await readJson<Billing>(await client.request('/api/me/billing'), 200)).toMatchObject({ planId: 'growth' });
  });
});

describe('notifications', () => {
  it('has defaults, saves every switch and keeps the time zone', async () => {
    const { client } = await signedIn();
    await readJson(await patch(client, { timeZone: 'Asia/Tokyo' }), 200);
    expect(await readJson<NotificationSettings>(await client.request('/api/me/notifications'), 200)).toEqual({
      postFailed: true,
      postPublished: false,
      accountAttention: true,
      weeklySummary: false,
      approvalWaiting: false,
    });
    const next = {
      postFailed: false,
      postPublished: true,
      accountAttention: true,
      weeklySummary: true,
      approvalWaiting: true,
    };
    expect(
      await readJson<NotificationSettings>(
        await client.request('/api/me/notifications', { method: 'PUT', json: next }),
        200,
      ),
    ).toEqual(next);
    expect(await readJson(await client.request('/api/me/notifications'), 200)).toEqual(next);
    expect(await readJson(await client.request('/api/me/preferences'), 200)).toEqual({ timeZone: 'Asia/Tokyo' });

    const error = await readJson<ApiError>(
      await client.request('/api/me/notifications', { method: 'PUT', json: { ...next, weeklySummary: 'yes' } }),
      400,
    );
    expect(error.error.message).toContain('body.weeklySummary');
    expect(await readJson(await client.request('/api/me/notifications'), 200)).toEqual(next);
  });
});
