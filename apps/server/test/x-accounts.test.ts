import {
  type Account,
  estimatedCostUsd,
  type InAppNotificationList,
  type Persona,
  type ScheduledItem,
  textPart,
  type UsageSummary,
  WORKSPACE_HEADER,
  X_NOT_CONFIGURED,
  X_SCOPES,
  type XUserProfile,
} from '@plume/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountSnapshots, mentionCursors, oauthStates, platformAccounts, postMetrics, posts } from '../src/db/schema';
import { PlatformError, type PublishOptions, type PublishOutcome, type ReplyRef } from '../src/integrations/platform';
import { X_RECONNECT } from '../src/integrations/x/x-adapter';
import { createXApi } from '../src/integrations/x/x-api';
import { CHECK_MENTIONS, ENGAGE } from '../src/jobs/engagement';
import { SYNC_METRICS } from '../src/jobs/metrics';
import { PUBLISH_POST, RECONCILE_POST } from '../src/jobs/publish-posts';
import { createMetricsRepository } from '../src/modules/metrics/metrics.repository';
import { createXStub } from './fakes/x';
import { build, freePort, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

const CLIENT_ID = 'plume-test-client';
const CLIENT_SECRET = 'plume-test-client-secret';
const APP_SECRET = 'x-accounts-test-secret-0123456789abcdef';
const INVALID_STATE = 'Invalid or expired state parameter';

const stub = createXStub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
let server: TestServer;
/** On PostgreSQL, a second app on the same database: the other process of a two-process deployment. */
let peer: TestServer | undefined;
const logs: string[] = [];
/** Every response body a client read, to check no token ever left the server. */
const bodies: string[] = [];

beforeAll(async () => {
  await stub.listen();
  const env = {
    X_CLIENT_ID: CLIENT_ID,
    X_CLIENT_SECRET: CLIENT_SECRET,
    X_API_URL: stub.apiUrl,
    X_AUTHORIZE_URL: stub.authorizeUrl,
    APP_SECRET,
    LOG_LEVEL: 'debug',
    // Metrics are read only when a test asks: the other tests count X's requests.
    X_METRICS_SYNC_MINUTES: '0',
    X_METRICS_MAX_PAGES: '5',
  };
  const logStream = { write: (line: string) => void logs.push(line) };
  // Automation's dice fixed: the reply sample answers every mention.
  server = await build(env, { logStream, random: () => 0 });
  if (server.databaseUrl) {
    // Same APP_URL, as two processes behind one address; it shares the first app's database.
    peer = await build(
      { ...env, DATABASE_URL: server.databaseUrl, APP_URL: server.url },
      { logStream, random: () => 0 },
    );
  }
  stub.state.redirectUris.push(`${server.url}/x/callback`);
});

afterAll(async () => {
  await peer?.close();
  await server?.close();
  await stub.close();
  // Tokens never reach a log line (DESIGN.md, Principle 5).
  const tokens = [...stub.state.accessTokens.keys(), ...stub.state.refreshTokens.keys()];
  expect(tokens.length).toBeGreaterThan(0);
  const leaked = tokens.filter((t) => logs.some((line) => line.includes(t)) || bodies.some((b) => b.includes(t)));
  expect(leaked).toEqual([]);
});

afterEach(() => {
  // Nothing reached a route X does not have, and every scripted answer was asked for.
  expect(stub.state.unknown).toEqual([]);
  expect(stub.pending()).toBe(0);
  stub.resetRecords();
});

// ---------------------------------------------------------------------------------------------

let emails = 0;
async function signedIn(): Promise<Client> {
  const client = createClient(server.url);
  emails += 1;
  await signInThroughOutbox(client, `x-user${emails}.${Date.now()}@example.com`);
  return client;
}

async function read<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  bodies.push(text);
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

async function errorOf(response: Response, status: number): Promise<{ code: string; message: string }> {
  return (await read<{ error: { code: string; message: string } }>(response, status)).error;
}

const post = (c: Client, path: string, body: unknown) => c.request(path, { method: 'POST', json: body });

async function createPersona(c: Client): Promise<Persona> {
  return read<Persona>(await post(c, '/api/personas', { name: `Persona ${Math.random()}` }), 201);
}

/** Where GET /api/oauth/x sent a popup that cannot start: /x/callback with the reason, for the persona's tab. */
async function startRefused(c: Client, personaId: string) {
  const started = await c.request(`/api/oauth/x?personaId=${personaId}`);
  expect(started.status, await started.clone().text()).toBe(302);
  const target = new URL(started.headers.get('location') ?? '');
  expect(target.pathname).toBe('/x/callback');
  expect(target.searchParams.get('state')).toBe(`${personaId}~`);
  return { code: target.searchParams.get('error'), message: target.searchParams.get('error_description') };
}

/** The popup's first steps: Plume's redirect to X, and X's redirect back to /x/callback. */
async function authorize(c: Client, personaId: string) {
  const started = await c.request(`/api/oauth/x?personaId=${personaId}&popupId=popup-1`);
  expect(started.status, await started.clone().text()).toBe(302);
  const authorizeUrl = new URL(started.headers.get('location') ?? '');
  const atX = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atX.status, await atX.clone().text()).toBe(302);
  const callback = new URL(atX.headers.get('location') ?? '');
  return {
    authorizeUrl,
    callback,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

type Connected = { personaId: string; user: XUserProfile; account: Account };

/** The whole connection, as the popup and its /x/callback page do it. */
async function connect(c: Client, personaId: string): Promise<Connected> {
  const { code, state } = await authorize(c, personaId);
  return read<Connected>(await post(c, '/api/auth/x/token', { code, state, personaId }));
}

async function connectedPersona(c: Client): Promise<Persona> {
  const persona = await createPersona(c);
  await connect(c, persona.id);
  return persona;
}

/** The X adapter of a server, publishing as a persona's account as a job does: the account loaded once, then handed over. */
const publisherOf = (s: TestServer = server) => ({
  async publish(
    personaId: string,
    parts: string[],
    replyTo?: ReplyRef,
    options?: PublishOptions,
  ): Promise<PublishOutcome> {
    const [account] = await s.app.database.db
      .select()
      .from(platformAccounts)
      .where(and(eq(platformAccounts.personaId, personaId), eq(platformAccounts.platform, 'x')));
    if (!account) throw new Error('no X account');
    return s.app.adapters.x.publish(account, parts.map(textPart), replyTo, options);
  },
});

async function publishFailure(personaId: string, parts: string[]): Promise<PlatformError> {
  const error = await publisherOf()
    .publish(personaId, parts)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

let texts = 0;
/** X refuses duplicate content: every post in this file says something new. */
const say = (what: string) => `${what} #${++texts} ${Date.now()}`;

const accountsOf = async (c: Client, personaId: string) =>
  read<Account[]>(await c.request(`/api/personas/${personaId}/accounts`));

// ---------------------------------------------------------------------------------------------

describe('connecting an X account', () => {
  let ann: Client;
  let bob: Client;
  beforeAll(async () => {
    ann = await signedIn();
    bob = await signedIn();
  });

  it('goes from the popup to X and back, and lists the account with its followers and no token', async () => {
    const persona = await createPersona(ann);
    const { authorizeUrl, callback, code, state } = await authorize(ann, persona.id);

    // X's authorization page with PKCE (S256), the spec's scopes and the callback on our site.
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(stub.authorizeUrl);
    const q = authorizeUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${server.url}/x/callback`);
    expect(q.get('scope')).toBe(
      'tweet.read tweet.write users.read follows.read follows.write offline.access media.write',
    );
    expect(q.get('scope')).toBe(X_SCOPES.join(' '));
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toMatch(new RegExp(`^${persona.id}~[A-Za-z0-9_-]{43}$`));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${server.url}/x/callback`);
    expect(state).toBe(q.get('state'));
    // The callback page is the web app's (it hands code and state over).
    expect((await ann.request(`${callback.pathname}${callback.search}`)).status).toBe(200);

    const connected = await read<Connected>(
      await post(ann, '/api/auth/x/token', { code, state, personaId: persona.id }),
    );
    expect(connected).toEqual({
      personaId: persona.id,
      user: {
        id: stub.state.user.id,
        username: 'ada_writes',
        name: 'Ada Lovelace',
        profileImageUrl: stub.state.user.profile_image_url,
        verified: false,
        publicMetrics: { followersCount: 1234, followingCount: 56, tweetCount: 789, listedCount: 3 },
      },
      account: expect.objectContaining({
        platform: 'x',
        username: 'ada_writes',
        displayName: 'Ada Lovelace',
        isConnected: true,
        status: 'active',
        followers: 1234,
        profileUrl: 'https://x.com/ada_writes',
        authMethod: 'oauth',
        errorMessage: null,
      }),
    });
    expect(stub.state.refusals).toEqual([]);

    const [account] = await accountsOf(ann, persona.id);
    expect(account).toMatchObject({ platform: 'x', username: 'ada_writes', followers: 1234, status: 'active' });
    const reloaded = await read<Persona>(await ann.request(`/api/personas/${persona.id}`));
    expect(reloaded.connected_accounts).toEqual([
      expect.objectContaining({ platform: 'x', username: 'ada_writes', followers: 1234, status: 'active' }),
    ]);

    // At rest the tokens and the PKCE verifier are sealed, never plain.
    const [row] = (await server.app.database.db.select().from(platformAccounts)).filter(
      (r) => r.personaId === persona.id,
    );
    expect(row?.credentials).toMatch(/^v1\./);
    for (const token of [...stub.state.accessTokens.keys(), ...stub.state.refreshTokens.keys()]) {
      expect(row?.credentials).not.toContain(token);
    }
    for (const pending of await server.app.database.db.select().from(oauthStates)) {
      expect(pending.value).toMatch(/^v1\./);
    }
  });

  it('never logs the authorization code or state of a callback', async () => {
    const code = `leak-check-code-${Date.now()}`;
    const state = `${crypto.randomUUID()}~leak-check-state`;
    const page = await fetch(`${server.url}/x/callback?code=${code}&state=${encodeURIComponent(state)}`);
    expect(page.status).toBe(200);
    await post(ann, '/api/auth/x/token', { code, state });
    // The requests were logged (so this could catch a leak), with the secrets replaced.
    expect(logs.some((line) => line.includes('/x/callback?code=%5Bredacted%5D'))).toBe(true);
    expect(logs.filter((line) => line.includes(code) || line.includes('leak-check-state'))).toEqual([]);
  });

  it('answers /api/auth/x/* itself, not better-auth, and wants a session', async () => {
    const anonymous = createClient(server.url);
    for (const [path, body] of [
      ['/api/auth/x/token', { code: 'c', state: 's' }],
      ['/api/auth/x/refresh', { personaId: crypto.randomUUID() }],
    ] as const) {
      expect(await errorOf(await post(anonymous, path, body), 401)).toMatchObject({ code: 'unauthorized' });
    }
    // The popup's first page shows a page, never JSON: the callback page tells why.
    expect(await startRefused(anonymous, crypto.randomUUID())).toEqual({
      code: 'unauthorized',
      message: 'Sign in to continue',
    });
    expect((await anonymous.request(`/api/x/user/me?personaId=${crypto.randomUUID()}`)).status).toBe(401);
    // The schema's own words for a callback that lost its parameters.
    const missing = await errorOf(await post(ann, '/api/auth/x/token', { code: '', state: 's' }), 400);
    expect(missing.message).toBe('body.code: Missing required OAuth parameters');
  });

  it('refuses an unknown, reused, expired, mismatched or foreign state', async () => {
    const persona = await createPersona(ann);
    const wrong = await post(ann, '/api/auth/x/token', { code: 'code', state: `${persona.id}~made-up` });
    expect((await errorOf(wrong, 400)).message).toBe(INVALID_STATE);

    // Used once: the second time is refused, and X is not asked again.
    const first = await authorize(ann, persona.id);
    await read(await post(ann, '/api/auth/x/token', first));
    const tokenCalls = stub.state.requests.filter((r) => r.path === '/2/oauth2/token').length;
    expect((await errorOf(await post(ann, '/api/auth/x/token', first), 400)).message).toBe(INVALID_STATE);
    expect(stub.state.requests.filter((r) => r.path === '/2/oauth2/token').length).toBe(tokenCalls);

    // Older than ten minutes.
    const late = await authorize(ann, persona.id);
    await server.app.database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await errorOf(await post(ann, '/api/auth/x/token', late), 400)).message).toBe(INVALID_STATE);

    // For another persona than the one it was made for.
    const other = await createPersona(ann);
    const mismatched = await authorize(ann, persona.id);
    const asOther = await post(ann, '/api/auth/x/token', { ...mismatched, personaId: other.id });
    expect((await errorOf(asOther, 400)).message).toBe(INVALID_STATE);

    // Another user's state is refused and stays usable by its owner.
    const bobs = await createPersona(bob);
    const bobState = await authorize(bob, bobs.id);
    const stolen = await post(ann, '/api/auth/x/token', { code: bobState.code, state: bobState.state });
    expect((await errorOf(stolen, 400)).message).toBe(INVALID_STATE);
    await read(await post(bob, '/api/auth/x/token', bobState));
  });

  it("treats another user's persona as not found", async () => {
    const anns = await connectedPersona(ann);
    expect((await startRefused(bob, anns.id)).code).toBe('not_found');
    expect((await errorOf(await post(bob, '/api/auth/x/refresh', { personaId: anns.id }), 404)).code).toBe('not_found');
    expect((await errorOf(await bob.request(`/api/x/user/me?personaId=${anns.id}`), 404)).code).toBe('not_found');
    expect(
      (await errorOf(await bob.request(`/api/personas/${anns.id}/accounts/x`, { method: 'DELETE' }), 404)).code,
    ).toBe('not_found');
  });

  it("connects a shared workspace's persona from a popup that names the workspace, for its owner and not an editor", async () => {
    // Ann's client workspace, with a persona in it.
    const shared = await read<{ id: string }>(await post(ann, '/api/workspaces', { name: 'Client' }), 201);
    const inShared = { [WORKSPACE_HEADER]: shared.id };
    const persona = await read<Persona>(
      await ann.request('/api/personas', { method: 'POST', json: { name: 'Shared' }, headers: inShared }),
      201,
    );
    // A popup is a navigation and sends no header: without the parameter its persona is not in Ann's own workspace.
    expect((await startRefused(ann, persona.id)).code).toBe('not_found');

    const started = await ann.request(`/api/oauth/x?personaId=${persona.id}&popupId=p&workspace=${shared.id}`);
    expect(started.status, await started.clone().text()).toBe(302);
    const atX = await fetch(new URL(started.headers.get('location') ?? ''), { redirect: 'manual' });
    const callback = new URL(atX.headers.get('location') ?? '');
    const code = callback.searchParams.get('code') ?? '';
    const state = callback.searchParams.get('state') ?? '';
    // The callback page finishes in the open workspace (its API client sends the header) …
    const elsewhere = await post(ann, '/api/auth/x/token', { code, state, personaId: persona.id });
    expect((await errorOf(elsewhere, 400)).message).toBe(INVALID_STATE);
    const finished = await ann.request('/api/auth/x/token', {
      method: 'POST',
      json: { code, state, personaId: persona.id },
      headers: inShared,
    });
    expect((await read<Connected>(finished)).account).toMatchObject({ platform: 'x', status: 'active' });

    // An editor of the workspace may not start one (connections are an admin's; the popup shows why); a
    // non-member is told it does not exist.
    const viewerEmail = `x-editor.${Date.now()}@example.com`;
    const viewer = createClient(server.url);
    await signInThroughOutbox(viewer, viewerEmail);
    await read(await post(ann, `/api/workspaces/${shared.id}/invites`, { email: viewerEmail, role: 'editor' }), 201);
    const outbox = await read<{ to: string; url: string }[]>(await ann.request('/api/dev/outbox'));
    const link = new URL(outbox.find((m) => m.to === viewerEmail && m.url.includes('/join/'))?.url ?? '');
    const token = decodeURIComponent(link.pathname.split('/').pop() ?? '');
    await read(await post(viewer, '/api/workspaces/join', { token }));
    const asViewer = await viewer.request(`/api/oauth/x?personaId=${persona.id}&workspace=${shared.id}`);
    const refused = new URL(asViewer.headers.get('location') ?? '');
    expect(refused.pathname).toBe('/x/callback');
    expect(refused.searchParams.get('error')).toBe('forbidden');
    expect(refused.searchParams.get('error_description')).toContain('needs admin or above');
    const asStranger = await bob.request(`/api/oauth/x?personaId=${persona.id}&workspace=${shared.id}`);
    expect(new URL(asStranger.headers.get('location') ?? '').searchParams.get('error')).toBe('not_found');
  });

  it('passes on a refusal at X, a failed exchange and a failed profile read with the spec texts', async () => {
    const persona = await createPersona(ann);
    stub.denyNextAuthorization('The user said no.');
    const denied = await authorize(ann, persona.id);
    expect(denied.callback.searchParams.get('error')).toBe('access_denied');
    expect(denied.callback.searchParams.get('error_description')).toBe('The user said no.');
    expect(denied.code).toBe('');

    const refused = await authorize(ann, persona.id);
    stub.next('POST /2/oauth2/token', {
      status: 400,
      body: { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' },
    });
    const exchange = await errorOf(await post(ann, '/api/auth/x/token', refused), 502);
    expect(exchange).toEqual({
      code: 'provider_error',
      message: 'Token exchange failed: Value passed for the authorization code was invalid.',
    });

    const noProfile = await authorize(ann, persona.id);
    stub.next('GET /2/users/me', { status: 503, body: { title: 'Service Unavailable', detail: 'Over capacity' } });
    const profile = await errorOf(await post(ann, '/api/auth/x/token', noProfile), 502);
    expect(profile.message).toBe('Failed to fetch user profile: 503');
    expect(await accountsOf(ann, persona.id)).toEqual([]);
  });

  it('reads the profile from X and keeps the followers on the account', async () => {
    const persona = await connectedPersona(ann);
    const user = stub.state.users.get(stub.state.user.id);
    if (!user) throw new Error('stub user missing');
    user.public_metrics.followers_count = 2048;
    const profile = await read<XUserProfile>(await ann.request(`/api/x/user/me?personaId=${persona.id}`));
    expect(profile.publicMetrics.followersCount).toBe(2048);
    const [account] = await accountsOf(ann, persona.id);
    expect(account?.followers).toBe(2048);
    // A persona without an X account is told to connect one.
    const bare = await createPersona(ann);
    const none = await errorOf(await ann.request(`/api/x/user/me?personaId=${bare.id}`), 409);
    expect(none.message).toBe('No X account is connected to this persona. Connect one in the Accounts tab.');
  });
});

describe('refreshing X tokens', () => {
  let ann: Client;
  beforeAll(async () => {
    ann = await signedIn();
  });

  it('rotates the refresh token: each one is used once, and the next call uses the new one', async () => {
    const persona = await connectedPersona(ann);
    const first = await read<{ expiresAt: string }>(await post(ann, '/api/auth/x/refresh', { personaId: persona.id }));
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(7100_000);
    await read(await post(ann, '/api/auth/x/refresh', { personaId: persona.id }));
    const used = stub.state.refreshTokensPresented;
    expect(used).toHaveLength(2);
    expect(new Set(used).size).toBe(2);
    expect(stub.state.refusals).toEqual([]);
    // The stored access token is the newest one: X accepts it.
    await read(await ann.request(`/api/x/user/me?personaId=${persona.id}`));
  });

  it('gives a token 7200 s when X names no lifetime', async () => {
    stub.state.accessTokenLifetime = null;
    const persona = await connectedPersona(ann);
    const { expiresAt } = await read<{ expiresAt: string }>(
      await post(ann, '/api/auth/x/refresh', { personaId: persona.id }),
    );
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + 7200_000))).toBeLessThan(10_000);
  });

  it('says when there is no refresh token, or no account', async () => {
    stub.state.issueRefreshTokens = false;
    const persona = await connectedPersona(ann);
    const none = await errorOf(await post(ann, '/api/auth/x/refresh', { personaId: persona.id }), 409);
    expect(none.message).toBe('No refresh token available');
    const bare = await createPersona(ann);
    expect((await errorOf(await post(ann, '/api/auth/x/refresh', { personaId: bare.id }), 409)).message).toBe(
      'No X account is connected to this persona. Connect one in the Accounts tab.',
    );
  });

  it('never uses one refresh token twice when refreshes run at once, across processes too', async () => {
    const persona = await connectedPersona(ann);
    const urls = [server.url, peer?.url ?? server.url];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const client = createClient(urls[i % 2] ?? server.url, { origin: server.url });
        for (const [name, value] of ann.cookies) client.cookies.set(name, value);
        return post(client, '/api/auth/x/refresh', { personaId: persona.id });
      }),
    );
    for (const answer of answers) await read(answer);
    const used = stub.state.refreshTokensPresented;
    expect(used).toHaveLength(6);
    expect(new Set(used).size).toBe(6);
    expect(stub.state.refusals).toEqual([]);
    expect((await accountsOf(ann, persona.id))[0]?.status).toBe('active');
  });

  it('refreshes once for many publishes with an expiring token, across processes too', async () => {
    stub.state.accessTokenLifetime = 30; // inside the one-minute margin: renewed before use
    const persona = await connectedPersona(ann);
    stub.state.accessTokenLifetime = 7200;
    const publishers = [publisherOf(server), publisherOf(peer ?? server)];
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => publishers[i % 2]?.publish(persona.id, [say('At once')])),
    );
    expect(outcomes.every((o) => o?.externalIds.length === 1)).toBe(true);
    expect(stub.state.refreshTokensPresented).toHaveLength(1);
    expect(stub.state.refusals).toEqual([]);
  });

  it('refreshes and retries once when X answers 401 to a token it let expire', async () => {
    const persona = await connectedPersona(ann);
    stub.expireAccessTokens();
    const text = say('After a 401');
    const outcome = await publisherOf().publish(persona.id, [text]);
    expect(outcome.externalIds).toHaveLength(1);
    expect(stub.state.refreshTokensPresented).toHaveLength(1);
    expect(stub.state.tweets.filter((t) => t.text === text)).toHaveLength(1);
    const tries = stub.state.requests.filter((r) => r.path === '/2/tweets');
    expect(tries).toHaveLength(2);
  });

  it('marks a revoked connection as an error to reconnect, and stops calling X for it', async () => {
    const persona = await connectedPersona(ann);
    stub.revokeEverything();
    const failure = await publishFailure(persona.id, [say('Revoked')]);
    expect(failure).toMatchObject({ kind: 'auth', message: X_RECONNECT });
    expect(failure.details.postedIds).toEqual([]);
    const [account] = await accountsOf(ann, persona.id);
    expect(account).toMatchObject({ status: 'error', errorMessage: X_RECONNECT });
    const reloaded = await read<Persona>(await ann.request(`/api/personas/${persona.id}`));
    expect(reloaded.connected_accounts[0]?.status).toBe('error');

    const calls = stub.state.requests.length;
    expect(await publishFailure(persona.id, [say('Still revoked')])).toMatchObject({ kind: 'auth' });
    const refreshed = await errorOf(await post(ann, '/api/auth/x/refresh', { personaId: persona.id }), 502);
    expect(refreshed.message).toBe(`Failed to refresh token: ${X_RECONNECT}`);
    expect(stub.state.requests.length).toBe(calls);

    // Reconnecting mends it.
    await connect(ann, persona.id);
    expect((await accountsOf(ann, persona.id))[0]).toMatchObject({ status: 'active', errorMessage: null });
    await publisherOf().publish(persona.id, [say('Back')]);
  });

  it('asks for a reconnect, without calling X, when the stored tokens no longer open', async () => {
    const persona = await connectedPersona(ann);
    // As after APP_SECRET changed: the sealed value is intact but not ours.
    await server.app.database.db
      .update(platformAccounts)
      .set({ credentials: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where(eq(platformAccounts.personaId, persona.id));
    const calls = stub.state.requests.length;
    const failure = await publishFailure(persona.id, [say('Unreadable')]);
    expect(failure).toMatchObject({ kind: 'auth', message: X_RECONNECT, details: { postedIds: [] } });
    expect((await accountsOf(ann, persona.id))[0]).toMatchObject({ status: 'error', errorMessage: X_RECONNECT });
    const refreshed = await errorOf(await post(ann, '/api/auth/x/refresh', { personaId: persona.id }), 502);
    expect(refreshed.message).toBe(`Failed to refresh token: ${X_RECONNECT}`);
    expect(stub.state.requests.length).toBe(calls);
  });

  it('answers the spec text with X status when X refuses a refresh token', async () => {
    const persona = await connectedPersona(ann);
    stub.revokeEverything();
    const refused = await errorOf(await post(ann, '/api/auth/x/refresh', { personaId: persona.id }), 502);
    expect(refused.message).toBe('Failed to refresh token: 400');
    expect((await accountsOf(ann, persona.id))[0]?.status).toBe('error');
  });
});

