import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type DataExport,
  type DataExportState,
  type InAppNotificationList,
  type Persona,
  type ScheduledItem,
  textPart,
} from '@plume/core';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/crypto/secret-box';
import {
  accountSnapshots,
  apiTokens,
  automationActions,
  automationLog,
  idempotencyKeys,
  inAppNotifications,
  mentions,
  opportunityDismissals,
  platformAccounts,
  platformSpend,
  postMetrics,
  posts,
  sourceChecks,
  sourceItems,
} from '../src/db/schema';
import { CLEANUP_EXPIRED } from '../src/jobs/cleanup-expired';
import { createXStub } from './fakes/x';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signedInUser } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

/*
 * Your data (issue 34): a user with everything Plume keeps (personas and versions, posts of several
 * statuses, sources and their items, metrics, notifications, images, tags, X and Bluesky accounts
 * on the X contract fake and a real local PDS, API tokens, idempotency keys, settings) exports it
 * as one zip that holds their data and none of their secrets, then deletes the account through
 * the e-mail's link: afterwards no row of any table of the database (walked from the catalogue, so
 * a table added later is walked too) names them or anything of theirs, the networks were asked to
 * revoke their connections, their sessions are over; a second user with the same is untouched.
 */

const CLIENT_ID = 'plume-your-data-client';
const CLIENT_SECRET = 'plume-your-data-client-secret';
const stub = createXStub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
let bsky: BlueskyNetwork;
let server: TestServer;

beforeAll(async () => {
  await stub.listen();
  bsky = await startBlueskyNetwork();
  server = await build({
    X_CLIENT_ID: CLIENT_ID,
    X_CLIENT_SECRET: CLIENT_SECRET,
    X_API_URL: stub.apiUrl,
    X_AUTHORIZE_URL: stub.authorizeUrl,
    X_METRICS_SYNC_MINUTES: '0',
    ...bsky.env,
  });
  stub.state.redirectUris.push(`${server.url}/x/callback`);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await bsky?.close();
  await stub.close();
});

const db = () => server.app.database.db;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Populated = Awaited<ReturnType<typeof populate>>;

