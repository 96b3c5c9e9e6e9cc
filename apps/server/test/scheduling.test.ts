import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Persona, type Post, type PublishResult, type ScheduledItem, textPart } from '@plume/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAccounts, posts } from '../src/db/schema';
import { PlatformError } from '../src/integrations/platform';
import { PUBLISH_POST, RECONCILE_POST, SWEEP_POSTS } from '../src/jobs/publish-posts';
import { createPostsRepository } from '../src/modules/publishing/posts.repository';
import { BATCH_POSTS_PER_ACCOUNT, RECONCILE_WAITS_MS } from '../src/modules/publishing/publishing.service';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

let bsky: BlueskyNetwork;
let emails = 0;

async function signedIn(server: TestServer): Promise<Client> {
  const client = createClient(server.url);
  emails += 1;
  await signInThroughOutbox(client, `sched${emails}.${Date.now()}@example.com`);
  return client;
}

/** A persona with a Bluesky account connected by app password (through `service`, if given). */
async function personaWithBluesky(c: Client, options: { service?: string; cooldown?: boolean } = {}) {
  const created = await readJson<Persona>(
    await c.request('/api/personas', { method: 'POST', json: { name: 'Sched', is_active: false } }),
    201,
  );
  // Posts in these tests follow each other within seconds: no cooldown unless a test is about it.
  const automation = {
    ...created.automation,
    safety: { ...created.automation.safety, cooldownPeriods: options.cooldown ?? false },
  };
  const persona = await readJson<Persona>(
    await c.request(`/api/personas/${created.id}`, { method: 'PUT', json: { automation } }),
    200,
  );
  const account = await bsky.createAccount('sched');
  await readJson(
    await c.request(`/api/personas/${persona.id}/accounts/bluesky/app-password`, {
      method: 'POST',
      json: { handle: account.handle, appPassword: account.appPassword, service: options.service },
    }),
    200,
  );
  return { persona, account };
}

const schedule = (c: Client, body: unknown) => c.request('/schedule', { method: 'POST', json: body });
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const itemOf = async (c: Client, id: string) =>
  (await readJson<ScheduledItem[]>(await c.request('/api/schedule'), 200)).find((i) => i.id === id);
/** A post's history as GET /api/posts/{id} answers it: each entry's action and who did it. */
const historyOf = async (c: Client, id: string) =>
  ((await readJson<Post>(await c.request(`/api/posts/${id}`), 200)).history ?? []).map((e) => [e.action, e.actorKind]);

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
});
afterAll(() => bsky?.close());

