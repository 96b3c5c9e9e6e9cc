import { randomUUID } from 'node:crypto';
import type { Persona, PublishResponse } from '@plume/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, users } from '../src/db/schema';
import { CLEANUP_EXPIRED } from '../src/jobs/cleanup-expired';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { until } from './helpers/until';

/*
 * Post now is once per click (issue 27): a key per click (the Idempotency-Key header) makes the
 * same click sent twice post once and answer the same; the same text again within ten minutes asks
 * "post it again?" (409 duplicate_post) unless confirmed. Over HTTP, against a real Bluesky PDS.
 */

let bsky: BlueskyNetwork;
let server: TestServer;
let ann: Client;

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
  server = await build(bsky.env);
  ann = await signedInUser(server.url, 'once');
});
afterAll(async () => {
  await server?.close();
  await bsky?.close();
});

async function personaOnBluesky() {
  const persona = await readJson<Persona>(
    await ann.request('/api/personas', { method: 'POST', json: { name: 'Once', is_active: false } }),
    201,
  );
  const account = await bsky.createAccount('once');
  await readJson(
    await ann.request(`/api/personas/${persona.id}/accounts/bluesky/app-password`, {
      method: 'POST',
      json: { handle: account.handle, appPassword: account.appPassword },
    }),
    200,
  );
  return { persona, account };
}

const post = (personaId: string, body: unknown, key?: string) =>
  ann.request(`/api/personas/${personaId}/post`, {
    method: 'POST',
    json: body,
    headers: key ? { 'idempotency-key': key } : {},
  });

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

describe('Post now with an Idempotency-Key', () => {
  it('posts once for two requests with the same key at once, and answers both (and a third) the same', async () => {
    const { persona, account } = await personaOnBluesky();
    const key = randomUUID();
    const body = { platform: 'bluesky', content: `Once only ${Date.now()}` };
    const answers = await Promise.all([post(persona.id, body, key), post(persona.id, body, key)]);
    const [first, second] = await Promise.all(answers.map((a) => readJson<PublishResponse>(a, 200)));
    expect(first?.results).toEqual([expect.objectContaining({ platform: 'bluesky', status: 'posted' })]);
    expect(second).toEqual(first);
    // Later, the same key still answers what the first request did, without posting.
    expect(await readJson<PublishResponse>(await post(persona.id, body, key), 200)).toEqual(first);
    expect((await bsky.postsOf(account.did)).map((r) => r.value.text)).toEqual([body.content]);
  });

  it('refuses the same key with another request, naming the header', async () => {
    const { persona, account } = await personaOnBluesky();
    const key = randomUUID();
    await readJson(await post(persona.id, { platform: 'bluesky', content: `First ${Date.now()}` }, key), 200);
    const refused = await readJson<ErrorBody>(
      await post(persona.id, { platform: 'bluesky', content: `Something else ${Date.now()}` }, key),
      422,
    );
    expect(refused.error).toMatchObject({ code: 'idempotency_key_reused' });
    expect(refused.error.message).toMatch(/^Idempotency-Key: /);
    expect(refused.error.details).toEqual([{ field: 'headers.idempotency-key', message: refused.error.message }]);
    expect(await bsky.postsOf(account.did)).toHaveLength(1);
    // A key is a user's own: another user's same key is another key.
    const bob = await signedInUser(server.url, 'bob');
    await readJson(
      await bob.request(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'bluesky', content: 'Not yours' },
        headers: { 'idempotency-key': key },
      }),
      404,
    );
    // A key must look like one.
    const bad = await readJson<ErrorBody>(await post(persona.id, { platform: 'bluesky', content: 'x' }, 'short'), 400);
    expect(bad.error.message).toContain('idempotency-key');
  });

  it('answers a failure of ours after the post went out the same way again, without posting again', async () => {
    const { persona, account } = await personaOnBluesky();
    const { db } = server.app.database;
    // The card's count, written after Bluesky has the post, fails for this persona (a trigger).
    await db.execute(
      sql.raw(`create function fail_card_count() returns trigger language plpgsql as $$
        begin raise exception 'the card count failed'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger fail_card_count before update of stats on personas for each row
        when (new.id = '${persona.id}') execute function fail_card_count()`),
    );
    try {
      const key = randomUUID();
      // Confirmed as a repeat, so only the key stands between a retry and a second post.
      const body = { platform: 'bluesky', content: `Posted, then we failed ${Date.now()}`, confirmDuplicate: true };
      const failed = await readJson<ErrorBody>(await post(persona.id, body, key), 500);
      expect(failed.error).toEqual({ code: 'internal_error', message: 'Something went wrong on our side' });
      expect(await bsky.postsOf(account.did)).toHaveLength(1);
      // The page, or a proxy, sends the same click again: the same answer, nothing posted.
      expect(await readJson<ErrorBody>(await post(persona.id, body, key), 500)).toEqual(failed);
      expect(await bsky.postsOf(account.did)).toHaveLength(1);
    } finally {
      await db.execute(sql.raw('drop trigger fail_card_count on personas'));
      await db.execute(sql.raw('drop function fail_card_count()'));
    }
  });

  it('keeps a key a day: the hourly cleanup removes older ones', async () => {
    const { db } = server.app.database;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    if (!user) throw new Error('no user');
    const old = new Date(Date.now() - 25 * 3_600_000);
    await db.insert(idempotencyKeys).values([
      { userId: user.id, key: 'old-key-0001', route: 'test', requestHash: 'h', status: 200, createdAt: old },
      { userId: user.id, key: 'new-key-0001', route: 'test', requestHash: 'h', status: 200 },
    ]);
    await server.app.jobs.send(CLEANUP_EXPIRED);
    const left = await until(async () => {
      const rows = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
      return rows.some((r) => r.key === 'old-key-0001') ? undefined : rows.map((r) => r.key);
    });
    expect(left).toContain('new-key-0001');
  });
});

describe('the same text again within ten minutes', () => {
  it('asks "post it again?" with when it went out, and posts it when confirmed', async () => {
    const { persona, account } = await personaOnBluesky();
    const content = `Said once ${Date.now()}`;
    await readJson(await post(persona.id, { platform: 'bluesky', content }, randomUUID()), 200);

    const asked = await readJson<ErrorBody>(
      await post(persona.id, { platform: 'bluesky', content }, randomUUID()),
      409,
    );
    expect(asked.error.code).toBe('duplicate_post');
    expect(asked.error.message).toMatch(
      /^The same text went out to Bluesky (less than a minute|1 minute|\d+ minutes) ago\.$/,
    );
    // Without a key too: the rule is the server's, not the page's.
    await readJson(await post(persona.id, { platform: 'bluesky', content }), 409);
    expect(await bsky.postsOf(account.did)).toHaveLength(1);

    // Another text is not asked about; the same one, confirmed, goes out again.
    await readJson(await post(persona.id, { platform: 'bluesky', content: `${content}, and more` }, randomUUID()), 200);
    const again = await readJson<PublishResponse>(
      await post(persona.id, { platform: 'bluesky', content, confirmDuplicate: true }, randomUUID()),
      200,
    );
    expect(again.results[0]?.status).toBe('posted');
    // Newest first.
    expect((await bsky.postsOf(account.did)).map((r) => r.value.text)).toEqual([
      content,
      `${content}, and more`,
      content,
    ]);
  });
});