describe('publishing to X', () => {
  let ann: Client;
  let persona: Persona;
  beforeAll(async () => {
    ann = await signedIn();
    persona = await connectedPersona(ann);
  });

  it('posts one post and links to it', async () => {
    const text = say('Hello X');
    const outcome: PublishOutcome = await publisherOf().publish(persona.id, [text]);
    const [id] = outcome.externalIds;
    expect(outcome).toEqual({ externalIds: [id], url: `https://x.com/ada_writes/status/${id}` });
    expect(stub.state.tweets.find((t) => t.id === id)).toMatchObject({
      id,
      text,
      authorId: stub.state.user.id,
      inReplyTo: null,
    });
  });

  it('posts through POST /api/personas/{id}/post, and passes a 429 on with its wait', async () => {
    const text = say('Through the route');
    const posted = await read<{ results: { platform: string; status: string; externalId: string; url: string }[] }>(
      await post(ann, `/api/personas/${persona.id}/post`, { platform: 'x', content: text }),
    );
    const [result] = posted.results;
    expect(result).toMatchObject({ platform: 'x', status: 'posted' });
    expect(result?.url).toBe(`https://x.com/ada_writes/status/${result?.externalId}`);
    expect(stub.state.tweets.filter((t) => t.text === text)).toHaveLength(1);

    stub.next('POST /2/tweets', {
      status: 429,
      headers: { 'retry-after': '15' },
      body: { title: 'Too Many Requests' },
    });
    const limited = await post(ann, `/api/personas/${persona.id}/post`, { platform: 'x', content: say('Too soon') });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('15');
    expect(await errorOf(limited, 429)).toMatchObject({ code: 'rate_limited', message: 'X: Too Many Requests' });
  });

  it("publishes a scheduled post after X's 429 wait, exactly once; a 5xx leaves it unconfirmed, a refusal failed", async () => {
    /** Schedules a post for a fresh persona (no cooldown from earlier posts) and waits for `status`. */
    const scheduleAndSettle = async (text: string, status: ScheduledItem['status']) => {
      const owner = await connectedPersona(ann);
      const runAt = new Date(Date.now() + 1000).toISOString();
      const item = await read<ScheduledItem>(
        await post(ann, '/api/schedule', { personaId: owner.id, platform: 'x', content: text, runAt }),
        201,
      );
      return until(async () => {
        const items = await read<ScheduledItem[]>(await ann.request(`/api/schedule?personaId=${owner.id}`));
        const found = items.find((i) => i.id === item.id);
        return found?.status === status ? found : undefined;
      }, 30_000);
    };
    const tweetsOf = (text: string) => stub.state.tweets.filter((t) => t.text === text);

    // 429 before sending: back to scheduled after X's wait (1 s), then posted once.
    const later = say('After the wait');
    stub.next('POST /2/tweets', { status: 429, headers: { 'retry-after': '1' }, body: { title: 'Too Many Requests' } });
    const posted = await scheduleAndSettle(later, 'posted');
    expect(posted.error).toBeNull();
    expect(tweetsOf(later)).toHaveLength(1);

    // A 5xx after sending: X may have it, so the user decides (Retry or Mark as posted).
    stub.next('POST /2/tweets', { status: 503, body: { title: 'Service Unavailable', detail: 'Over capacity' } });
    const maybe = say('Maybe out');
    const unknown = await scheduleAndSettle(maybe, 'unconfirmed');
    expect(unknown.error).toMatch(/503|Over capacity|Service Unavailable/);
    // Looked for on the account's own timeline: not there yet; then there (X answered a lost
    // answer's tweet with its link shortened): posted with its id and link.
    expect(await runJob(server, RECONCILE_POST, { postId: unknown.id, check: 0 })).toBe('not found yet');
    const [row] = await server.app.database.db.select().from(posts).where(eq(posts.id, unknown.id));
    const [account] = await server.app.database.db
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.personaId, row?.personaId ?? ''));
    const id = String(1_800_000_000_000_000_000n + BigInt(Date.now()));
    stub.state.tweets.push({
      id,
      text: `${maybe} https://t.co/abc`,
      authorId: account?.externalId ?? '',
      inReplyTo: null,
      createdAt: new Date().toISOString(),
      metrics: { like_count: 0, retweet_count: 0, reply_count: 0, quote_count: 0, impression_count: 0 },
    });
    expect(await runJob(server, RECONCILE_POST, { postId: unknown.id, check: 1 })).toBe('posted');
    const [found] = await server.app.database.db.select().from(posts).where(eq(posts.id, unknown.id));
    expect([found?.status, found?.externalId]).toEqual(['posted', id]);

    // X refused it: failed at once with X's words, no retry.
    stub.next('POST /2/tweets', {
      status: 403,
      body: { title: 'Forbidden', detail: 'You are not allowed to create a Tweet with duplicate content.' },
    });
    const refused = await scheduleAndSettle(say('Refused'), 'failed');
    expect(refused.error).toBe('You are not allowed to create a Tweet with duplicate content.');
  }, 90_000);

  it('posts a thread as a reply chain', async () => {
    const parts = [say('1/3 A thread'), say('2/3 goes on'), say('3/3 and ends')];
    const outcome = await publisherOf().publish(persona.id, parts);
    expect(outcome.externalIds).toHaveLength(3);
    const chain = stub.thread(outcome.externalIds[0] ?? '');
    expect(chain.map((t) => t.text)).toEqual(parts);
    expect(chain.map((t) => t.id)).toEqual(outcome.externalIds);
    expect(chain.map((t) => t.inReplyTo)).toEqual([null, outcome.externalIds[0], outcome.externalIds[1]]);
  });

  it('goes on from the last part posted when a token runs out midway through a thread', async () => {
    const parts = [say('1/3 Long'), say('2/3 thread'), say('3/3 done')];
    stub.next('POST /2/tweets', 'pass', { status: 401, body: { title: 'Unauthorized', detail: 'Unauthorized' } });
    const outcome = await publisherOf().publish(persona.id, parts);
    expect(stub.thread(outcome.externalIds[0] ?? '').map((t) => t.text)).toEqual(parts);
    expect(stub.state.tweets.filter((t) => parts.includes(t.text))).toHaveLength(3);
    expect(stub.state.refreshTokensPresented).toHaveLength(1);
  });

  it('reports the parts already posted when a thread fails midway, as unknown after a 5xx', async () => {
    const parts = [say('1/3 Half'), say('2/3 way'), say('3/3 never')];
    stub.next('POST /2/tweets', 'pass', {
      status: 503,
      body: { title: 'Service Unavailable', detail: 'Over capacity' },
    });
    const failure = await publishFailure(persona.id, parts);
    expect(failure.kind).toBe('unknown');
    expect(failure.details.status).toBe(503);
    const first = stub.state.tweets.find((t) => t.text === parts[0]);
    expect(failure.details.postedIds).toEqual([first?.id]);
  });

  it('maps 429 to rate_limited with the wait from X headers', async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    stub.next('POST /2/tweets', {
      status: 429,
      headers: { 'x-rate-limit-limit': '200', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    const limited = await publishFailure(persona.id, [say('Too soon')]);
    expect(limited).toMatchObject({ kind: 'rate_limited', message: 'Too Many Requests' });
    expect(limited.details.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(limited.details.retryAfterSeconds).toBeLessThanOrEqual(121);

    stub.next('POST /2/tweets', {
      status: 429,
      headers: { 'retry-after': '15' },
      body: { title: 'Too Many Requests' },
    });
    expect((await publishFailure(persona.id, [say('Still too soon')])).details.retryAfterSeconds).toBe(15);
  });

  it("rejects duplicate content with X's words", async () => {
    const text = say('Said once');
    await publisherOf().publish(persona.id, [text]);
    const duplicate = await publishFailure(persona.id, [text]);
    expect(duplicate).toMatchObject({
      kind: 'rejected',
      message: 'You are not allowed to create a Tweet with duplicate content.',
      details: { status: 403, postedIds: [] },
    });
  });

  it('limits who may reply with reply_settings on the post that starts a thread, and marks every AI-written part made_with_ai', async () => {
    const tweetOf = (id: string | undefined) => stub.state.tweets.find((t) => t.id === id);
    // Each choice as X has it: no followers-only or "nobody" setting, the nearest stands in.
    const expected = {
      everyone: undefined,
      following: 'following',
      mentioned: 'mentionedUsers',
      followers: 'following',
      nobody: 'mentionedUsers',
    } as const;
    for (const [whoCanReply, replySettings] of Object.entries(expected)) {
      const parts = [say(`1/2 ${whoCanReply}`), say(`2/2 ${whoCanReply}`)];
      const { externalIds } = await publisherOf().publish(persona.id, parts, undefined, {
        whoCanReply: whoCanReply as keyof typeof expected,
        aiWritten: true,
      });
      const [first, second] = externalIds.map(tweetOf);
      expect(first?.replySettings).toBe(replySettings);
      // The second part replies to the first: a reply cannot limit its replies.
      expect(second).toMatchObject({ inReplyTo: first?.id, madeWithAi: true });
      expect(second?.replySettings).toBeUndefined();
      expect(first?.madeWithAi).toBe(true);
    }
    // Written by a person: neither field is sent.
    const plain = await publisherOf().publish(persona.id, [say('By hand')]);
    expect(tweetOf(plain.externalIds[0])).not.toHaveProperty('madeWithAi');
    expect(tweetOf(plain.externalIds[0])).not.toHaveProperty('replySettings');
    // A reply to someone else's post never carries reply_settings.
    const parent = tweetOf(plain.externalIds[0]);
    const ref = { parent: { id: parent?.id ?? '' }, root: { id: parent?.id ?? '' } };
    const reply = await publisherOf().publish(persona.id, [say('A reply')], ref, {
      whoCanReply: 'nobody',
      aiWritten: true,
    });
    expect(tweetOf(reply.externalIds[0])).toMatchObject({ inReplyTo: parent?.id, madeWithAi: true });
    expect(tweetOf(reply.externalIds[0])).not.toHaveProperty('replySettings');
    expect(stub.state.refusals).toEqual([]);
  });

  it('publishes what automation wrote with the persona’s reply limit, made_with_ai when a model wrote it', async () => {
    const owner = await connectedPersona(ann);
    const automation = {
      ...owner.automation,
      safety: { ...owner.automation.safety, cooldownPeriods: false, whoCanReply: 'mentioned' },
    };
    await read<Persona>(await ann.request(`/api/personas/${owner.id}`, { method: 'PUT', json: { automation } }));
    const slot = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    /** A post automation wrote for a slot, due now, published by its job. */
    const automated = async (writer: string, at: Date) => {
      const text = say(`Written by ${writer}`);
      const [row] = await server.app.database.db
        .insert(posts)
        .values({
          id: crypto.randomUUID(),
          personaId: owner.id,
          platform: 'x',
          content: text,
          parts: [textPart(text)],
          status: 'scheduled',
          scheduledFor: new Date(),
          autoSlot: at,
          writer,
        })
        .returning();
      expect(await runJob(server, PUBLISH_POST, { postId: row?.id })).toBe('posted');
      return stub.state.tweets.find((t) => t.text === text);
    };
    expect(await automated('custom', slot)).toMatchObject({ replySettings: 'mentionedUsers', madeWithAi: true });
    // The offline composer fills templates: automated, not AI-written.
    const templated = await automated('offline', new Date(slot.getTime() - 3_600_000));
    expect(templated).toMatchObject({ replySettings: 'mentionedUsers' });
    expect(templated).not.toHaveProperty('madeWithAi');
  });

  it('treats a connection dropped after sending as unknown (the post may exist)', async () => {
    stub.next('POST /2/tweets', 'reset');
    expect(await publishFailure(persona.id, [say('Dropped')])).toMatchObject({ kind: 'unknown' });
  });
});

describe('automation that pauses itself when its X account answers errors (decision 035)', () => {
  /** A persona of `c` on X whose automation runs (posting on, with no slot to write). */
  async function automatedPersona(c: Client): Promise<Persona> {
    const persona = await connectedPersona(c);
    const autoPosting = {
      ...persona.automation.autoPosting,
      enabled: true,
      frequency: 'custom' as const,
      customTimes: [],
      advancedSchedule: {},
    };
    return read<Persona>(
      await c.request(`/api/personas/${persona.id}`, {
        method: 'PUT',
        json: { automation: { ...persona.automation, autoPosting } },
      }),
    );
  }
  const pauseOf = async (c: Client, personaId: string) =>
    (await read<Persona>(await c.request(`/api/personas/${personaId}`))).automation_pause;
  const notices = async (c: Client) => (await read<InAppNotificationList>(await c.request('/api/notifications'))).items;

  it('pauses after three failed posts in a row on the account (one that goes out starts again), told once', async () => {
    const owner = await signedIn();
    const persona = await automatedPersona(owner);
    const refusal = {
      status: 403,
      body: { title: 'Forbidden', detail: 'You are not permitted to perform this action.', type: 'about:blank' },
    };
    const attempt = async (outcome: 'fails' | 'goes out') => {
      if (outcome === 'fails') stub.next('POST /2/tweets', refusal);
      const sent = await post(owner, `/api/personas/${persona.id}/post`, { platform: 'x', content: say('Trying') });
      expect(sent.status, await sent.text()).toBe(outcome === 'fails' ? 502 : 200);
    };
    await attempt('fails');
    await attempt('fails');
    await attempt('goes out');
    await attempt('fails');
    await attempt('fails');
    expect(await pauseOf(owner, persona.id)).toBeNull();

    await attempt('fails');
    expect(await pauseOf(owner, persona.id)).toMatchObject({
      reason: 'account_errors',
      message:
        '3 posts or actions in a row failed on X (@ada_writes); the last: You are not permitted to perform this action.',
    });
    const notice = await until(async () =>
      (await notices(owner)).find((n) => n.title === `${persona.name}'s automation is paused`),
    );
    expect(notice.message).toContain('3 posts or actions in a row failed on X');

    // Paused, what its owner posts still goes out; a further failure pauses nothing more.
    await attempt('goes out');
    await attempt('fails');
    await readJson(await owner.request(`/api/personas/${persona.id}/automation/resume`, { method: 'POST' }), 200);
    expect(await pauseOf(owner, persona.id)).toBeNull();
    expect((await notices(owner)).filter((n) => n.title.endsWith('automation is paused'))).toHaveLength(1);
  });

  it('pauses when X refuses the connection, told in the one notice that asks for a reconnect', async () => {
    const owner = await signedIn();
    const persona = await automatedPersona(owner);
    stub.revokeEverything();
    const sent = await post(owner, `/api/personas/${persona.id}/post`, { platform: 'x', content: say('Revoked') });
    expect(sent.status, await sent.text()).toBe(502);
    expect(await pauseOf(owner, persona.id)).toMatchObject({
      reason: 'reconnect',
      message: `the connection to X (@ada_writes) needs a reconnect: ${X_RECONNECT}`,
    });
    const notice = await until(async () =>
      (await notices(owner)).find((n) => n.title.endsWith('X connection needs attention')),
    );
    expect(notice.message).toBe(
      'X connection expired or was revoked. Reconnect @ada_writes in the Accounts tab. Its automation is paused: resume it once the account is reconnected.',
    );
    expect((await notices(owner)).filter((n) => n.title.endsWith('automation is paused'))).toEqual([]);
  });
});

describe('the X adapter on its own', () => {
  const adapter = (apiUrl: string) =>
    createXApi({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      apiUrl,
      authorizeUrl: stub.authorizeUrl,
      timeoutMs: 300,
    });

  it('treats no answer in time as unknown, and a refused connection as never sent', async () => {
    stub.next('POST /2/tweets', 'hang');
    const timedOut = await adapter(stub.apiUrl)
      .postThread('any-token', ['Nobody answers'])
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(PlatformError);
    expect(timedOut).toMatchObject({ kind: 'unknown', message: 'X did not answer in time' });

    const closedPort = await freePort();
    const refused = await adapter(`http://127.0.0.1:${closedPort}`)
      .me('any-token')
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'rejected', message: 'X could not be reached (ECONNREFUSED)' });
  });
});