describe('the schedule API', () => {
  let server: TestServer;
  let ann: Client;
  let bob: Client;
  beforeAll(async () => {
    server = await build(bsky.env);
    ann = await signedIn(server);
    bob = await signedIn(server);
  });
  afterAll(() => server?.close());

  it("checks the Schedule dialog's rules and the owner", async () => {
    const { persona } = await personaWithBluesky(ann);
    const empty = await readJson<{ error: { message: string } }>(
      await schedule(ann, { personaId: persona.id, platform: 'bluesky', content: '  ', runAt: inSeconds(3600) }),
      400,
    );
    expect(empty.error.message).toContain('Content is required');
    const past = await readJson<{ error: { message: string; details: { field: string; message: string }[] } }>(
      await schedule(ann, { personaId: persona.id, platform: 'bluesky', content: 'hi', runAt: inSeconds(-60) }),
      400,
    );
    expect(past.error.details).toEqual([{ field: 'body.runAt', message: 'Date must be in the future' }]);
    const noX = await readJson<{ error: { message: string } }>(
      await schedule(ann, { personaId: persona.id, platform: 'x', content: 'hi', runAt: inSeconds(3600) }),
      409,
    );
    expect(noX.error.message).toMatch(/No X account is connected/);
    await readJson(
      await schedule(bob, { personaId: persona.id, platform: 'bluesky', content: 'hi', runAt: inSeconds(3600) }),
      404,
    );
    await readJson(await fetch(`${server.url}/schedule`), 401);
    expect(await readJson<ScheduledItem[]>(await ann.request('/schedule'), 200)).toEqual([]);
  });

  it('lists, edits, reschedules and cancels; another user sees none of it', async () => {
    const { persona } = await personaWithBluesky(ann);
    const runAt = inSeconds(3600);
    const item = await readJson<ScheduledItem>(
      await schedule(ann, { personaId: persona.id, platform: 'bluesky', content: 'Tomorrow, maybe', runAt }),
      201,
    );
    expect(item).toMatchObject({
      personaId: persona.id,
      personaName: 'Sched',
      platform: 'bluesky',
      content: 'Tomorrow, maybe',
      scheduledFor: runAt,
      status: 'scheduled',
    });
    const later = inSeconds(7200);
    const edited = await readJson<ScheduledItem>(
      await ann.request(`/schedule/${item.id}`, { method: 'PATCH', json: { content: 'Edited', runAt: later } }),
      200,
    );
    expect(edited).toMatchObject({ content: 'Edited', scheduledFor: later, status: 'scheduled' });
    expect(await readJson<ScheduledItem[]>(await bob.request('/api/schedule'), 200)).toEqual([]);
    await readJson(await bob.request(`/schedule/${item.id}`, { method: 'DELETE' }), 404);

    const windowed = await readJson<ScheduledItem[]>(
      await ann.request(
        `/api/schedule?from=${encodeURIComponent(inSeconds(3700))}&to=${encodeURIComponent(inSeconds(7300))}`,
      ),
      200,
    );
    expect(windowed.map((i) => i.id)).toContain(item.id);

    await readJson(await ann.request(`/schedule/${item.id}`, { method: 'DELETE' }), 204);
    expect((await itemOf(ann, item.id))?.status).toBe('canceled');
    await readJson(await ann.request(`/schedule/${item.id}`, { method: 'PATCH', json: { content: 'Too late' } }), 409);
  });

  it("takes a thread's parts as texts or as parts, and answers parts", async () => {
    const { persona } = await personaWithBluesky(ann);
    const link = {
      url: 'https://example.com/tea',
      title: 'Tea',
      description: 'All about it',
      imageId: null,
      imageUrl: null,
    };
    const item = await readJson<ScheduledItem>(
      await schedule(ann, {
        personaId: persona.id,
        platform: 'bluesky',
        content: 'First',
        parts: [' First ', { text: 'Second', langs: ['en'], link }],
        runAt: inSeconds(3600),
      }),
      201,
    );
    expect(item.parts).toEqual([textPart('First'), { text: 'Second', media: [], link, langs: ['en'] }]);
    expect(item.content).toBe('First\n\nSecond');

    const edited = await readJson<ScheduledItem>(
      await ann.request(`/schedule/${item.id}`, { method: 'PATCH', json: { parts: ['Only one'] } }),
      200,
    );
    expect(edited).toMatchObject({ parts: [textPart('Only one')], content: 'Only one' });

    const empty = await readJson<{ error: { details: { field: string; message: string }[] } }>(
      await ann.request(`/schedule/${item.id}`, { method: 'PATCH', json: { parts: ['One', { text: ' ' }] } }),
      400,
    );
    expect(empty.error.details).toEqual([{ field: 'body.parts.1.text', message: 'A thread part is empty' }]);
    const tooLong = await readJson<{ error: { message: string } }>(
      await ann.request(`/schedule/${item.id}`, {
        method: 'PATCH',
        json: { parts: ['One', { text: 'a'.repeat(301) }] },
      }),
      400,
    );
    expect(tooLong.error.message).toBe('part 2: too long for Bluesky (301/300)');
  });

  it("approves a reviewed draft into the persona's next free slot, in the user's time zone", async () => {
    const { persona } = await personaWithBluesky(ann);
    const automation = {
      ...persona.automation,
      autoPosting: { ...persona.automation.autoPosting, customTimes: ['09:30'], advancedSchedule: {} },
    };
    await readJson(await ann.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { automation } }), 200);
    await readJson(
      await ann.request('/api/me/preferences', { method: 'PUT', json: { timeZone: 'America/New_York' } }),
      200,
    );
    expect(await readJson(await ann.request('/api/me/preferences'), 200)).toEqual({ timeZone: 'America/New_York' });

    const draft = await readJson<ScheduledItem>(
      await ann.request('/api/review', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content: 'Review me' },
      }),
      201,
    );
    expect(draft).toMatchObject({ status: 'pending_review', scheduledFor: null });
    const second = await readJson<ScheduledItem>(
      await ann.request('/api/review', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content: 'Me too' },
      }),
      201,
    );

    const approved = await readJson<ScheduledItem>(
      await ann.request(`/api/review/${draft.id}/approve`, { method: 'POST', json: { queue: true } }),
      200,
    );
    const approved2 = await readJson<ScheduledItem>(
      await ann.request(`/api/review/${second.id}/approve`, { method: 'POST', json: { queue: true } }),
      200,
    );
    const wallClock = (iso: string | null) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(
        new Date(iso ?? ''),
      );
    expect(approved.status).toBe('scheduled');
    expect(wallClock(approved.scheduledFor)).toBe('09:30');
    expect(wallClock(approved2.scheduledFor)).toBe('09:30');
    // The second takes the next day's slot: one day later on the calendar, 23 to 25 hours (DST) later.
    const gapHours = (Date.parse(approved2.scheduledFor ?? '') - Date.parse(approved.scheduledFor ?? '')) / 3_600_000;
    expect(gapHours).toBeGreaterThanOrEqual(23);
    expect(gapHours).toBeLessThanOrEqual(25);

    const rejectMe = await readJson<ScheduledItem>(
      await ann.request('/api/review', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content: 'No' },
      }),
      201,
    );
    await readJson(await ann.request(`/api/review/${rejectMe.id}/reject`, { method: 'POST' }), 204);
    expect((await itemOf(ann, rejectMe.id))?.status).toBe('canceled');
    await readJson(await ann.request(`/api/review/${approved.id}/reject`, { method: 'POST' }), 409);
  });

  it('gives posts added to the queue at the same moment a slot each, never the same one', async () => {
    const { persona } = await personaWithBluesky(ann);
    const automation = {
      ...persona.automation,
      autoPosting: {
        ...persona.automation.autoPosting,
        customTimes: ['08:00', '13:00', '18:00'],
        advancedSchedule: {},
      },
    };
    await readJson(await ann.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { automation } }), 200);
    const many = await Promise.all(
      Array.from({ length: 6 }, async (_, i) =>
        readJson<ScheduledItem>(
          await schedule(ann, { personaId: persona.id, platform: 'bluesky', content: `Queued ${i}`, queue: true }),
          201,
        ),
      ),
    );
    const times = many.map((item) => item.scheduledFor);
    expect(times.every((t) => t !== null)).toBe(true);
    expect(new Set(times).size).toBe(6);
  });
});

