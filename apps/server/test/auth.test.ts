import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, signInThroughOutbox } from './helpers/client';

let server: TestServer;
// Every statement the app runs (the look-ups below count theirs).
const statements: string[] = [];
beforeAll(async () => {
  server = await build({}, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => server?.close());

describe('signing in with a magic link', () => {
  it('a new user follows the outbox link, gets a session cookie and sees themselves at /api/me', async () => {
    const client = createClient(server.url);
    const before = await client.request('/api/me');
    expect(before.status).toBe(401);
    expect(await before.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue' } });

    const { mail, verified } = await signInThroughOutbox(client, 'new.user@example.com');
    expect(mail).toMatchObject({ to: 'new.user@example.com', subject: 'Your Plume sign-in link' });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe(`${server.url}/dashboard`);
    expect(client.cookies.has('plume.session_token')).toBe(true);

    const me = await client.request('/api/me');
    expect(me.status).toBe(200);
    const user = (await me.json()) as { id: string; username: string; avatarUrl: null; jwt: string };
    expect(user).toMatchObject({ username: 'new.user@example.com', avatarUrl: null });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.jwt).toMatch(/^[^.]+\..+$/);
  });

  it('answers the session probe with null when signed out and the user when signed in', async () => {
    const client = createClient(server.url);
    const out = await client.request('/api/session');
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ user: null });
    await signInThroughOutbox(client, 'probe@example.com');
    const { user } = (await (await client.request('/api/session')).json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({ username: 'probe@example.com' });
    // Page scripts never get the token from the probe.
    expect(user).not.toHaveProperty('jwt');
  });

  it('keeps the dev outbox newest first', async () => {
    const client = createClient(server.url);
    for (const email of ['first@example.com', 'second@example.com']) {
      await client.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email } });
    }
    const outbox = (await (await client.request('/api/dev/outbox')).json()) as { to: string }[];
    expect(outbox.slice(0, 2).map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);
  });

  it('a magic link works only once', async () => {
    const client = createClient(server.url);
    const { mail } = await signInThroughOutbox(client, 'once@example.com');
    const stranger = createClient(server.url);
    const again = await stranger.request(mail.url);
    expect(again.headers.get('location')).toContain('error=');
    expect(stranger.cookies.has('plume.session_token')).toBe(false);
  });

  it('accepts the signed session token as a Bearer token and refuses an unsigned one', async () => {
    const client = createClient(server.url);
    await signInThroughOutbox(client, 'bearer@example.com');
    const { jwt } = (await (await client.request('/api/me')).json()) as { jwt: string };

    const signed = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ username: 'bearer@example.com', jwt });

    const unsigned = await fetch(`${server.url}/api/me`, {
      headers: { authorization: `Bearer ${jwt.split('.')[0]}` },
    });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(`${server.url}/api/me`, {
      headers: { authorization: `Bearer ${jwt.split('.')[0]}.forgedsignature` },
    });
    expect(forged.status).toBe(401);
  });

  it('sign-out ends the session for the cookie and the token alike', async () => {
    const client = createClient(server.url);
    await signInThroughOutbox(client, 'leaving@example.com');
    const { jwt } = (await (await client.request('/api/me')).json()) as { jwt: string };
    const out = await client.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(out.status).toBe(200);
    expect((await client.request('/api/me')).status).toBe(401);
    expect((await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${jwt}` } })).status).toBe(401);
  });

  it('says Sign in with X is not configured when it has no client id', async () => {
    const client = createClient(server.url);
    const response = await client.request('/api/auth/sign-in/social', {
      method: 'POST',
      json: { provider: 'twitter', callbackURL: '/dashboard', disableRedirect: true },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message.toLowerCase()).toContain('not found');
  });
});

describe('Sign in with X when configured', () => {
  let configured: TestServer;
  beforeAll(async () => {
    configured = await build({ X_CLIENT_ID: 'test-client-id', X_CLIENT_SECRET: 'test-client-secret' });
  });
  afterAll(() => configured?.close());

  it('starts OAuth 2.0 with PKCE at X', async () => {
    expect(await (await fetch(`${configured.url}/api/config`)).json()).toMatchObject({ xSignIn: true });
    const client = createClient(configured.url);
    const response = await client.request('/api/auth/sign-in/social', {
      method: 'POST',
      json: { provider: 'twitter', callbackURL: '/dashboard', disableRedirect: true },
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const authorize = new URL(url);
    expect(authorize.hostname).toMatch(/(^|\.)(x|twitter)\.com$/);
    expect(authorize.searchParams.get('client_id')).toBe('test-client-id');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${configured.url}/api/auth/callback/twitter`);
  });
});

