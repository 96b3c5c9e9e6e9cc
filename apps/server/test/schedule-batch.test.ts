import type { Persona, ScheduledItem } from '@plume/core';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../src/db/schema';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { until } from './helpers/until';

/*
 * POST /api/schedule/batch (issue 32): many posts at once, each checked as POST /api/schedule
 * checks one, all or nothing, and each published once by the worker. Over HTTP, against a real
 * Bluesky PDS.
 */

let bsky: BlueskyNetwork;
let server: TestServer;
let ann: Client;
let bob: Client;
/** Every statement the app runs through Drizzle (pg-boss's own SQL is not among them). */
const statements: string[] = [];

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
  server = await build(bsky.env, { onQuery: (sql) => statements.push(sql) });
  ann = await signedInUser(server.url, 'batch');
  bob = await signedInUser(server.url, 'batchbob');
});
afterAll(async () => {
  await server?.close();
  await bsky?.close();
});

/** A persona with a Bluesky account, cooldown off (the batch's posts follow each other within seconds). */
async function personaOnBluesky(c: Client) {
  const created = await readJson<Persona>(
    await c.request('/api/personas', { method: 'POST', json: { name: 'Batch', is_active: false } }),
    201,
  );
  const automation = { ...created.automation, safety: { ...created.automation.safety, cooldownPeriods: false } };
  const persona = await readJson<Persona>(
    await c.request(`/api/personas/${created.id}`, { method: 'PUT', json: { automation } }),
    200,
  );
  const account = await bsky.createAccount('batch');
  await readJson(
    await c.request(`/api/personas/${persona.id}/accounts/bluesky/app-password`, {
      method: 'POST',
      json: { handle: account.handle, appPassword: account.appPassword },
    }),
    200,
  );
  return { persona, account };
}

const batch = (c: Client, items: unknown[]) => c.request('/api/schedule/batch', { method: 'POST', json: { items } });
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
type ErrorBody = { error: { message: string; details?: { field: string; message: string }[] } };

/** The persona's posts in the database, whatever their status. */
async function stored(personaIds: string[]) {
  return server.app.database.db.select().from(posts).where(inArray(posts.personaId, personaIds));
}

describe('POST /api/schedule', () => {
  it('is one short request: the persona read once, the post written once and not read back', async () => {
    const { persona } = await personaOnBluesky(ann);
    const body = { personaId: persona.id, platform: 'bluesky', content: 'Quick', runAt: inSeconds(3600) };
    await readJson(await ann.request('/api/schedule', { method: 'POST', json: body }), 201);
    statements.length = 0;
    // Another post (the first one again would be a repeat, whose day the check words in the
    // workspace's time zone: one more read).
    const other = { ...body, content: 'Something else entirely' };
    const item = await readJson<ScheduledItem>(
      await ann.request('/api/schedule', { method: 'POST', json: other }),
      201,
    );
    expect(item).toMatchObject({
      content: 'Something else entirely',
      status: 'scheduled',
      personaName: 'Batch',
      connection: 'connected',
    });
    const mine = statements.filter((sql) => !/"sessions?"|"users?"\b/.test(sql));
    expect(mine.filter((sql) => /from "personas"/.test(sql) && !/from "posts"/.test(sql))).toHaveLength(1);
    // The post and its history (who wrote and scheduled it, decision 056-approval-that-blocks) in
    // one statement.
    const written = mine.filter((sql) => /insert into "posts"/.test(sql));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/insert into "post_history"/);
    expect(mine.filter((sql) => /insert into "post_history"/.test(sql))).toHaveLength(1);
    // Measured on issue 32: 7 statements before (the post was read back), 6 since; 7 with the
    // history; 4 since the check at the door reads only the posts it compares (no model examples,
    // the time zone only for a repeat) and the history rides with the post: the persona, the
    // account, the recent posts, the insert (pg-boss's job insert is not among them).
    expect(mine).toHaveLength(4);
  });
});

describe('POST /api/schedule/batch', () => {
  it('refuses the whole batch for one bad item, naming it, and another user’s persona as the single route does', async () => {
    const { persona } = await personaOnBluesky(ann);
    const good = { personaId: persona.id, platform: 'bluesky', content: 'Fine', runAt: inSeconds(3600) };
    const past = await readJson<ErrorBody>(
      await batch(ann, [good, { ...good, content: 'Too early', runAt: inSeconds(-60) }]),
      400,
    );
    expect(past.error.details).toEqual([{ field: 'body.items.1.runAt', message: 'Date must be in the future' }]);
    const empty = await readJson<ErrorBody>(await batch(ann, [good, good, { ...good, content: ' ' }]), 400);
    expect(empty.error.details?.[0]?.field).toBe('body.items.2.content');
    const noX = await readJson<ErrorBody>(await batch(ann, [{ ...good, platform: 'x' }]), 409);
    expect(noX.error.message).toMatch(/^body\.items\.0: No X account is connected/);
    await readJson(await batch(bob, [good]), 404);
    await readJson(await batch(ann, []), 400);
    expect(await stored([persona.id])).toEqual([]);
    // 'Add to queue' twice in one batch: two slots, not the same one twice.
    const { content: _, runAt: __, ...queued } = good;
    const slots = await readJson<ScheduledItem[]>(
      await batch(ann, [
        { ...queued, content: 'First in line', queue: true },
        { ...queued, content: 'Second in line', queue: true },
      ]),
      201,
    );
    expect(new Set(slots.map((s) => s.scheduledFor)).size).toBe(2);
  });

  it('schedules the items in order, and the worker publishes each exactly once', async () => {
    const one = await personaOnBluesky(ann);
    const two = await personaOnBluesky(ann);
    const tag = Date.now();
    const items = [one, two, one, two].map(({ persona }, i) => ({
      personaId: persona.id,
      platform: 'bluesky',
      content: `Batch ${tag} #${i}`,
      runAt: inSeconds(2 + i * 0.2),
    }));
    const created = await readJson<ScheduledItem[]>(await batch(ann, items), 201);
    expect(created.map((c) => [c.content, c.status, c.scheduledFor])).toEqual(
      items.map((i) => [i.content, 'scheduled', i.runAt]),
    );
    const ids = [one.persona.id, two.persona.id];
    await until(async () => ((await stored(ids)).every((p) => p.status === 'posted') ? true : undefined), 60_000);
    // Anything sent twice shows within a moment of the first.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const texts = [...(await bsky.postsOf(one.account.did)), ...(await bsky.postsOf(two.account.did))].map(
      (r) => r.value.text,
    );
    expect(texts.sort()).toEqual(items.map((i) => i.content).sort());
  });
});