describe('approving from the review queue', () => {
  let server: TestServer;
  let ann: Client;
  let bob: Client;
  beforeAll(async () => {
    server = await build(bsky.env);
    ann = await signedIn(server);
    bob = await signedIn(server);
  });
  afterAll(() => server?.close());

  const repo = () => createPostsRepository(server.app.database.db);
  /** A draft automation wrote for a slot at `at`, waiting for review (as the automation job writes it). */
  const slotDraft = async (personaId: string, at: Date, content = `For its slot ${Date.now()}`) => {
    const row = await repo().insertForSlot({
      personaId,
      platform: 'bluesky',
      content,
      parts: [textPart(content)],
      status: 'pending_review',
      scheduledFor: at,
      autoSlot: at,
      writer: 'offline',
      origin: { kind: 'original', strategy: 'Hot Takes', source: null, promotion: null },
    });
    if (!row) throw new Error('slot taken');
    return row;
  };
  /** A reply draft to a mention, due at `at`. */
  const replyDraft = async (personaId: string, at: Date) => {
    const ref = { id: 'at://did:plc:bob/app.bsky.feed.post/3k', cid: 'bafyreib' };
    return repo().insert({
      personaId,
      platform: 'bluesky',
      content: 'Thanks Bob!',
      parts: [textPart('Thanks Bob!')],
      status: 'pending_review',
      scheduledFor: at,
      replyTo: { ref: { parent: ref, root: ref }, authorId: 'did:plc:bob', author: 'bob.test', text: 'Hi', url: null },
      writer: 'offline',
    });
  };
  const approve = (c: Client, id: string, body: unknown = {}) =>
    c.request(`/api/review/${id}/approve`, { method: 'POST', json: body });
  const publishJobs = async (id: string) => {
    const result = (await server.app.database.db.execute(
      sql`select id from pgboss.job where name = ${PUBLISH_POST} and data->>'postId' = ${id}`,
    )) as unknown as { rows: unknown[] };
    return result.rows.length;
  };
  const minuteAhead = (minutes: number) => new Date(Math.ceil(Date.now() / 60_000) * 60_000 + minutes * 60_000);

  it("keeps the draft's own time; past it, or asked to, goes now; approved twice at once, it is queued once", async () => {
    const { persona } = await personaWithBluesky(ann);
    const slot = minuteAhead(120);
    const draft = await slotDraft(persona.id, slot);
    const [listed] = await readJson<ScheduledItem[]>(
      await ann.request(`/api/schedule?status=pending_review&personaId=${persona.id}`),
      200,
    );
    expect(listed).toMatchObject({
      autoSlot: slot.toISOString(),
      origin: { kind: 'original', strategy: 'Hot Takes' },
      connection: 'connected',
    });

    // Two approvals racing (two tabs): one wins, the other is refused, one publish job.
    const both = await Promise.all([approve(ann, draft.id), approve(ann, draft.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const approved = await readJson<ScheduledItem>(both.find((r) => r.status === 200) as Response, 200);
    expect(approved).toMatchObject({ status: 'scheduled', scheduledFor: slot.toISOString() });
    expect(await publishJobs(draft.id)).toBe(1);

    // A slot already past: it goes now (not an hour later, not the next slot).
    const late = await slotDraft(persona.id, new Date(Date.now() - 10 * 60_000));
    const sentLate = await readJson<ScheduledItem>(await approve(ann, late.id), 200);
    expect(Math.abs(Date.parse(sentLate.scheduledFor ?? '') - Date.now())).toBeLessThan(10_000);

    // 'Approve and post now' ahead of the slot.
    const early = await slotDraft(persona.id, minuteAhead(240));
    const sentNow = await readJson<ScheduledItem>(await approve(ann, early.id, { now: true }), 200);
    expect(Math.abs(Date.parse(sentNow.scheduledFor ?? '') - Date.now())).toBeLessThan(10_000);

    // A reply keeps its time too; a draft sent to review by hand has none to keep: the field is named.
    const replyAt = minuteAhead(30);
    const reply = await replyDraft(persona.id, replyAt);
    expect((await readJson<ScheduledItem>(await approve(ann, reply.id), 200)).scheduledFor).toBe(replyAt.toISOString());
    const byHand = await readJson<ScheduledItem>(
      await ann.request('/api/review', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content: 'Mine' },
      }),
      201,
    );
    const noTime = await readJson<{ error: { details: { field: string }[] } }>(await approve(ann, byHand.id), 400);
    expect(noTime.error.details[0]?.field).toBe('body.runAt');
    await readJson(await approve(ann, byHand.id, { now: true, queue: true }), 400);
  });

  it("'Add to queue' takes the very slot GET /api/schedule/next-slot reported, for a reply as for a post", async () => {
    const { persona } = await personaWithBluesky(ann);
    const automation = {
      ...persona.automation,
      autoPosting: { ...persona.automation.autoPosting, customTimes: ['07:15', '19:45'], advancedSchedule: {} },
    };
    await readJson(await ann.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { automation } }), 200);
    const next = async () =>
      readJson<{ at: string | null; timeZone: string }>(
        await ann.request(`/api/schedule/next-slot?personaId=${persona.id}&timeZone=Europe/Paris`),
        200,
      );
    const first = await next();
    expect(first.timeZone).toBe('Europe/Paris');
    expect(first.at).not.toBeNull();
    const wallClock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(['07:15', '19:45']).toContain(wallClock.format(new Date(first.at ?? '')));

    const post = await slotDraft(persona.id, minuteAhead(600));
    const queuedPost = await readJson<ScheduledItem>(
      await approve(ann, post.id, { queue: true, timeZone: 'Europe/Paris' }),
      200,
    );
    expect(queuedPost.scheduledFor).toBe(first.at);

    // That slot is held now: the next one reported is later. A reply added to the queue waits for
    // it (it used to go at once while the dialog said 'next free posting slot').
    const second = await next();
    expect(Date.parse(second.at ?? '')).toBeGreaterThan(Date.parse(first.at ?? ''));
    const reply = await replyDraft(persona.id, minuteAhead(5));
    const queued = await readJson<ScheduledItem>(
      await approve(ann, reply.id, { queue: true, timeZone: 'Europe/Paris' }),
      200,
    );
    expect(queued.scheduledFor).toBe(second.at);

    // Another user's persona is not found; a bad id names the field.
    await readJson(await bob.request(`/api/schedule/next-slot?personaId=${persona.id}`), 404);
    const bad = await readJson<{ error: { message: string } }>(
      await ann.request('/api/schedule/next-slot?personaId=x'),
      400,
    );
    expect(bad.error.message).toContain('personaId');
  });

  it('approves and rejects in bulk, each once: sent again nothing is queued twice; what is not reviewable is refused beside it', async () => {
    const { persona } = await personaWithBluesky(ann);
    const [a, b, c] = [minuteAhead(300), minuteAhead(360), minuteAhead(420)];
    const drafts = [await slotDraft(persona.id, a), await slotDraft(persona.id, b), await slotDraft(persona.id, c)];
    const [da, db, dc] = drafts.map((d) => d.id) as [string, string, string];
    const bulk = (client: Client, body: unknown) => client.request('/api/review/bulk', { method: 'POST', json: body });
    type Bulk = { results: { id: string; outcome: string; item: ScheduledItem | null; error: string | null }[] };

    const approved = await readJson<Bulk>(await bulk(ann, { action: 'approve', ids: [da, db, da] }), 200);
    expect(approved.results.map((r) => [r.id, r.outcome, r.item?.scheduledFor])).toEqual([
      [da, 'done', a.toISOString()],
      [db, 'done', b.toISOString()],
    ]);
    const again = await readJson<Bulk>(await bulk(ann, { action: 'approve', ids: [da, db] }), 200);
    expect(again.results.map((r) => [r.outcome, r.error])).toEqual([
      ['refused', 'Only a post waiting for review can be approved'],
      ['refused', 'Only a post waiting for review can be approved'],
    ]);
    expect([await publishJobs(da), await publishJobs(db)]).toEqual([1, 1]);

    // A draft sent to review by hand has no time of its own: approved in bulk, it takes the next free slot.
    const automation = {
      ...persona.automation,
      autoPosting: { ...persona.automation.autoPosting, customTimes: ['12:00'], advancedSchedule: {} },
    };
    await readJson(await ann.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { automation } }), 200);
    const byHand = await readJson<ScheduledItem>(
      await ann.request('/api/review', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content: 'By hand' },
      }),
      201,
    );
    const slot = await readJson<{ at: string }>(
      await ann.request(`/api/schedule/next-slot?personaId=${persona.id}&timeZone=UTC`),
      200,
    );
    const handBulk = await readJson<Bulk>(
      await bulk(ann, { action: 'approve', ids: [byHand.id], timeZone: 'UTC' }),
      200,
    );
    expect(handBulk.results[0]?.item?.scheduledFor).toBe(slot.at);

    // Reject: an approved post is not rejected (it stays scheduled).
    const rejected = await readJson<Bulk>(await bulk(ann, { action: 'reject', ids: [dc, da] }), 200);
    expect(rejected.results.map((r) => r.outcome)).toEqual(['done', 'refused']);
    expect((await itemOf(ann, dc))?.status).toBe('canceled');
    expect((await itemOf(ann, da))?.status).toBe('scheduled');
    // Another user's draft among them: 404, and nothing is done.
    await readJson(await bulk(bob, { action: 'reject', ids: [db] }), 404);
    expect((await itemOf(ann, db))?.status).toBe('scheduled');

    const empty = await readJson<{ error: { message: string } }>(await bulk(ann, { action: 'reject', ids: [] }), 400);
    expect(empty.error.message).toContain('ids');
    await readJson(await bulk(ann, { action: 'publish', ids: [da] }), 400);
  });

  it('says when a draft’s account needs reconnecting, and will not approve it until then', async () => {
    const { persona } = await personaWithBluesky(ann);
    const draft = await slotDraft(persona.id, minuteAhead(90));
    await server.app.database.db
      .update(platformAccounts)
      .set({ status: 'error', errorMessage: 'token revoked' })
      .where(eq(platformAccounts.personaId, persona.id));
    expect((await itemOf(ann, draft.id))?.connection).toBe('reconnect');
    const refused = await readJson<{ error: { message: string } }>(await approve(ann, draft.id), 409);
    expect(refused.error.message).toContain('needs to be reconnected');
    expect((await itemOf(ann, draft.id))?.status).toBe('pending_review');
  });
});