describe('disconnecting X', () => {
  it('deletes the connection and asks X to revoke its tokens', async () => {
    const ann = await signedIn();
    const persona = await connectedPersona(ann);
    await read(await post(ann, '/api/auth/x/refresh', { personaId: persona.id }));
    const live = [...stub.state.refreshTokens].filter(([, t]) => !t.used && !t.revoked).map(([token]) => token);
    const response = await ann.request(`/api/personas/${persona.id}/accounts/x`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await accountsOf(ann, persona.id)).toEqual([]);
    const rows = await server.app.database.db.select().from(platformAccounts);
    expect(rows.some((r) => r.personaId === persona.id)).toBe(false);
    expect(stub.state.revoked).toHaveLength(2);
    // The refresh token in force was among them: nobody can renew the connection any more.
    expect(live.filter((t) => stub.state.revoked.includes(t))).toHaveLength(1);
    expect(stub.state.refusals).toEqual([]);
  });
});

describe('without X credentials', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await build();
  });
  afterAll(() => bare?.close());

  it('answers 409 with the spec text', async () => {
    const client = createClient(bare.url);
    await signInThroughOutbox(client, `no-x.${Date.now()}@example.com`);
    const persona = await read<Persona>(await post(client, '/api/personas', { name: 'No X' }), 201);
    const start = await startRefused(client, persona.id);
    expect(start).toEqual({ code: 'conflict', message: X_NOT_CONFIGURED });
    expect(start.message).toBe('X API client ID not configured. Please check your environment variables.');
    const token = await errorOf(await post(client, '/api/auth/x/token', { code: 'c', state: 's' }), 409);
    expect(token.message).toBe(X_NOT_CONFIGURED);
    expect((await errorOf(await post(client, '/api/auth/x/refresh', { personaId: persona.id }), 409)).message).toBe(
      X_NOT_CONFIGURED,
    );
    // Any account: without X credentials the adapter answers before looking at it.
    const account = {
      id: crypto.randomUUID(),
      personaId: persona.id,
      externalId: '1',
      username: 'nobody',
      authMethod: 'oauth',
      credentials: null,
      status: 'active',
      errorMessage: null,
    };
    const published = await bare.app.adapters.x.publish(account, [textPart('Hi')]).catch((e: unknown) => e);
    expect(published).toMatchObject({ kind: 'rejected', message: X_NOT_CONFIGURED });
  });
});

