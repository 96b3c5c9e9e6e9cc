import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  APPROVAL_NEEDED_MESSAGE,
  type CreatedApiToken,
  type InAppNotificationList,
  MCP_PATH,
  type Persona,
  type Post,
  type PublishResponse,
  type ScheduledItem,
  textPart,
  UNREVIEWED_NEEDS_APPROVER,
  WORKSPACE_HEADER,
  type Workspace,
} from '@plume/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas, posts, users } from '../src/db/schema';
import { WRITE_SLOT } from '../src/jobs/automation';
import { PUBLISH_POST } from '../src/jobs/publish-posts';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

/*
 * Approval that blocks (issue 33, decision 056-approval-that-blocks): in a workspace whose posts
 * need approval nothing an editor writes, schedules or posts now goes out until an approver
 * approves it, whatever the call; an approval publishes it once.
 */

let bsky: BlueskyNetwork;
let server: TestServer;
let workspaceId: string;
/** The agency's owner, its client (approver), a second approver and its writer (editor), each in the agency's workspace. */
let owner: Client;
let carl: Client;
let dora: Client;
let eve: Client;
let persona: Persona;
let carlEmail: string;
let did: string;

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const json = (method: string, body?: unknown) => ({ method, ...(body === undefined ? {} : { json: body }) });

/** `client`, sending the open workspace's header on every call, as the web app does. */
function inWorkspace(client: Client, id: string): Client {
  return {
    cookies: client.cookies,
    request: (pathname, init = {}) =>
      client.request(pathname, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), [WORKSPACE_HEADER]: id },
      }),
  };
}

let people = 0;
/** A new user signed in through the dev outbox: the client and their address. */
async function person(name: string) {
  people += 1;
  const email = `${name}.${people}.${process.pid}.${Date.now()}@example.com`;
  const client = createClient(server.url);
  await signInThroughOutbox(client, email);
  return { client, email };
}

/** Invites `email` as `role` through the API and accepts with the link the invitation e-mail carries. */
async function join(invitee: { client: Client; email: string }, role: 'approver' | 'editor') {
  await readJson(
    await owner.request(`/api/workspaces/${workspaceId}/invites`, json('POST', { email: invitee.email, role })),
    201,
  );
  const outbox = (await (await owner.request('/api/dev/outbox')).json()) as { to: string; url: string }[];
  const mail = outbox.find((m) => m.to === invitee.email && m.url.includes('/join/'));
  if (!mail) throw new Error(`no invitation for ${invitee.email}`);
  const token = decodeURIComponent(mail.url.split('/join/')[1] ?? '');
  await readJson(await invitee.client.request('/api/workspaces/join', json('POST', { token })), 200);
  return inWorkspace(invitee.client, workspaceId);
}

async function setApproval(on: boolean) {
  const saved = await readJson<Workspace>(
    await owner.request(`/api/workspaces/${workspaceId}`, json('PATCH', { needsApproval: on })),
    200,
  );
  expect(saved.needsApproval).toBe(on);
}

const postOf = async (id: string) => readJson<Post>(await owner.request(`/api/posts/${id}`), 200);
/** The texts on the persona's Bluesky account. */
const onBluesky = async () => (await bsky.postsOf(did)).map((r) => String(r.value.text));

