import { type Billing, type Persona, textPart, WORKSPACE_HEADER, WORKSPACE_NOT_FOUND } from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/modules/repositories';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { createWorkspace, joinedMember, withHeader, withToken } from './helpers/workspaces';

/*
 * Issue 33: with PLAN_LIMITS=on the plan's persona and post limits count per workspace (a second
 * workspace of the same owner has its own), Billing shows the open workspace's seats; and the
 * access check's edges: a token's scope, a token naming another workspace, a member removed.
 */

let server: TestServer;
let ann: Client;
let annId: string;
let client: string;
let member: Client & { id: string };
let memberId: string;

/** `init` with the client workspace named, as the web app names the open workspace. */
const inClient = (init: RequestInit & { json?: unknown } = {}) => {
  const headers = new Headers(init.headers);
  headers.set(WORKSPACE_HEADER, client);
  return { ...init, headers };
};
const bearer = (secret: string, workspace?: string) =>
  workspace ? withHeader(withToken(server.url, secret), WORKSPACE_HEADER, workspace) : withToken(server.url, secret);

/** A persona with a Bluesky account (scheduling needs one), made in the workspace `headers` names. */
async function connectedPersona(name: string, headers: RequestInit = {}) {
  const persona = await readJson<Persona>(
    await ann.request('/api/personas', { ...headers, method: 'POST', json: { name } }),
    201,
  );
  await createRepositories(server.app.database.db).accounts.upsert({
    personaId: persona.id,
    platform: 'bluesky',
    externalId: `did:plc:${persona.id}`,
    username: `${persona.id}.example`,
    displayName: name,
    avatarUrl: null,
    authMethod: 'app_password',
    credentials: null,
    followers: 0,
  });
  return persona;
}

beforeAll(async () => {
  server = await build({ PLAN_LIMITS: 'on' });
  ann = await signedInUser(server.url, 'agency');
  annId = (await readJson<{ id: string }>(await ann.request('/api/me'), 200)).id;
  client = await createWorkspace(ann, 'Client');
  member = await joinedMember(server.url, ann, client, 'admin', 'member');
  memberId = member.id;
});
afterAll(() => server?.close());

describe('plans per workspace, with plan limits on', () => {
  it('counts personas per workspace: a second workspace of the same owner has its own Free allowance', async () => {
    await connectedPersona('Personal one');
    await readJson(await ann.request('/api/personas', { method: 'POST', json: { name: 'Personal two' } }), 409);
    await connectedPersona('Client one', inClient());
    await readJson(await ann.request('/api/personas', inClient({ method: 'POST', json: { name: 'Client two' } })), 409);
    const [personal] = await readJson<Persona[]>(await ann.request('/api/personas'), 200);
    const [ofClient] = await readJson<Persona[]>(await ann.request('/api/personas', inClient()), 200);
    expect([personal?.name, ofClient?.name]).toEqual(['Personal one', 'Client one']);
  });

  it('counts posts a month per workspace: a full month in one leaves the other’s free', async () => {
    const [personal] = await readJson<Persona[]>(await ann.request('/api/personas'), 200);
    const [ofClient] = await readJson<Persona[]>(await ann.request('/api/personas', inClient()), 200);
    if (!personal || !ofClient) throw new Error('no personas');
    const runAt = new Date(Date.now() + 3_600_000);
    const posts = createRepositories(server.app.database.db).posts;
    // The personal month: one post published today and 49 to go out in an hour.
    for (let i = 0; i < 50; i++) {
      await posts.insert({
        personaId: personal.id,
        platform: 'bluesky',
        content: `Planned ${i}`,
        parts: [textPart(`Planned ${i}`)],
        ...(i === 0 ? { status: 'posted', postedAt: new Date() } : { status: 'scheduled', scheduledFor: runAt }),
      });
    }
    const schedule = (personaId: string, init: RequestInit = {}) =>
      ann.request('/api/schedule', {
        ...init,
        method: 'POST',
        json: { personaId, platform: 'bluesky', content: 'One more', runAt: runAt.toISOString() },
      });
    await readJson(await schedule(personal.id), 409);
    await readJson(await schedule(ofClient.id, inClient()), 201);
    const personalBilling = await readJson<Billing>(await ann.request('/api/me/billing'), 200);
    const clientBilling = await readJson<Billing>(await ann.request('/api/me/billing', inClient()), 200);
    expect(personalBilling.usage).toMatchObject({ personas: 1, seats: 1 });
    expect(clientBilling.usage).toMatchObject({ personas: 1, seats: 2 });
    // Billing's count is of posts published: the personal one, none of the client's yet.
    expect(personalBilling.usage.postsThisMonth).toBe(1);
    expect(clientBilling.usage.postsThisMonth).toBe(0);
  });
});