describe('reading X metrics', () => {
  /** Runs a sync of the account as the worker does, and answers what it did. */
  async function sync(accountId: string): Promise<unknown> {
    const id = await server.app.jobs.send(SYNC_METRICS, { accountId, force: true });
    return until(async () => {
      const job = await server.app.jobs.boss.getJobById(SYNC_METRICS, id ?? '');
      if (job?.state === 'failed') throw new Error(`sync failed: ${JSON.stringify(job.output)}`);
      return job?.state === 'completed' ? (job.output as { value: unknown }).value : undefined;
    });
  }
  const accountRow = async (personaId: string) => {
    const [row] = await server.app.database.db
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.personaId, personaId));
    if (!row) throw new Error('no account');
    return row;
  };

  it('keeps the followers and every tweet’s counts, page by page, counts the billed reads, and fills the card', async () => {
    const ann = await signedIn();
    const persona = await connectedPersona(ann);
    const row = await accountRow(persona.id);
    // Tweets made elsewhere count too: 150 older ones (two pages of 100), then one through Plume.
    const start = Date.now() - 5 * 86_400_000;
    for (let i = 0; i < 150; i++) {
      stub.state.tweets.push({
        id: String(1_700_000_000_000_000_000n + BigInt(i)),
        text: `Elsewhere ${i}`,
        authorId: row.externalId,
        inReplyTo: null,
        createdAt: new Date(start + i * 60_000).toISOString(),
        metrics: { like_count: 1, retweet_count: 0, reply_count: 0, quote_count: 0, impression_count: 10 },
      });
    }
    const content = say('Counted');
    await read(await post(ann, `/api/personas/${persona.id}/post`, { platform: 'x', content }));
    const mine = stub.state.tweets.find((t) => t.text === content);
    if (!mine) throw new Error('not posted');
    mine.metrics = { like_count: 51, retweet_count: 20, reply_count: 5, quote_count: 4, impression_count: 900 };
    stub.resetRecords();

    expect(await sync(row.id)).toBe('synced');
    // users/me, then the timeline page by page (100 a page): every billed read counted.
    const pages = Math.ceil(
      stub.state.tweets.filter(
        (t) => t.authorId === row.externalId && Date.parse(t.createdAt) >= Date.now() - 90 * 86_400_000,
      ).length / 100,
    );
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(stub.state.requests.map((r) => r.path).filter((p) => p !== '/2/oauth2/token')).toEqual([
      '/2/users/me',
      ...Array.from({ length: pages }, () => `/2/users/${row.externalId}/tweets`),
    ]);
    const [snapshot] = await server.app.database.db
      .select()
      .from(accountSnapshots)
      .where(eq(accountSnapshots.accountId, row.id))
      .orderBy(desc(accountSnapshots.readAt))
      .limit(1);
    expect(snapshot).toMatchObject({ followers: 1234, following: 56, posts: 789, reads: 1 + pages });
    // What the metrics cost on X is told to the user (/usage).
    const usage = await read<UsageSummary>(await ann.request('/api/usage'));
    expect(usage.xReads).toEqual({ last30Days: 1 + pages, mentions: 0, accounts: 1 });
    // Every tweet of the account's in the first sync's 90 days is kept: the 150, Plume's, and those earlier tests made.
    const inWindow = stub.state.tweets.filter(
      (t) => t.authorId === row.externalId && Date.parse(t.createdAt) >= Date.now() - 90 * 86_400_000,
    );
    const kept = await server.app.database.db.select().from(postMetrics).where(eq(postMetrics.accountId, row.id));
    expect(kept).toHaveLength(inWindow.length);
    const ours = kept.find((p) => p.externalId === mine.id);
    expect(ours).toMatchObject({ likes: 51, reposts: 20, replies: 5, quotes: 4, impressions: 900 });
    expect(ours?.postId).not.toBeNull();

    // The card: followers and posts as X counts them; averages over the tweets read (decision 020).
    const sum = (pick: (m: (typeof inWindow)[number]['metrics']) => number) =>
      inWindow.reduce((total, t) => total + pick(t.metrics), 0);
    const n = inWindow.length;
    const round1 = (value: number) => Math.round(value * 10) / 10;
    const card = await read<Persona>(await ann.request(`/api/personas/${persona.id}`));
    expect(card.stats).toEqual({
      followers: 1234,
      totalTweets: 789,
      avgLikes: round1(sum((m) => m.like_count) / n),
      avgRetweets: round1(sum((m) => m.retweet_count) / n),
      engagementRate: round1(
        (sum((m) => m.like_count + m.retweet_count + m.reply_count + m.quote_count) / n / 1234) * 100,
      ),
    });
    expect(card.recent_tweets[0]).toMatchObject({ content, likes: 51, retweets: 20 });
  });

  it('waits longer after each failed read while X errs, and a good read clears the wait', async () => {
    const ann = await signedIn();
    const persona = await connectedPersona(ann);
    const row = await accountRow(persona.id);
    const interval = { x: 60_000, bluesky: 60_000 };
    const dueAt = (at: number) =>
      createMetricsRepository(server.app.database.db).dueAccounts(new Date(at), interval, 10_000);
    const unavailable = { status: 503, body: { title: 'Service Unavailable' } };

    stub.next('GET /2/users/me', unavailable);
    expect(await sync(row.id)).toBe('unavailable');
    let account = await accountRow(persona.id);
    expect(account.metricsFailures).toBe(1);
    const firstWait = (account.metricsRetryAt?.getTime() ?? 0) - Date.now();
    expect(firstWait).toBeGreaterThan(4 * 60_000);
    expect(firstWait).toBeLessThanOrEqual(5 * 60_000);
    // The scheduled sync leaves it alone until the wait is over.
    expect(await dueAt(Date.now())).not.toContain(row.id);
    expect(await dueAt(Date.now() + 5 * 60_000 + 1_000)).toContain(row.id);

    stub.next('GET /2/users/me', unavailable);
    expect(await sync(row.id)).toBe('unavailable');
    account = await accountRow(persona.id);
    expect(account.metricsFailures).toBe(2);
    expect((account.metricsRetryAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await dueAt(Date.now() + 5 * 60_000 + 1_000)).not.toContain(row.id);

    expect(await sync(row.id)).toBe('synced');
    account = await accountRow(persona.id);
    expect(account).toMatchObject({ metricsFailures: 0, metricsRetryAt: null, status: 'active' });
  });

  it('waits for X’s reset after a 429, and asks for a reconnect when the tokens are revoked', async () => {
    const ann = await signedIn();
    const persona = await connectedPersona(ann);
    const row = await accountRow(persona.id);
    const reset = Math.floor(Date.now() / 1000) + 120;
    stub.next('GET /2/users/me', {
      status: 429,
      body: { title: 'Too Many Requests' },
      headers: { 'x-rate-limit-reset': String(reset) },
    });
    expect(await sync(row.id)).toBe('rate limited');
    // Both drivers answer raw SQL with its rows under `rows`.
    const waiting = (await server.app.database.db.execute(
      sql`select start_after from pgboss.job where name = ${SYNC_METRICS} and singleton_key = ${row.id} and state = 'created'`,
    )) as unknown as { rows: { start_after: string | Date }[] };
    const [queued] = waiting.rows;
    const startAfter = new Date(queued?.start_after ?? 0).getTime();
    expect(startAfter).toBeGreaterThan(Date.now() + 100_000);
    expect(startAfter).toBeLessThanOrEqual(reset * 1000 + 1000);

    stub.revokeEverything();
    expect(await sync(row.id)).toBe('needs reconnect');
    expect((await accountsOf(ann, persona.id))[0]).toMatchObject({ status: 'error', errorMessage: X_RECONNECT });
    // An account in error is not read again until it is reconnected.
    stub.resetRecords();
    expect(await sync(row.id)).toBe('needs reconnect');
    expect(stub.state.requests).toEqual([]);
  });
  it('counts what X bills where it is spent: each post (one with a link at its price), each post and profile an answer returned; the accounts and /api/usage show it', async () => {
    const ann = await signedIn();
    // An X account of this test's own: the figures are its alone (the budget counts the account, not the persona).
    const before = stub.state.user;
    stub.state.user = { ...before, id: '1460000000000000099', username: 'budgeted' };
    try {
      const persona = await connectedPersona(ann);
      const row = await accountRow(persona.id);
      for (let i = 0; i < 3; i++) {
        stub.state.tweets.push({
          id: String(1_700_000_000_000_990_000n + BigInt(i)),
          text: `Budgeted elsewhere ${i}`,
          authorId: row.externalId,
          inReplyTo: null,
          createdAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
          metrics: { like_count: 0, retweet_count: 0, reply_count: 0, quote_count: 0, impression_count: 0 },
        });
      }
      await read(
        await post(ann, `/api/personas/${persona.id}/post`, {
          platform: 'x',
          content: say('Read this: https://example.com/budget'),
        }),
      );
      expect(await sync(row.id)).toBe('synced');
      // The sign-in's users/me and the sync's; the post with its link; the timeline's four posts.
      const spend = { userReads: 2, posts: 1, linkPosts: 1, postReads: 4 };
      const [account] = await accountsOf(ann, persona.id);
      expect(account?.spend).toEqual({ today: spend, month: spend });
      const usage = await read<UsageSummary>(await ann.request('/api/usage'));
      expect(usage.budgets).toEqual([
        {
          personaId: persona.id,
          personaName: persona.name,
          platform: 'x',
          username: 'budgeted',
          today: spend,
          month: spend,
        },
      ]);
      // At X's prices: $0.20 the post with a link, $0.005 a post read, $0.010 a profile read.
      expect(estimatedCostUsd('x', spend)).toBe(0.24);
    } finally {
      stub.state.user = before;
    }
  });
});