describe('rate limits on the auth routes', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await build({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => limited?.close());

  it('answers 429 with Retry-After once the limit is reached, counted in the database', async () => {
    const client = createClient(limited.url);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await client.request('/api/auth/sign-in/magic-link', {
        method: 'POST',
        json: { email: `r${i}@example.com` },
        // A forged X-Forwarded-For does not buy a fresh counter.
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last?.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Reading the session is never limited.
    for (let i = 0; i < 5; i++) expect((await client.request('/api/auth/get-session')).status).toBe(200);
  });
});

describe('looking sessions up (decision 064)', () => {
  const sessionOf = async (client: Client) => {
    const [row] = await server.app.database.db
      .select()
      .from(sessions)
      .where(
        eq(sessions.token, decodeURIComponent(client.cookies.get('plume.session_token') ?? '').split('.')[0] ?? ''),
      );
    if (!row) throw new Error('no session');
    return row;
  };

  it('looks up sessions asked at once in fewer statements than requests, each answered with its own user', async () => {
    const clients = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const client = createClient(server.url);
        await signInThroughOutbox(client, `together${i}@example.com`);
        return client;
      }),
    );
    const before = statements.length;
    // Their first requests to the API: none of these cookies was looked up before.
    const answers = await Promise.all(clients.map((c) => c.request('/api/me')));
    const seen = statements.slice(before);
    const lookUps = (pattern: RegExp) => seen.filter((sql) => pattern.test(sql)).length;
    expect(
      await Promise.all(answers.map(async (a) => [a.status, ((await a.json()) as { username: string }).username])),
    ).toEqual(clients.map((_, i) => [200, `together${i}@example.com`]));
    const sessionLookUps = lookUps(/from "sessions" inner join "users"/);
    expect(sessionLookUps).toBeGreaterThan(0);
    expect(sessionLookUps).toBeLessThan(clients.length);
  });

  it('refuses a cookie whose signature is not the server’s', async () => {
    const client = createClient(server.url);
    await signInThroughOutbox(client, 'tampered@example.com');
    expect((await client.request('/api/me')).status).toBe(200);
    const signed = decodeURIComponent(client.cookies.get('plume.session_token') ?? '');
    const [token, signature = ''] = signed.split('.');
    const other = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    client.cookies.set('plume.session_token', encodeURIComponent(`${token}.${other}`));
    expect((await client.request('/api/me')).status).toBe(401);
  });

  it('refuses an expired session and removes it; extends one due its daily extension', async () => {
    const db = server.app.database.db;
    // Neither cookie has been looked up yet (signing in is the library's own route).
    const expired = createClient(server.url);
    await signInThroughOutbox(expired, 'expired@example.com');
    const expiring = await sessionOf(expired);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, expiring.id));
    expect((await expired.request('/api/me')).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.id, expiring.id))).toEqual([]);

    const due = createClient(server.url);
    await signInThroughOutbox(due, 'extended@example.com');
    const session = await sessionOf(due);
    // Signed in 2 days ago (sessions last 30 days; one older than a day is extended on use).
    const twoDaysIn = new Date(session.expiresAt.getTime() - 2 * 86_400_000);
    await db.update(sessions).set({ expiresAt: twoDaysIn }).where(eq(sessions.id, session.id));
    expect((await due.request('/api/me')).status).toBe(200);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});