async function nameOf(client: Client) {
  const me = (await (await client.request('/api/auth/get-session')).json()) as { user: { id: string } };
  // As the history names a person: their name, else their username, else their address.
  const [row] = await server.app.database.db
    .select({ name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username}, ${users.email})` })
    .from(users)
    .where(eq(users.id, me.user.id));
  return row?.name ?? '';
}

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
  server = await build(bsky.env);
  const ann = await person('ann');
  const created = await readJson<Workspace>(
    await ann.client.request('/api/workspaces', json('POST', { name: 'Agency' })),
    201,
  );
  workspaceId = created.id;
  owner = inWorkspace(ann.client, workspaceId);
  const carlPerson = await person('carl');
  carlEmail = carlPerson.email;
  carl = await join(carlPerson, 'approver');
  dora = await join(await person('dora'), 'approver');
  eve = await join(await person('eve'), 'editor');
  const made = await blueskyPersona(
    { server, bsky, client: owner },
    {
      name: 'Brand',
      is_active: false,
      handle: 'brand',
      automation: (a) => ({ ...a, safety: { ...a.safety, cooldownPeriods: false } }),
    },
  );
  persona = made.persona;
  did = made.account.did;
  await setApproval(true);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bsky?.close();
});

describe('an editor’s post where posts need approval', () => {
  it('waits in review when scheduled, is not published by its job, and goes out once when the client approves it, showing both names', async () => {
    const content = `Scheduled by the writer ${crypto.randomUUID().slice(0, 8)}`;
    const item = await readJson<ScheduledItem>(
      await eve.request(
        '/api/schedule',
        json('POST', { personaId: persona.id, platform: 'bluesky', content, runAt: inSeconds(1) }),
      ),
      201,
    );
    expect(item.status).toBe('pending_review');
    // Its time comes: the publish job finds nothing to publish.
    await runJob(server, PUBLISH_POST, { postId: item.id });
    expect((await postOf(item.id)).status).toBe('pending_review');
    expect(await onBluesky()).not.toContain(content);

    const approved = await readJson<ScheduledItem>(
      await carl.request(`/api/review/${item.id}/approve`, json('POST', { now: true })),
      200,
    );
    expect(approved.status).toBe('scheduled');
    // Its job, and the same job delivered again: one post.
    await Promise.all([1, 2].map(() => runJob(server, PUBLISH_POST, { postId: item.id })));
    await until(async () => ((await postOf(item.id)).status === 'posted' ? true : undefined));
    expect((await onBluesky()).filter((text) => text === content)).toHaveLength(1);

    const post = await postOf(item.id);
    expect(post.status).toBe('posted');
    const said = post.history?.map((e) => [e.action, e.actorKind, e.actorName]);
    expect(said).toEqual([
      ['wrote', 'person', await nameOf(eve)],
      ['submitted', 'person', await nameOf(eve)],
      ['approved', 'person', await nameOf(carl)],
      // The job published it: one entry, though its job was delivered twice.
      ['published', 'automation', null],
    ]);
  });

  it('is not posted by Post now: 202, each network’s post in review, nothing sent', async () => {
    const content = `Posted now by the writer ${crypto.randomUUID().slice(0, 8)}`;
    const answered = await eve.request(
      `/api/personas/${persona.id}/post`,
      json('POST', { content, platform: 'bluesky' }),
    );
    const body = await readJson<PublishResponse>(answered, 202);
    expect(body.review).toBe(APPROVAL_NEEDED_MESSAGE);
    expect(body.results.map((r) => r.status)).toEqual(['pending_review']);
    const id = body.results[0]?.postId ?? '';
    expect((await postOf(id)).status).toBe('pending_review');
    expect(await onBluesky()).not.toContain(content);
    // The review queue shows who wrote it.
    const queue = await readJson<ScheduledItem[]>(await carl.request('/api/schedule?status=pending_review'), 200);
    expect(queue.find((q) => q.id === id)?.history?.[0]).toMatchObject({
      action: 'wrote',
      actorName: await nameOf(eve),
    });
  });

  it('waits in review when scheduled in a batch', async () => {
    const items = await readJson<ScheduledItem[]>(
      await eve.request(
        '/api/schedule/batch',
        json('POST', {
          items: [1, 2].map((n) => ({
            personaId: persona.id,
            platform: 'bluesky',
            content: `Batch ${n}`,
            runAt: inSeconds(60 + n),
          })),
        }),
      ),
      201,
    );
    expect(items.map((i) => i.status)).toEqual(['pending_review', 'pending_review']);
  });

  it('goes back to review when the writer edits a post the client scheduled', async () => {
    const scheduled = await readJson<ScheduledItem>(
      await carl.request(
        '/api/schedule',
        json('POST', { personaId: persona.id, platform: 'bluesky', content: 'Approved words', runAt: inSeconds(3600) }),
      ),
      201,
    );
    expect(scheduled.status).toBe('scheduled');
    const edited = await readJson<Post>(
      await eve.request(`/api/posts/${scheduled.id}`, json('PATCH', { content: 'Other words' })),
      200,
    );
    expect(edited.status).toBe('pending_review');
    expect((await postOf(scheduled.id)).history?.map((e) => e.action)).toEqual([
      'wrote',
      'scheduled',
      'edited',
      'submitted',
    ]);
    // Through the schedule's own PATCH as well.
    const again = await readJson<ScheduledItem>(
      await carl.request(
        '/api/schedule',
        json('POST', { personaId: persona.id, platform: 'bluesky', content: 'Approved too', runAt: inSeconds(3600) }),
      ),
      201,
    );
    const moved = await readJson<ScheduledItem>(
      await eve.request(`/api/schedule/${again.id}`, json('PATCH', { runAt: inSeconds(7200) })),
      200,
    );
    expect(moved.status).toBe('pending_review');
  });

  it('waits in review when scheduled through MCP schedule_post', async () => {
    const created = await readJson<CreatedApiToken>(
      await eve.request('/api/me/tokens', json('POST', { name: 'Assistant' })),
      201,
    );
    const mcp = new McpClient({ name: 'plume-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(MCP_PATH, server.url), {
        requestInit: { headers: { authorization: `Bearer ${created.secret}`, [WORKSPACE_HEADER]: workspaceId } },
      }),
    );
    try {
      const result = (await mcp.callTool({
        name: 'schedule_post',
        arguments: { personaId: persona.id, platform: 'bluesky', content: 'Through MCP', runAt: inSeconds(3600) },
      })) as CallToolResult;
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      expect(result.isError, text).toBeFalsy();
      const item = JSON.parse(text) as ScheduledItem;
      expect(item.status).toBe('pending_review');
      expect((await postOf(item.id)).history?.[0]).toMatchObject({ action: 'wrote', actorKind: 'token' });
    } finally {
      await mcp.close();
    }
  });

  it('is held for approval by the publish job when something put it on the schedule without an approver', async () => {
    // As a post scheduled before approval was switched on, or written by any path that forgot the rule.
    const id = crypto.randomUUID();
    const content = `Slipped onto the schedule ${id.slice(0, 8)}`;
    await server.app.database.db.insert(posts).values({
      id,
      personaId: persona.id,
      platform: 'bluesky',
      content,
      parts: [textPart(content)],
      status: 'scheduled',
      scheduledFor: new Date(Date.now() - 1000),
    });
    await runJob(server, PUBLISH_POST, { postId: id });
    expect((await postOf(id)).status).toBe('pending_review');
    expect(await onBluesky()).not.toContain(content);
  });
});

describe('approvers', () => {
  it('are told in the workspace inbox when a post waits, and by e-mail when they asked', async () => {
    await readJson(
      await carl.request(
        '/api/me/notifications',
        json('PUT', {
          postFailed: true,
          postPublished: false,
          accountAttention: true,
          weeklySummary: false,
          approvalWaiting: true,
        }),
      ),
      200,
    );
    const content = `Waiting for Carl ${crypto.randomUUID().slice(0, 8)}`;
    await readJson(
      await eve.request(
        '/api/schedule',
        json('POST', { personaId: persona.id, platform: 'bluesky', content, runAt: inSeconds(3600) }),
      ),
      201,
    );
    const inbox = await readJson<InAppNotificationList>(await carl.request('/api/notifications'), 200);
    expect(inbox.items[0]?.title).toBe('A post of Brand waits for approval');
    const outbox = (await (await owner.request('/api/dev/outbox')).json()) as {
      to: string;
      subject: string;
      text: string;
    }[];
    const mails = outbox.filter((m) => m.to === carlEmail && m.text.includes(content));
    expect(mails.map((m) => m.subject)).toEqual(['A post waits for your approval on Plume']);
  });
});

describe('two approvers', () => {
  it('approving the same post at once publish it once', async () => {
    const content = `Approved twice ${crypto.randomUUID().slice(0, 8)}`;
    const item = await readJson<ScheduledItem>(
      await eve.request('/api/review', json('POST', { personaId: persona.id, platform: 'bluesky', content })),
      201,
    );
    const answers = await Promise.all(
      [carl, dora].map((c) => c.request(`/api/review/${item.id}/approve`, json('POST', { now: true }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await Promise.all([1, 2].map(() => runJob(server, PUBLISH_POST, { postId: item.id })));
    await until(async () => ((await postOf(item.id)).status === 'posted' ? true : undefined));
    expect((await onBluesky()).filter((text) => text === content)).toHaveLength(1);
    const history = (await postOf(item.id)).history ?? [];
    expect(history.filter((e) => e.action === 'approved')).toHaveLength(1);
    expect(history.filter((e) => e.action === 'published')).toHaveLength(1);
  });
});

describe('automation where posts need approval', () => {
  const withoutReview = (on: boolean) => ({
    ...persona.automation,
    autoPosting: { ...persona.automation.autoPosting, publishWithoutReview: on },
  });
  const unreviewedBy = async () =>
    (
      await server.app.database.db
        .select({ by: personas.unreviewedBy })
        .from(personas)
        .where(eq(personas.id, persona.id))
    )[0]?.by;

  it('lets only an approver switch on publishing without review, and records who did', async () => {
    const refused = await eve.request(`/api/personas/${persona.id}`, json('PUT', { automation: withoutReview(true) }));
    const body = await readJson<{ error: { message: string } }>(refused, 403);
    expect(body.error.message).toBe(UNREVIEWED_NEEDS_APPROVER);
    expect(await unreviewedBy()).toBeNull();

    await readJson(
      await carl.request(`/api/personas/${persona.id}`, json('PUT', { automation: withoutReview(true) })),
      200,
    );
    const me = (await (await carl.request('/api/auth/get-session')).json()) as { user: { id: string } };
    expect(await unreviewedBy()).toBe(me.user.id);
    await readJson(
      await carl.request(`/api/personas/${persona.id}`, json('PUT', { automation: withoutReview(false) })),
      200,
    );
    expect(await unreviewedBy()).toBeNull();
  });

  /** How many "waits for approval" notices the workspace's inbox holds. */
  const waitingNotices = async () =>
    (await readJson<InAppNotificationList>(await carl.request('/api/notifications?limit=100'), 200)).items.filter(
      (n) => n.title === 'A post of Brand waits for approval',
    ).length;

  it('sends automation’s posts to review unless an approver let it publish without review', async () => {
    // Switched on by the writer while approval was off: nobody vouches for it once approval is on.
    const slot = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000);
    const automation = {
      ...persona.automation,
      autoPosting: {
        ...persona.automation.autoPosting,
        enabled: true,
        frequency: 'daily' as const,
        customTimes: [slot.toISOString().slice(11, 16)],
        smartTiming: false,
        publishWithoutReview: true,
      },
      safety: { ...persona.automation.safety, humanLikePatterns: false, cooldownPeriods: false },
    };
    await setApproval(false);
    await readJson(await eve.request(`/api/personas/${persona.id}`, json('PUT', { automation, is_active: true })), 200);
    expect(await unreviewedBy()).toBeNull();
    await setApproval(true);
    const noticesBefore = await waitingNotices();
    expect(await runJob(server, WRITE_SLOT, { personaId: persona.id, workspaceId, slot: slot.toISOString() })).toBe(
      'written',
    );
    const [written] = await server.app.database.db.select().from(posts).where(eq(posts.autoSlot, slot));
    expect(written?.status).toBe('pending_review');
    expect(written?.approvedBy).toBeNull();
    // Its approvers are told, as for a person's post.
    expect(await waitingNotices()).toBe(noticesBefore + 1);
    expect((await postOf(written?.id ?? '')).history?.map((e) => [e.action, e.actorKind])).toEqual([
      ['wrote', 'automation'],
      ['submitted', 'automation'],
    ]);

    // Switched on by the client (an approver): automation's next post is scheduled on their word.
    const reviewed = { ...automation, autoPosting: { ...automation.autoPosting, publishWithoutReview: false } };
    await readJson(await carl.request(`/api/personas/${persona.id}`, json('PUT', { automation: reviewed })), 200);
    await readJson(await carl.request(`/api/personas/${persona.id}`, json('PUT', { automation })), 200);
    const nextDay = new Date(slot.getTime() + 86_400_000);
    expect(await runJob(server, WRITE_SLOT, { personaId: persona.id, workspaceId, slot: nextDay.toISOString() })).toBe(
      'written',
    );
    const [direct] = await server.app.database.db.select().from(posts).where(eq(posts.autoSlot, nextDay));
    expect(direct?.status).toBe('scheduled');
    expect(direct?.approvedBy).toBe(await unreviewedBy());
    expect(direct?.approvedBy).not.toBeNull();
    await readJson(
      await carl.request(
        `/api/personas/${persona.id}`,
        json('PUT', { automation: withoutReview(false), is_active: false }),
      ),
      200,
    );
  });

  it('holds a post automation scheduled without an approver’s consent', async () => {
    const id = crypto.randomUUID();
    const content = `Automation on its own ${id.slice(0, 8)}`;
    await server.app.database.db.insert(posts).values({
      id,
      personaId: persona.id,
      platform: 'bluesky',
      content,
      parts: [textPart(content)],
      status: 'scheduled',
      scheduledFor: new Date(Date.now() - 1000),
      autoSlot: new Date(Date.now() - 1000),
      writer: 'offline',
    });
    await runJob(server, PUBLISH_POST, { postId: id });
    expect((await postOf(id)).status).toBe('pending_review');
    expect(await onBluesky()).not.toContain(content);
  });
});

describe('with approval off', () => {
  it('an editor’s post is scheduled and published as before', async () => {
    await setApproval(false);
    const content = `No approval needed ${crypto.randomUUID().slice(0, 8)}`;
    const item = await readJson<ScheduledItem>(
      await eve.request(
        '/api/schedule',
        json('POST', { personaId: persona.id, platform: 'bluesky', content, runAt: inSeconds(1) }),
      ),
      201,
    );
    expect(item.status).toBe('scheduled');
    const answered = await readJson<PublishResponse>(
      await eve.request(
        `/api/personas/${persona.id}/post`,
        json('POST', { content: `${content} now`, platform: 'bluesky' }),
      ),
      200,
    );
    expect(answered.results.map((r) => r.status)).toEqual(['posted']);
    expect(answered.review).toBeUndefined();
    const postedNow = await postOf(answered.results[0]?.postId ?? '');
    expect(postedNow.history?.map((e) => [e.action, e.actorKind, e.actorName])).toEqual([
      ['wrote', 'person', await nameOf(eve)],
      ['published', 'person', await nameOf(eve)],
    ]);
  });
});