describe('replies on X (decision 022)', () => {
  const bob = { id: '1460000000000000777', username: 'bob_reads' };
  const carol = { id: '1460000000000000888', username: 'carol_quotes' };
  /** X endpoints Plume must never call: likes, follows, reposts (X's 2026 rules). */
  const FORBIDDEN = /\/(likes|following|retweets)\b/;

  async function replyingPersona(c: Client) {
    const persona = await connectedPersona(c);
    const automation = {
      ...persona.automation,
      autoReplies: { ...persona.automation.autoReplies, enabled: true, publishWithoutReview: true },
      engagement: {
        ...persona.automation.engagement,
        enabled: true,
        autoLike: { ...persona.automation.engagement.autoLike, enabled: true, targetAccounts: [bob.username] },
        autoRetweet: { ...persona.automation.engagement.autoRetweet, enabled: true, keywordFilter: ['rust'] },
        autoFollow: { ...persona.automation.engagement.autoFollow, enabled: true },
      },
      safety: { ...persona.automation.safety, humanLikePatterns: false, cooldownPeriods: false },
    };
    await read(await c.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { automation } }));
    const [row] = await server.app.database.db
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.personaId, persona.id));
    if (!row) throw new Error('no account');
    // Saved into replying, the persona's account is read at once: that first read is over before the test's own.
    await until(async () => {
      const [cursor] = await server.app.database.db
        .select()
        .from(mentionCursors)
        .where(eq(mentionCursors.accountId, row.id));
      return cursor?.checkedAt ? true : undefined;
    });
    return { persona, row };
  }

  const reviewQueue = async (c: Client, personaId: string) =>
    read<ScheduledItem[]>(await c.request(`/api/schedule?status=pending_review&personaId=${personaId}`));
  const mentionReads = () => stub.state.requests.filter((r) => r.path.endsWith('/mentions'));

  it('reads mentions after since_id, drafts a reply to each for approval (never without), and threads it under the mention', async () => {
    const ann = await signedIn();
    const { persona, row } = await replyingPersona(ann);
    const me = stub.state.users.get(row.externalId);
    if (!me) throw new Error('no X user');
    const asked = stub.tweetAs(bob, `@${me.username} what do you think about Rust for a first project?`);
    stub.tweetAs(bob, 'A tweet that names nobody.');
    stub.resetRecords();
    const billed = async () => (await accountsOf(ann, persona.id))[0]?.spend?.month ?? {};
    const before = await billed();

    expect(await runJob(server, CHECK_MENTIONS, { accountId: row.id })).toBe('checked');
    // A first read looks back an hour (start_time), not at the whole history.
    expect(mentionReads()).toHaveLength(1);
    // X bills the answer's post and its author's profile (decision 033).
    const after = await billed();
    expect([
      (after.postReads ?? 0) - (before.postReads ?? 0),
      (after.userReads ?? 0) - (before.userReads ?? 0),
    ]).toEqual([1, 1]);
    let drafts = await reviewQueue(ann, persona.id);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      platform: 'x',
      status: 'pending_review',
      replyTo: { author: bob.username, text: asked.text, url: `https://x.com/${bob.username}/status/${asked.id}` },
    });

    // Looked at again, after since_id: nothing new, nothing drafted twice.
    stub.resetRecords();
    expect(await runJob(server, CHECK_MENTIONS, { accountId: row.id })).toBe('checked');
    expect(await reviewQueue(ann, persona.id)).toHaveLength(1);
    // The cursor is the newest mention's id, kept in the database.
    const [cursor] = await server.app.database.db
      .select()
      .from(mentionCursors)
      .where(eq(mentionCursors.accountId, row.id));
    expect(cursor?.cursor).toBe(asked.id);

    // A quote of the persona's own tweet is a mention too.
    const content = `Shipping small things, every day ${Date.now()}`;
    await read(await post(ann, `/api/personas/${persona.id}/post`, { platform: 'x', content }));
    const mine = stub.state.tweets.find((t) => t.text === content);
    stub.tweetAs(carol, 'This is the right way to work.', { quoteOf: mine?.id ?? '' });
    expect(await runJob(server, CHECK_MENTIONS, { accountId: row.id })).toBe('checked');
    drafts = await reviewQueue(ann, persona.id);
    expect(drafts.map((d) => d.replyTo?.author).sort()).toEqual([bob.username, carol.username]);

    // Approved, the reply goes out threaded under the mention (in_reply_to), once.
    const toBob = drafts.find((d) => d.replyTo?.author === bob.username);
    await read(await post(ann, `/api/review/${toBob?.id}/approve`, { now: true }));
    const sent = await until(async () => {
      const items = await read<ScheduledItem[]>(await ann.request(`/api/schedule?personaId=${persona.id}`));
      const item = items.find((i) => i.id === toBob?.id);
      return item?.status === 'posted' ? item : undefined;
    });
    const reply = stub.state.tweets.find((t) => t.id === sent.url?.split('/').pop());
    expect(reply).toMatchObject({ authorId: row.externalId, inReplyTo: asked.id, text: toBob?.content });
    expect(stub.state.refusals).toEqual([]);

    // The billed reads are counted where the user sees what X costs.
    const usage = await read<UsageSummary>(await ann.request('/api/usage'));
    expect(usage.xReads.mentions).toBeGreaterThanOrEqual(3);

    // Engagement on X does nothing: its likes, follows and reposts are never called.
    expect(await runJob(server, ENGAGE, { personaId: persona.id })).toBe('off');
    expect(stub.state.requests.filter((r) => FORBIDDEN.test(r.path))).toEqual([]);
  });

  it('waits for X’s reset after a 429, keeping its cursor', async () => {
    const ann = await signedIn();
    const { row } = await replyingPersona(ann);
    const cursorOf = async () =>
      (await server.app.database.db.select().from(mentionCursors).where(eq(mentionCursors.accountId, row.id)))[0];
    const before = await cursorOf();
    const reset = Math.ceil(Date.now() / 1000) + 900;
    stub.next('GET /2/users/:id/mentions', {
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: { 'x-rate-limit-reset': String(reset), 'x-rate-limit-remaining': '0' },
    });
    expect(await runJob(server, CHECK_MENTIONS, { accountId: row.id })).toBe('rate limited');
    const cursor = await cursorOf();
    expect(Math.abs((cursor?.nextCheckAt.getTime() ?? 0) - reset * 1000)).toBeLessThan(5_000);
    expect(cursor).toMatchObject({ cursor: before?.cursor, failures: 1 });
  });
});