describe('the access check', () => {
  it('holds a token scoped to viewer to reading, though its owner is an admin', async () => {
    const { secret } = await readJson<{ secret: string }>(
      await member.request('/api/me/tokens', inClient({ method: 'POST', json: { name: 'Read only', role: 'viewer' } })),
      201,
    );
    const asToken = bearer(secret);
    const listed = await readJson<Persona[]>(await asToken('/api/personas'), 200);
    expect(listed.map((p) => p.name)).toEqual(['Client one']);
    const refused = await readJson<{ error: { code: string; message: string } }>(
      await asToken('/api/tags', { method: 'POST', json: { name: 'Nope', color: 'red' } }),
      403,
    );
    expect(refused.error.code).toBe('forbidden');
    expect(refused.error.message).toMatch(/\(viewer\) cannot do this: it needs editor or above/);
    expect(await readJson<unknown[]>(await ann.request('/api/tags', inClient()), 200)).toEqual([]);
  });

  it('answers 404 to a token that names a workspace other than its own, even one its owner belongs to', async () => {
    const { secret } = await readJson<{ secret: string }>(
      await member.request('/api/me/tokens', inClient({ method: 'POST', json: { name: 'Client only' } })),
      201,
    );
    const personal = await bearer(secret, memberId)('/api/personas');
    expect(personal.status).toBe(404);
    expect(((await personal.json()) as { error: { message: string } }).error.message).toBe(WORKSPACE_NOT_FOUND);
    expect((await bearer(secret, annId)('/api/personas')).status).toBe(404);
    expect((await bearer(secret, client)('/api/personas')).status).toBe(200);
  });

  it('applies a role change at once, to the member’s tokens without a scope of their own too', async () => {
    const { secret } = await readJson<{ secret: string }>(
      await member.request('/api/me/tokens', inClient({ method: 'POST', json: { name: 'Follows my role' } })),
      201,
    );
    type Init = RequestInit & { json?: unknown };
    const tag = (request: typeof member.request, name: string, init: (i: Init) => Init = (i) => i) =>
      request('/api/tags', init({ method: 'POST', json: { name, color: 'red' } }));
    await readJson(await tag(member.request, 'As admin', inClient), 201);
    await readJson(
      await ann.request(`/api/workspaces/${client}/members/${memberId}`, { method: 'PATCH', json: { role: 'viewer' } }),
      200,
    );
    expect((await tag(member.request, 'As viewer', inClient)).status).toBe(403);
    expect((await tag(bearer(secret), 'Token as viewer')).status).toBe(403);
    await readJson(
      await ann.request(`/api/workspaces/${client}/members/${memberId}`, { method: 'PATCH', json: { role: 'editor' } }),
      200,
    );
    await readJson(await tag(bearer(secret), 'Token as editor'), 201);
    const names = (await readJson<{ name: string }[]>(await ann.request('/api/tags', inClient()), 200)).map(
      (t) => t.name,
    );
    expect(names.sort()).toEqual(['As admin', 'Token as editor']);
  });

  it('shuts a removed member out at once, their tokens for the workspace too', async () => {
    const { secret } = await readJson<{ secret: string }>(
      await member.request('/api/me/tokens', inClient({ method: 'POST', json: { name: 'Soon gone' } })),
      201,
    );
    await readJson(await member.request('/api/personas', inClient()), 200);
    await readJson(await bearer(secret)('/api/personas'), 200);
    await readJson(await ann.request(`/api/workspaces/${client}/members/${memberId}`, { method: 'DELETE' }), 204);
    expect((await member.request('/api/personas', inClient())).status).toBe(404);
    expect((await bearer(secret)('/api/personas')).status).toBe(404);
    // Their own workspace is theirs still.
    await readJson(await member.request('/api/personas'), 200);
  });
});