/** A user with one of everything; `name` marks their data (persona names, texts). */
async function populate(name: string, xUserId: string) {
  const client = await signedInUser(server.url, name);
  const me = await readJson<{ id: string }>(await client.request('/api/me'), 200);
  const profile = await readJson<{ email: string }>(await client.request('/api/me/profile'), 200);
  await readJson(
    await client.request('/api/me/profile', {
      method: 'PATCH',
      json: { username: `${name}-${xUserId.slice(-4)}`, timeZone: 'Europe/Paris' },
    }),
    200,
  );
  await readJson(
    await client.request('/api/me/notifications', {
      method: 'PUT',
      json: { postFailed: true, postPublished: true, accountAttention: true, weeklySummary: true },
    }),
    200,
  );
  await readJson(await client.request('/api/waitlist', { method: 'POST', json: { email: profile.email } }), 201);
  const tag = await readJson<{ id: string }>(
    await client.request('/api/tags', { method: 'POST', json: { name: `${name}-tag`, color: 'blue' } }),
    201,
  );
  const persona = await readJson<Persona>(
    await client.request('/api/personas', {
      method: 'POST',
      json: { name: `${name}-persona`, is_active: false, tags: [tag.id] },
    }),
    201,
  );
  // A conversation with the persona (the offline composer answers: no AI settings yet).
  await readJson(
    await client.request('/api/chat', {
      method: 'POST',
      json: { prompt: 'What will you post?', personaId: persona.id },
    }),
    200,
  );
  const aiKey = `sk-${name}-secret-ai-key-${Math.random().toString(36).slice(2)}`;
  await readJson(
    await client.request('/api/settings/ai', {
      method: 'PUT',
      json: { provider: 'openai', model: 'gpt-4o', apiKey: aiKey },
    }),
    200,
  );
  // A second version.
  await readJson(
    await client.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { name: `${name}-persona-v2` } }),
    200,
  );

  // X, through the contract fake, as this user's own X account.
  stub.state.user = { ...stub.state.user, id: xUserId, username: `${name}_on_x` };
  const started = await client.request(`/api/oauth/x?personaId=${persona.id}&popupId=popup-1`);
  const atX = await fetch(new URL(started.headers.get('location') ?? ''), { redirect: 'manual' });
  const callback = new URL(atX.headers.get('location') ?? '');
  await readJson(
    await client.request('/api/auth/x/token', {
      method: 'POST',
      json: {
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
        personaId: persona.id,
      },
    }),
    200,
  );
  const xTokens = [...stub.state.accessTokens.entries(), ...stub.state.refreshTokens.entries()]
    .filter(([, t]) => t.userId === xUserId)
    .map(([token]) => token);

  // Bluesky, on the local PDS, by app password.
  const account = await bsky.createAccount(name);
  await readJson(
    await client.request(`/api/personas/${persona.id}/accounts/bluesky/app-password`, {
      method: 'POST',
      json: { handle: account.handle, appPassword: account.appPassword },
    }),
    200,
  );
  const connections = await db().select().from(platformAccounts).where(eq(platformAccounts.personaId, persona.id));
  const xRow = connections.find((c) => c.platform === 'x');
  const bskyRow = connections.find((c) => c.platform === 'bluesky');
  if (!xRow || !bskyRow) throw new Error('not connected');

  // Posts: a draft waiting for review, one scheduled (a job waits for it), one posted, one failed.
  const draft = await readJson<ScheduledItem>(
    await client.request('/api/review', {
      method: 'POST',
      json: { personaId: persona.id, platform: 'x', content: `${name} draft waiting for review` },
    }),
    201,
  );
  const scheduled = await readJson<ScheduledItem>(
    await client.request('/schedule', {
      method: 'POST',
      json: {
        personaId: persona.id,
        platform: 'x',
        content: `${name} scheduled for tomorrow`,
        runAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
    201,
  );
  const postedId = crypto.randomUUID();
  const failedId = crypto.randomUUID();
  await db()
    .insert(posts)
    .values([
      {
        id: postedId,
        personaId: persona.id,
        platform: 'bluesky' as const,
        content: `${name} posted yesterday`,
        parts: [textPart(`${name} posted yesterday`)],
        status: 'posted' as const,
        externalId: `at://${account.did}/app.bsky.feed.post/${name}1`,
        postedAt: new Date(Date.now() - 86_400_000),
      },
      {
        id: failedId,
        personaId: persona.id,
        platform: 'x' as const,
        content: `${name} failed post`,
        parts: [textPart(`${name} failed post`)],
        status: 'failed' as const,
        error: 'X refused it',
      },
    ]);
  // Metrics, sources, mentions, automation, notifications, dismissals, idempotency keys.
  const now = new Date();
  await db()
    .insert(postMetrics)
    .values({
      accountId: bskyRow.id,
      externalId: `at://${account.did}/app.bsky.feed.post/${name}1`,
      personaId: persona.id,
      platform: 'bluesky',
      postId: postedId,
      text: `${name} posted yesterday`,
      postedAt: now,
      likes: 4,
      reposts: 1,
      replies: 0,
      quotes: 0,
      readAt: now,
    });
  await db().insert(accountSnapshots).values({
    id: crypto.randomUUID(),
    accountId: xRow.id,
    personaId: persona.id,
    platform: 'x',
    readAt: now,
    followers: 1234,
    following: 56,
    posts: 789,
  });
  await db()
    .insert(platformSpend)
    .values({ platform: 'x', accountId: xUserId, spanMinutes: 60, startsAt: now, meter: 'userReads', amount: 3 });
  await db()
    .insert(sourceItems)
    .values({
      id: crypto.randomUUID(),
      personaId: persona.id,
      sourceUrl: `https://example.com/${name}.xml`,
      title: `${name} source item`,
    });
  await db()
    .insert(sourceChecks)
    .values({ personaId: persona.id, sourceUrl: `https://example.com/${name}.xml`, nextCheckAt: now });
  await db()
    .insert(mentions)
    .values({
      id: crypto.randomUUID(),
      personaId: persona.id,
      accountId: bskyRow.id,
      platform: 'bluesky',
      externalId: `at://did:plc:someone/app.bsky.feed.post/${name}`,
      kind: 'mention',
      authorId: 'did:plc:someone',
      authorHandle: 'someone.test',
      text: `hello ${name}`,
      ref: { cid: 'bafy', rootUri: null, rootCid: null } as never,
      threadId: `at://did:plc:someone/app.bsky.feed.post/${name}`,
      receivedAt: now,
    });
  const actionId = crypto.randomUUID();
  await db()
    .insert(automationActions)
    .values({ id: actionId, personaId: persona.id, kind: 'like', platform: 'bluesky', subject: `at://x/${name}` });
  await db()
    .insert(automationLog)
    .values({
      id: crypto.randomUUID(),
      personaId: persona.id,
      event: 'published',
      message: `${name} published`,
      postId: postedId,
      actionId,
    });
  await db()
    .insert(inAppNotifications)
    .values({
      id: crypto.randomUUID(),
      workspaceId: me.id,
      personaId: persona.id,
      kind: 'engagement_spike',
      severity: 'success',
      title: `${name} spike`,
      message: 'Likes are up',
      dedupeKey: `test:${name}`,
    });
  await db()
    .insert(opportunityDismissals)
    .values({ workspaceId: me.id, key: `mentions:${persona.id}`, through: now });
  await db()
    .insert(idempotencyKeys)
    .values({ userId: me.id, key: `${name}-key`, route: 'POST /api/review', requestHash: 'abc', status: 201 });

  // An image, and a personal API token.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'dot.png');
  const image = await readJson<{ id: string }>(await client.request('/api/media', { method: 'POST', body: form }), 201);
  const { secret: apiToken } = await readJson<{ secret: string }>(
    await client.request('/api/me/tokens', { method: 'POST', json: { name: `${name} script` } }),
    201,
  );

  // A webhook endpoint (this machine's loopback, never called here): its signing secret stays out.
  const { secret: webhookSecret } = await readJson<{ secret: string }>(
    await client.request('/api/webhooks', {
      method: 'POST',
      json: { url: 'http://127.0.0.1:9/hook', events: ['post.published'] },
    }),
    201,
  );

  const [tokenRow] = await db().select().from(apiTokens).where(eq(apiTokens.userId, me.id));
  const sessionCookie = [...client.cookies.entries()].find(([k]) => k.includes('session_token'))?.[1] ?? '';
  return {
    client,
    userId: me.id,
    email: profile.email,
    persona,
    posts: [draft.id, scheduled.id, postedId, failedId],
    xUserId,
    xRow,
    bskyRow,
    bskyAccount: account,
    image: image.id,
    secrets: [
      apiToken,
      tokenRow?.tokenHash ?? 'no hash',
      aiKey,
      account.appPassword,
      account.password,
      decodeURIComponent(sessionCookie).split('.')[0] ?? 'no cookie',
      xRow.credentials ?? 'no x credentials',
      bskyRow.credentials ?? 'no bluesky credentials',
      ...xTokens,
      webhookSecret,
    ],
  };
}

/** Every table of the database (both schemas: Plume's and the job queue's), from the catalogue. */
async function everyTable(): Promise<string[]> {
  const found = (await db().execute(sql`
    select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'pgboss', 'drizzle')
    order by 1, 2`)) as unknown as { rows: { table_schema: string; table_name: string }[] };
  return found.rows.map((r) => `"${r.table_schema}"."${r.table_name}"`);
}

/** The identifiers that mark a user's rows: their id, e-mail, and the ids of everything of theirs. */
async function marksOf(user: Populated): Promise<string[]> {
  const ids = (query: ReturnType<typeof sql>) =>
    db()
      .execute(query)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
  const personaIds = await ids(sql`select id from personas where workspace_id = ${user.userId}`);
  return [
    user.userId,
    user.email,
    user.persona.id,
    ...personaIds,
    ...user.posts,
    user.xRow.id,
    user.bskyRow.id,
    user.xUserId,
    user.bskyAccount.did,
    user.image,
  ];
}

/** Rows of each table whose any column (cast to text: ids, JSON payloads, keys) holds one of `marks`. */
async function rowsNaming(marks: string[]): Promise<Record<string, number>> {
  const pattern = marks.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const counts: Record<string, number> = {};
  for (const table of await everyTable()) {
    const result = (await db().execute(
      sql`select count(*)::int as n from ${sql.raw(table)} as t where t::text ~* ${pattern}`,
    )) as unknown as { rows: { n: number }[] };
    counts[table] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

async function readyExport(client: Client): Promise<DataExport> {
  return until(async () => {
    const { export: found } = await readJson<DataExportState>(await client.request('/api/account/export'), 200);
    return found?.status === 'ready' ? found : undefined;
  }, 60_000);
}

describe('your data', () => {
  let ann: Populated;
  let bob: Populated;

  beforeAll(async () => {
    ann = await populate('ann', '1460000000000000101');
    bob = await populate('bob', '1460000000000000202');
  }, 180_000);

  it('exports everything of the user as one zip, with a notification and an e-mail, and no secret in it', async () => {
    // A workspace of their own besides the personal one: both are listed, with their role.
    const agency = await readJson<{ id: string }>(
      await ann.client.request('/api/workspaces', { method: 'POST', json: { name: 'ann agency' } }),
      201,
    );
    const first = await ann.client.request('/api/account/export', { method: 'POST' });
    expect(first.status).toBe(202);
    const started = (await first.json()) as DataExport;
    expect(started).toMatchObject({ status: 'preparing', downloadUrl: null });
    // While it is prepared, asking again answers the same one.
    const again = await ann.client.request('/api/account/export', { method: 'POST' });
    const second = (await again.json()) as DataExport;
    if (again.status === 200) expect(second.id).toBe(started.id);
    else expect(again.status).toBe(202);
    const preparing = (await db().execute(
      sql`select count(*)::int as n from data_exports where user_id = ${ann.userId} and status = 'preparing'`,
    )) as unknown as { rows: { n: number }[] };
    expect(preparing.rows[0]?.n).toBeLessThanOrEqual(1);

    const ready = await readyExport(ann.client);
    expect(ready.downloadUrl).toBe(`/api/account/export/${ready.id}`);
    expect(new Date(ready.expiresAt ?? 0).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // Told in the app and by e-mail, with the download link.
    const inbox = await readJson<InAppNotificationList>(await ann.client.request('/api/notifications'), 200);
    expect(inbox.items.some((n) => n.kind === 'data_export' && n.title === 'Your data is ready to download')).toBe(
      true,
    );
    const outbox = (await (await ann.client.request('/api/dev/outbox')).json()) as {
      to: string;
      subject: string;
      url: string;
    }[];
    const mail = outbox.find((m) => m.to === ann.email && m.subject === 'Your Plume data is ready to download');
    expect(mail?.url).toBe(`${server.url}/api/account/export/${ready.id}`);

    // Its owner only: another user and nobody get nothing.
    expect((await bob.client.request(ready.downloadUrl ?? '')).status).toBe(404);
    expect((await createClient(server.url).request(ready.downloadUrl ?? '')).status).toBe(401);
    const download = await ann.client.request(ready.downloadUrl ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await download.arrayBuffer());
    expect(zip.length).toBe(ready.bytes);

    const files = unzipSync(new Uint8Array(zip));
    const text = (name: string) => Buffer.from(files[name] ?? new Uint8Array()).toString('utf8');
    const json = (name: string) => JSON.parse(text(name)) as Record<string, unknown>[];
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        'personas.json',
        'persona-versions.json',
        'posts.json',
        'post-history.json',
        'post-metrics.json',
        'account-snapshots.json',
        'connected-accounts.json',
        'source-items.json',
        'notifications.json',
        'tags.json',
        'media.json',
        `media/${ann.image}.png`,
        'api-tokens.json',
        'workspaces.json',
      ]),
    );
    expect(text('README.txt')).toContain('posts.json:');
    expect((JSON.parse(text('profile.json')) as { user: { email: string } }).user.email).toBe(ann.email);
    expect(json('personas.json').map((p) => p.name)).toEqual(['ann-persona-v2']);
    expect(json('persona-versions.json').length).toBeGreaterThanOrEqual(2);
    expect(
      json('posts.json')
        .map((p) => p.status)
        .sort(),
    ).toEqual(['failed', 'pending_review', 'posted', 'scheduled']);
    // Each post's history as the API shows it: the draft was sent to review, the other scheduled.
    const [draftId, scheduledId] = ann.posts;
    const history = json('post-history.json');
    expect(history.filter((h) => h.postId === draftId).map((h) => [h.action, h.actorKind])).toEqual([
      ['wrote', 'person'],
      ['submitted', 'person'],
    ]);
    expect(history.filter((h) => h.postId === scheduledId).map((h) => h.action)).toEqual(['wrote', 'scheduled']);
    expect(json('workspaces.json')).toEqual([
      { id: ann.userId, name: expect.any(String), role: 'owner' },
      { id: agency.id, name: 'ann agency', role: 'owner' },
    ]);
    expect(json('webhooks.json').map((w) => w.url)).toEqual(['http://127.0.0.1:9/hook']);
    expect(json('post-metrics.json')).toHaveLength(1);
    expect(json('account-snapshots.json')).toHaveLength(1);
    expect(
      json('connected-accounts.json')
        .map((a) => a.platform)
        .sort(),
    ).toEqual(['bluesky', 'x']);
    expect(json('source-items.json').map((i) => i.title)).toEqual(['ann source item']);
    expect(json('notifications.json').some((n) => n.title === 'ann spike')).toBe(true);
    expect(json('tags.json').map((t) => t.name)).toEqual(['ann-tag']);
    expect(json('media.json')).toMatchObject([{ id: ann.image, file: `media/${ann.image}.png` }]);
    expect(json('api-tokens.json')).toHaveLength(1);
    expect(json('conversations.json').length).toBeGreaterThan(0);

    // Nothing of Bob's, and none of Ann's secrets, anywhere in the archive.
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    for (const mark of [bob.userId, bob.email, bob.persona.id, 'bob-persona']) expect(everything).not.toContain(mark);
    for (const secret of ann.secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(everything, `a secret in the archive: ${secret.slice(0, 6)}…`).not.toContain(secret);
      expect(zip.toString('latin1')).not.toContain(secret);
    }
  }, 120_000);

  it('deletes the account through the e-mail link: no row of the user left in any table, connections revoked, sessions over', async () => {
    // Bob's export too, so that the deletion has an archive of someone else's to leave alone.
    await readJson(await bob.client.request('/api/account/export', { method: 'POST' }), 202);
    await readyExport(bob.client);
    const bobMarks = await marksOf(bob);
    const annMarks = await marksOf(ann);
    const exportIds = (
      (await db().execute(sql`select id from data_exports where user_id = ${ann.userId}`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id);
    annMarks.push(...exportIds);
    expect(Object.keys(nonZero(await rowsNaming(annMarks))).length).toBeGreaterThan(15);
    const bobBefore = nonZero(await rowsNaming(bobMarks));
    expect(Object.keys(bobBefore).length).toBeGreaterThan(15);
    const sealedBluesky = ann.bskyRow.credentials ?? '';
    const appSecret = readFileSync(path.join(server.dataDir, 'app-secret'), 'utf8').trim();
    const annSession = JSON.parse(createSecretBox(appSecret).open(sealedBluesky, 'bluesky-app-password')) as {
      session: { refreshJwt: string; accessJwt: string; did: string; handle: string; active: boolean };
    };

    // Asked: nothing is deleted yet, an e-mail carries the link.
    const asked = await readJson<{ email: string; expiresInMinutes: number }>(
      await ann.client.request('/api/account/delete', { method: 'POST' }),
      200,
    );
    expect(asked).toEqual({ email: ann.email, expiresInMinutes: 60 });
    expect((await ann.client.request('/api/me')).status).toBe(200);
    const outbox = (await (await ann.client.request('/api/dev/outbox')).json()) as {
      to: string;
      subject: string;
      url: string;
    }[];
    const mail = outbox.find((m) => m.to === ann.email && m.subject === 'Confirm the deletion of your Plume account');
    const link = new URL(mail?.url ?? '');
    expect(link.pathname).toBe('/account/delete');
    const token = link.searchParams.get('token') ?? '';
    // The link opens the web app's confirmation page; its button sends the token.
    expect((await fetch(link)).status).toBe(200);
    const wrong = await readJson<{ error: { details: { field: string }[] } }>(
      await createClient(server.url).request('/api/account/delete/confirm', {
        method: 'POST',
        json: { token: `${token}x` },
      }),
      400,
    );
    expect(wrong.error.details[0]?.field).toBe('body.token');

    const deleted = await readJson<{ deleted: boolean; connectionsRevoked: number; connectionsNotRevoked: number }>(
      await createClient(server.url).request('/api/account/delete/confirm', { method: 'POST', json: { token } }),
      200,
    );
    expect(deleted).toEqual({ deleted: true, connectionsRevoked: 2, connectionsNotRevoked: 0 });
    // Once only.
    await readJson(
      await createClient(server.url).request('/api/account/delete/confirm', { method: 'POST', json: { token } }),
      400,
    );

    // Not one row of Ann's in any table; Bob's as they were.
    expect(nonZero(await rowsNaming(annMarks))).toEqual({});
    expect(nonZero(await rowsNaming(bobMarks))).toEqual(bobBefore);

    // Her sessions and her API token are over.
    expect((await ann.client.request('/api/me')).status).toBe(401);
    const [apiToken] = ann.secrets;
    expect(
      (await fetch(`${server.url}/api/personas`, { headers: { authorization: `Bearer ${apiToken}` } })).status,
    ).toBe(401);

    // X was asked to revoke her tokens (never Bob's); her Bluesky session was ended at the PDS.
    const annX = ann.secrets.filter((s) => s.startsWith('xat_') || s.startsWith('xrt_'));
    expect(annX.length).toBeGreaterThan(0);
    for (const t of annX) expect(stub.state.revoked).toContain(t);
    for (const t of bob.secrets.filter((s) => s.startsWith('xat_') || s.startsWith('xrt_'))) {
      expect(stub.state.revoked).not.toContain(t);
    }
    const refreshed = await fetch(`${bsky.pdsUrl}/xrpc/com.atproto.server.refreshSession`, {
      method: 'POST',
      headers: { authorization: `Bearer ${annSession.session.refreshJwt}` },
    });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ message: 'Token has been revoked' });

    // Bob goes on as before: his persona, his image, his export.
    const personas = await readJson<Persona[]>(await bob.client.request('/api/personas'), 200);
    expect(personas.map((p) => p.name)).toEqual(['bob-persona-v2']);
    expect((await bob.client.request(`/api/media/${bob.image}`)).status).toBe(200);
    const bobExport = await readyExport(bob.client);
    expect((await bob.client.request(bobExport.downloadUrl ?? '')).status).toBe(200);
  }, 120_000);

  it('keeps only the newest archive, and removes it once its 7 days are over (cleanup-expired)', async () => {
    const before = await readyExport(bob.client);
    const next = await readJson<DataExport>(await bob.client.request('/api/account/export', { method: 'POST' }), 202);
    const ready = await until(async () => {
      const { export: found } = await readJson<DataExportState>(await bob.client.request('/api/account/export'), 200);
      return found?.id === next.id && found.status === 'ready' ? found : undefined;
    });
    expect((await bob.client.request(before.downloadUrl ?? '')).status).toBe(404);
    const kept = (await db().execute(
      sql`select count(*)::int as n from data_exports where user_id = ${bob.userId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(kept.rows[0]?.n).toBe(1);
    const olderParts = (await db().execute(
      sql`select count(*)::int as n from media_objects where key like ${`exports/%/${before.id}/%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(olderParts.rows[0]?.n).toBe(0);
    await db().execute(sql`update data_exports set expires_at = now() - interval '1 minute' where id = ${ready.id}`);
    expect(await readJson<DataExportState>(await bob.client.request('/api/account/export'), 200)).toEqual({
      export: null,
    });
    expect((await bob.client.request(ready.downloadUrl ?? '')).status).toBe(404);
    const output = (await runJob(server, CLEANUP_EXPIRED)) as { dataExports: number };
    expect(output.dataExports).toBe(1);
    const left = (await db().execute(
      sql`select (select count(*)::int from data_exports where id = ${ready.id}) as rows,
                 (select count(*)::int from media_objects where key like ${`exports/%/${ready.id}/%`}) as parts`,
    )) as unknown as { rows: { rows: number; parts: number }[] };
    expect(left.rows[0]).toEqual({ rows: 0, parts: 0 });
  });
});