describe('Safety settings', () => {
  let server: TestServer;
  let ann: Client;
  beforeAll(async () => {
    server = await build(bsky.env);
    ann = await signedIn(server);
  });
  afterAll(() => server?.close());

  it('hold a post back for the cooldown after the last one, and to the next day past the daily limit', async () => {
    const { persona, account } = await personaWithBluesky(ann, { cooldown: true });
    const first = `First ${Date.now()}`;
    await readJson(
      await ann.request(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'bluesky', content: first },
      }),
      200,
    );
    const second = await readJson<ScheduledItem>(
      await schedule(ann, {
        personaId: persona.id,
        platform: 'bluesky',
        content: `Second ${Date.now()}`,
        runAt: inSeconds(1),
      }),
      201,
    );
    const held = await until(async () => {
      const found = await itemOf(ann, second.id);
      return found?.error ? found : undefined;
    }, 20_000);
    expect(held).toMatchObject({ status: 'scheduled', error: 'Waiting out the cooldown between posts' });
    expect(Date.parse(held.scheduledFor ?? '')).toBeGreaterThan(Date.now() + 60_000);

    const automation = {
      ...persona.automation,
      safety: { ...persona.automation.safety, cooldownPeriods: false, dailyActivityLimit: 1 },
    };
    await readJson(await ann.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { automation } }), 200);
    const third = await readJson<ScheduledItem>(
      await schedule(ann, {
        personaId: persona.id,
        platform: 'bluesky',
        content: `Third ${Date.now()}`,
        runAt: inSeconds(1),
      }),
      201,
    );
    const nextDay = await until(async () => {
      const found = await itemOf(ann, third.id);
      return found?.error ? found : undefined;
    }, 20_000);
    expect(nextDay.error).toBe('Daily activity limit reached (1); moved to the next day');
    expect(Date.parse(nextDay.scheduledFor ?? '')).toBeGreaterThan(Date.now() + 60_000);

    // Posting by hand is held to the daily limit too: 429 until the next day, nothing sent.
    const now = await ann.request(`/api/personas/${persona.id}/post`, {
      method: 'POST',
      json: { platform: 'bluesky', content: `Fourth ${Date.now()}` },
    });
    const refused = await readJson<{ error: { code: string; message: string } }>(now, 429);
    expect(refused.error).toEqual({
      code: 'rate_limited',
      message:
        "Daily activity limit reached (1): post again tomorrow, or raise the limit in the Automation tab's Safety settings",
    });
    expect(Number(now.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await bsky.postsOf(account.did)).map((r) => r.value.text)).toEqual([first]);
  });
});

describe('publishing on time', () => {
  let server: TestServer;
  let ann: Client;
  beforeAll(async () => {
    server = await build(bsky.env);
    ann = await signedIn(server);
  });
  afterAll(() => server?.close());

  it('publishes a post due in 2 s exactly once, even when its job is delivered again', async () => {
    const { persona, account } = await personaWithBluesky(ann);
    const text = `Due in two seconds ${Date.now()}`;
    const item = await readJson<ScheduledItem>(
      await schedule(ann, { personaId: persona.id, platform: 'bluesky', content: text, runAt: inSeconds(2) }),
      201,
    );
    const posted = await until(async () => {
      const found = await itemOf(ann, item.id);
      return found?.status === 'posted' ? found : undefined;
    }, 20_000);
    expect(posted.url).toContain(`/profile/${account.handle}/post/`);
    // A second delivery of the job finds nothing to claim: wait for it to be worked, and read what it did.
    const again = await server.app.jobs.send(PUBLISH_POST, { postId: item.id });
    expect(again).toBeTruthy();
    const redelivered = await until(async () => {
      const job = await server.app.jobs.boss.getJobById(PUBLISH_POST, again ?? '');
      return job?.state === 'completed' || job?.state === 'failed' ? job : undefined;
    }, 20_000);
    expect(redelivered).toMatchObject({ state: 'completed', output: { value: 'not due or already taken' } });
    const records = await bsky.postsOf(account.did);
    expect(records.filter((r) => r.value.text === text)).toHaveLength(1);
    expect((await itemOf(ann, item.id))?.status).toBe('posted');
    // Its history says the job published it, once.
    expect(await historyOf(ann, item.id)).toEqual([
      ['wrote', 'person'],
      ['scheduled', 'person'],
      ['published', 'automation'],
    ]);
  });

  it("publishes an account's due posts one at a time in scheduled order, an earlier post whose job comes later first", async () => {
    const { persona, account } = await personaWithBluesky(ann);
    // More than a batch publishes for one account (BATCH_POSTS_PER_ACCOUNT): the rest follow in a later batch.
    const texts = Array.from({ length: BATCH_POSTS_PER_ACCOUNT + 5 }, (_, i) => `In order ${i} ${Date.now()}`);
    const items: ScheduledItem[] = [];
    for (const content of texts) {
      items.push(
        await readJson<ScheduledItem>(
          await schedule(ann, { personaId: persona.id, platform: 'bluesky', content, runAt: inSeconds(3600) }),
          201,
        ),
      );
    }
    // Due now, in the reverse of the order they were written: the last written goes first.
    for (const [i, item] of items.entries()) {
      await server.app.database.db
        .update(posts)
        .set({ scheduledFor: new Date(Date.now() - (i + 1) * 1000) })
        .where(eq(posts.id, item.id));
    }
    // Only the first-written post's job runs now (the others' run in an hour): the batch takes the
    // account's earlier due posts with it, in their order.
    await server.app.jobs.send(PUBLISH_POST, { postId: items[0]?.id });
    await until(
      async () => {
        const list = await readJson<ScheduledItem[]>(await ann.request(`/api/schedule?personaId=${persona.id}`), 200);
        return list.length === texts.length && list.every((i) => i.status === 'posted') ? true : undefined;
      },
      30_000,
      250,
    );
    const records = (await bsky.postsOf(account.did)).sort((a, b) => a.uri.localeCompare(b.uri));
    expect(records.map((r) => r.value.text)).toEqual([...texts].reverse());
  });

  it('looks on the account for a post left publishing, and leaves what it cannot find to the user', async () => {
    const reachedBy = await personaWithBluesky(ann);
    const lostBy = await personaWithBluesky(ann);
    const { db } = server.app.database;
    const longAgo = new Date(Date.now() - 10 * 60_000);
    // Two posts a dead process left publishing: one reached Bluesky, one did not.
    const reached = `Reached Bluesky ${Date.now()}`;
    const lost = `Never left ${Date.now()}`;
    for (const [content, personaId] of [
      [reached, reachedBy.persona.id],
      [lost, lostBy.persona.id],
    ] as const) {
      await db.insert(posts).values({
        id: crypto.randomUUID(),
        personaId,
        platform: 'bluesky',
        content,
        parts: [textPart(content)],
        status: 'publishing',
        scheduledFor: longAgo,
        claimedAt: longAgo,
      });
    }
    await reachedBy.account.agent.post({ text: reached, createdAt: new Date(Date.now() - 9 * 60_000).toISOString() });

    await server.app.jobs.send(SWEEP_POSTS);
    const settled = await until(async () => {
      const rows = (await db.select().from(posts)).filter((r) => r.content === reached || r.content === lost);
      return rows.every((r) => r.status !== 'publishing') ? rows : undefined;
    }, 20_000);
    const byText = Object.fromEntries(settled.map((r) => [r.content, r]));
    expect(byText[reached]).toMatchObject({ status: 'posted', externalId: expect.stringMatching(/^at:\/\//) });
    expect(byText[lost]).toMatchObject({
      status: 'unconfirmed',
      error: expect.stringMatching(/Retry or Mark as posted/),
    });
    // The sweeper found one: its history says automation published it; the other's says nothing yet.
    expect(await historyOf(ann, byText[reached]?.id ?? '')).toEqual([['published', 'automation']]);
    expect(await historyOf(ann, byText[lost]?.id ?? '')).toEqual([]);

    // The user decides: Retry publishes it (once); Mark as posted is refused for a posted item.
    const lostId = byText[lost]?.id ?? '';
    await readJson(await ann.request(`/api/schedule/${lostId}/retry`, { method: 'POST' }), 200);
    await until(async () => ((await itemOf(ann, lostId))?.status === 'posted' ? true : undefined), 20_000);
    expect((await bsky.postsOf(lostBy.account.did)).filter((r) => r.value.text === lost)).toHaveLength(1);
    expect((await bsky.postsOf(reachedBy.account.did)).filter((r) => r.value.text === reached)).toHaveLength(1);
    await readJson(await ann.request(`/api/schedule/${lostId}/mark-posted`, { method: 'POST' }), 409);
  });

  it('finds a post-now left publishing by a crash, and never reposts a partly posted thread', async () => {
    const { persona } = await personaWithBluesky(ann);
    const repo = createPostsRepository(server.app.database.db);
    // Posting now claims the row as it is written, so the sweeper can find it after a crash.
    const inFlight = await repo.insert({
      personaId: persona.id,
      platform: 'bluesky',
      content: 'x',
      parts: [textPart('x')],
      status: 'publishing',
    });
    expect(inFlight.claimedAt).toBeInstanceOf(Date);
    await server.app.database.db
      .update(posts)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(posts.id, inFlight.id));
    await server.app.jobs.send(SWEEP_POSTS);
    await until(async () => ((await itemOf(ann, inFlight.id))?.status === 'unconfirmed' ? true : undefined), 20_000);
    // It may be on the account: an edit or a new time would make a second copy, so only Retry or Mark as posted.
    const moved = await readJson<{ error: { message: string } }>(
      await ann.request(`/api/schedule/${inFlight.id}`, {
        method: 'PATCH',
        json: { runAt: new Date(Date.now() + 3600_000).toISOString() },
      }),
      409,
    );
    expect(moved.error.message).toBe('This post may already be on the account: Retry it or Mark it as posted');

    // A thread whose first part went out: Retry would repeat it, so the user is told instead.
    const [partial] = await server.app.database.db
      .insert(posts)
      .values({
        id: crypto.randomUUID(),
        personaId: persona.id,
        platform: 'bluesky',
        content: 'one\n\ntwo',
        parts: [textPart('one'), textPart('two')],
        status: 'failed',
        externalIds: ['at://did:plc:x/app.bsky.feed.post/1'],
        error: 'Rate limit exceeded (1 of 2 parts were posted)',
      })
      .returning();
    const refused = await readJson<{ error: { message: string } }>(
      await ann.request(`/api/schedule/${partial?.id}/retry`, { method: 'POST' }),
      409,
    );
    expect(refused.error.message).toContain('1 of 2 parts of this thread are already posted');
    // A new time or new words would publish it again just the same: refused, and the row is unchanged.
    const runAt = new Date(Date.now() + 3600_000).toISOString();
    for (const patch of [{ runAt }, { queue: true }, { content: 'two only' }]) {
      const edit = await readJson<{ error: { message: string } }>(
        await ann.request(`/api/schedule/${partial?.id}`, { method: 'PATCH', json: patch }),
        409,
      );
      expect(edit.error.message).toContain('1 of 2 parts of this thread are already posted');
    }
    expect(await itemOf(ann, partial?.id ?? '')).toMatchObject({
      status: 'failed',
      scheduledFor: null,
      parts: [textPart('one'), textPart('two')],
      postedParts: 1,
    });
    // Marked twice at once (a double click, two tabs): one succeeds, the other finds it posted.
    const marks = await Promise.all(
      [1, 2].map(() => ann.request(`/api/schedule/${partial?.id}/mark-posted`, { method: 'POST' })),
    );
    expect(marks.map((m) => m.status).sort()).toEqual([200, 409]);
    // The person who marked it published it, as its history says once.
    const marked = (await readJson<Post>(await ann.request(`/api/posts/${partial?.id}`), 200)).history;
    expect(marked).toMatchObject([{ action: 'published', actorKind: 'person', note: 'Marked as posted' }]);
  });

  it("settles a publish slower than the sweeper's patience by the platform's answer, not the guess", async () => {
    const { persona, account } = await personaWithBluesky(ann);
    const publisher = server.app.adapters.bluesky;
    // The PDS answers only when the test says so: a publish still in flight when the sweeper looks.
    const original = publisher.publish;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    publisher.publish = async (account, parts, replyTo) => {
      await held;
      return original.call(publisher, account, parts, replyTo);
    };
    try {
      const text = `Slow but sure ${Date.now()}`;
      const answer = ann.request(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'bluesky', content: text },
      });
      const row = await until(async () => {
        const [found] = await server.app.database.db.select().from(posts).where(eq(posts.content, text));
        return found?.status === 'publishing' ? found : undefined;
      }, 10_000);
      // As if it had been publishing for 10 minutes: the sweeper finds nothing on the account yet.
      await server.app.database.db
        .update(posts)
        .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(posts.id, row.id));
      await server.app.jobs.send(SWEEP_POSTS);
      await until(async () => ((await itemOf(ann, row.id))?.status === 'unconfirmed' ? true : undefined), 20_000);

      release();
      await readJson(await answer, 200);
      // Bluesky's answer came after the guess: the post is posted, so nobody retries it into a copy.
      expect(await itemOf(ann, row.id)).toMatchObject({ status: 'posted', error: null });
      expect((await bsky.postsOf(account.did)).filter((r) => r.value.text === text)).toHaveLength(1);
      // The person who posted it now published it: the sweeper's guess left no entry.
      expect(await historyOf(ann, row.id)).toEqual([
        ['wrote', 'person'],
        ['published', 'person'],
      ]);
    } finally {
      release();
      publisher.publish = original;
    }
  });

  it('reconciles an unconfirmed post by itself: one that went out is found and posted with its URI, counted once; one that did not is failed with Retry offered, never sent twice', async () => {
    const { persona, account } = await personaWithBluesky(ann);
    const publisher = server.app.adapters.bluesky;
    const original = publisher.publish;
    // The network hangs: the first post reaches Bluesky but its answer is lost; the second never leaves.
    let reaches = true;
    publisher.publish = async (...args) => {
      if (reaches) await original.apply(publisher, args);
      throw new PlatformError('Bluesky did not answer in time', 'unknown', { postedIds: [] });
    };
    const postNow = async (content: string) => {
      const answer = await readJson<{ error: { results: PublishResult[] } }>(
        await ann.request(`/api/personas/${persona.id}/post`, {
          method: 'POST',
          json: { platform: 'bluesky', content },
        }),
        502,
      );
      const [result] = answer.error.results;
      expect(result?.status).toBe('unconfirmed');
      return result?.postId ?? '';
    };
    const waiting = async (postId: string) => {
      const rows = (await server.app.database.db.execute(
        sql`select data, start_after from pgboss.job where name = ${RECONCILE_POST} and state = 'created' and data->>'postId' = ${postId}`,
      )) as unknown as { rows: { data: { check: number }; start_after: string | Date }[] };
      return rows.rows.map((r) => ({ check: r.data.check, at: new Date(r.start_after).getTime() }));
    };
    try {
      const wentOut = `It went out ${Date.now()}`;
      const foundId = await postNow(wentOut);
      reaches = false;
      const lost = `It never left ${Date.now()}`;
      const lostId = await postNow(lost);
      // Each gets its first look queued a minute on, not now.
      for (const id of [foundId, lostId]) {
        const [look] = await waiting(id);
        expect(look?.check).toBe(0);
        expect(look?.at).toBeGreaterThan(Date.now() + 30_000);
      }
      const before = (await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200)).stats.totalTweets;

      // The look comes: the post is on the account, so it is posted with its URI, counted once.
      expect(await runJob(server, RECONCILE_POST, { postId: foundId, check: 0 })).toBe('posted');
      const [record] = (await bsky.postsOf(account.did)).filter((r) => r.value.text === wentOut);
      const rkey = record?.uri.split('/').at(-1) ?? 'none';
      expect(await itemOf(ann, foundId)).toMatchObject({
        status: 'posted',
        url: expect.stringContaining(`/post/${rkey}`),
        error: null,
      });
      const [row] = await server.app.database.db.select().from(posts).where(eq(posts.id, foundId));
      expect(row?.externalId).toBe(record?.uri);
      expect(await runJob(server, RECONCILE_POST, { postId: foundId, check: 1 })).toBe('settled already');
      // Posted now by a person, left unconfirmed, found by the look: published by automation, once.
      expect(await historyOf(ann, foundId)).toEqual([
        ['wrote', 'person'],
        ['published', 'automation'],
      ]);
      const after = (await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200)).stats.totalTweets;
      expect(after).toBe(before + 1);

      // The other is not there: looked for again later, then failed with Retry offered.
      expect(await runJob(server, RECONCILE_POST, { postId: lostId, check: 0 })).toBe('not found yet');
      expect((await waiting(lostId)).map((l) => l.check)).toContain(1);
      expect(await itemOf(ann, lostId)).toMatchObject({ status: 'unconfirmed' });
      const last = RECONCILE_WAITS_MS.length - 1;
      expect(await runJob(server, RECONCILE_POST, { postId: lostId, check: last })).toBe('failed');
      const failed = await itemOf(ann, lostId);
      expect(failed).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/did not go out\. Retry to post it/),
      });
      expect((await bsky.postsOf(account.did)).filter((r) => r.value.text === lost)).toEqual([]);
      const gaveUp = (await readJson<Post>(await ann.request(`/api/posts/${lostId}`), 200)).history;
      expect(gaveUp).toMatchObject([
        { action: 'wrote', actorKind: 'person' },
        { action: 'failed', actorKind: 'automation', note: expect.stringMatching(/did not go out/) },
      ]);

      // Retry, by the user, posts it once.
      publisher.publish = original;
      await readJson(await ann.request(`/api/schedule/${lostId}/retry`, { method: 'POST' }), 200);
      await until(async () => ((await itemOf(ann, lostId))?.status === 'posted' ? true : undefined), 20_000);
      expect((await bsky.postsOf(account.did)).filter((r) => r.value.text === lost)).toHaveLength(1);
      expect((await bsky.postsOf(account.did)).filter((r) => r.value.text === wentOut)).toHaveLength(1);
      expect((await historyOf(ann, lostId)).map(([action]) => action)).toEqual(['wrote', 'failed', 'published']);
    } finally {
      publisher.publish = original;
    }
  });

  it('queues scheduled posts missed while no worker ran', async () => {
    const { persona, account } = await personaWithBluesky(ann);
    const text = `Missed during a restart ${Date.now()}`;
    const [row] = await server.app.database.db
      .insert(posts)
      .values({
        id: crypto.randomUUID(),
        personaId: persona.id,
        platform: 'bluesky',
        content: text,
        parts: [textPart(text)],
        status: 'scheduled',
        scheduledFor: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    await server.app.jobs.send(SWEEP_POSTS);
    await until(async () => ((await itemOf(ann, row?.id ?? ''))?.status === 'posted' ? true : undefined), 20_000);
    expect((await bsky.postsOf(account.did)).filter((r) => r.value.text === text)).toHaveLength(1);
  });
});

/** A loopback proxy to the PDS that holds back the answer to createRecord: a publish "in flight". */
async function slowPds(target: string, holdMs: number) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
      const send = () => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      };
      if (url.pathname.endsWith('com.atproto.repo.createRecord')) {
        seen.push(url.pathname);
        setTimeout(send, holdMs);
      } else send();
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function startWorker(server: TestServer): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      ...bsky.env,
      DATABASE_URL: server.app.database.connectionString,
      DATA_DIR: server.dataDir,
      LOG_LEVEL: process.env.WORKER_LOG_LEVEL ?? 'warn',
    },
    stdio: 'inherit',
  });
}

async function stop(worker: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill(signal);
  await exited;
}

describe.skipIf(!process.env.DATABASE_URL)('worker processes', () => {
  let server: TestServer;
  let ann: Client;
  beforeAll(async () => {
    server = await build({ ...bsky.env, RUN_WORKER: 'false' });
    ann = await signedIn(server);
  });
  afterAll(() => server?.close());

  it('two workers publish each post once', async () => {
    const { persona, account } = await personaWithBluesky(ann);
    const texts = Array.from({ length: 12 }, (_, i) => `Two workers, post ${i} ${Date.now()}`);
    const runAt = inSeconds(3);
    const items = [];
    for (const content of texts) {
      items.push(
        await readJson<ScheduledItem>(
          await schedule(ann, { personaId: persona.id, platform: 'bluesky', content, runAt }),
          201,
        ),
      );
    }
    // Deliver every job a second time too.
    for (const item of items)
      await server.app.jobs.send(PUBLISH_POST, { postId: item.id }, { startAfter: new Date(runAt) });
    const workers = [startWorker(server), startWorker(server)];
    try {
      await until(
        async () => {
          const list = await readJson<ScheduledItem[]>(await ann.request(`/api/schedule?personaId=${persona.id}`), 200);
          return list.every((i) => i.status === 'posted') ? true : undefined;
        },
        60_000,
        500,
      );
    } finally {
      await Promise.all(workers.map((w) => stop(w)));
    }
    const records = await bsky.postsOf(account.did);
    for (const text of texts) expect(records.filter((r) => r.value.text === text)).toHaveLength(1);
    // Each post's history says once that the job published it, whichever worker or delivery did.
    for (const item of items) {
      const published = (await historyOf(ann, item.id)).filter(([action]) => action === 'published');
      expect(published).toEqual([['published', 'automation']]);
    }
  });

  it('killing the worker mid-publish leaves no duplicate and the post visible as posted', async () => {
    const proxy = await slowPds(bsky.pdsUrl, 10_000);
    try {
      const { persona, account } = await personaWithBluesky(ann, { service: proxy.url });
      const text = `Killed mid-publish ${Date.now()}`;
      const item = await readJson<ScheduledItem>(
        await schedule(ann, { personaId: persona.id, platform: 'bluesky', content: text, runAt: inSeconds(1) }),
        201,
      );
      const worker = startWorker(server);
      await until(async () => (proxy.seen.length > 0 ? true : undefined), 30_000);
      await stop(worker, 'SIGKILL');
      expect((await itemOf(ann, item.id))?.status).toBe('publishing');

      // Later (the claim is old now), a worker starts again and the sweeper looks into it.
      await server.app.database.db
        .update(posts)
        .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(posts.id, item.id));
      const again = startWorker(server);
      try {
        await server.app.jobs.send(SWEEP_POSTS);
        const settled = await until(async () => {
          const found = await itemOf(ann, item.id);
          return found && found.status !== 'publishing' ? found : undefined;
        }, 30_000);
        expect(settled.status).toBe('posted');
      } finally {
        await stop(again);
      }
      expect((await bsky.postsOf(account.did)).filter((r) => r.value.text === text)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
