import { type InAppNotificationList, type Persona, type ScheduledItem, textPart } from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAppNotifications, platformAccounts, posts } from '../src/db/schema';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';

/** Paged lists (decision 044-list-paging): a keyset cursor, no duplicates or gaps while the list changes. */
describe('paged lists', () => {
  let server: TestServer;
  let ann: Client;
  let persona: Persona;
  const DRAFTS = 250;

  beforeAll(async () => {
    server = await build();
    ann = await signedInUser(server.url, 'paging');
    persona = await readJson<Persona>(
      await ann.request('/api/personas', { method: 'POST', json: { name: 'Pager', is_active: false } }),
      201,
    );
    const { db } = server.app.database;
    // An account that works, so a draft can be approved (its time is tomorrow: nothing is published).
    await db.insert(platformAccounts).values({
      id: crypto.randomUUID(),
      personaId: persona.id,
      platform: 'bluesky',
      externalId: 'did:plc:pager',
      username: 'pager.test',
      authMethod: 'app_password',
    });
    // Five drafts share each written time: the id breaks the ties.
    const base = Date.now() - 3_600_000;
    const tomorrow = new Date(Date.now() + 86_400_000);
    await db.insert(posts).values(
      Array.from({ length: DRAFTS }, (_, i) => ({
        id: crypto.randomUUID(),
        personaId: persona.id,
        platform: 'bluesky' as const,
        content: `draft ${i}`,
        parts: [textPart(`draft ${i}`)],
        status: 'pending_review' as const,
        scheduledFor: tomorrow,
        createdAt: new Date(base + Math.floor(i / 5) * 1000 + 0.5),
      })),
    );
  });
  afterAll(() => server?.close());

  const page = async (query: string) => {
    const response = await ann.request(`/api/schedule?${query}`);
    const items = await readJson<ScheduledItem[]>(response, 200);
    return { items, next: response.headers.get('x-next-cursor') };
  };

  it('pages the review queue in the order drafts were written, each once, while one is approved between pages', async () => {
    const whole = await readJson<ScheduledItem[]>(await ann.request('/api/schedule?status=pending_review'), 200);
    expect(whole).toHaveLength(DRAFTS);
    expect(await readJson(await ann.request('/api/review/count'), 200)).toEqual({ waiting: DRAFTS });

    const seen: ScheduledItem[] = [];
    let cursor: string | null = null;
    let approved: ScheduledItem | undefined;
    for (let n = 0; n < 10; n++) {
      const got = await page(
        `status=pending_review&order=created&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(got.items.length).toBeLessThanOrEqual(100);
      seen.push(...got.items);
      cursor = got.next;
      if (n === 0) {
        // Approved from the next page, before it is read: it leaves the queue, the rest stay in place.
        approved = (
          await page(`status=pending_review&order=created&limit=1&cursor=${encodeURIComponent(cursor ?? '')}`)
        ).items[0];
        await readJson(await ann.request(`/api/review/${approved?.id}/approve`, { method: 'POST', json: {} }), 200);
      }
      if (!cursor) break;
    }
    const expected = whole
      .filter((i) => i.id !== approved?.id)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((i) => i.id);
    expect(seen.map((i) => i.id)).toEqual(expected);
    expect(new Set(seen.map((i) => i.id)).size).toBe(DRAFTS - 1);
    expect(await readJson(await ann.request('/api/review/count'), 200)).toEqual({ waiting: DRAFTS - 1 });
  });

  it('pages the schedule in time order and refuses a bad cursor or limit, naming the field', async () => {
    const first = await page('limit=200');
    expect(first.items).toHaveLength(200);
    const rest = await page(`cursor=${encodeURIComponent(first.next ?? '')}`);
    expect(rest.next).toBeNull();
    expect([...first.items, ...rest.items].map((i) => i.id).sort()).toEqual(
      (await readJson<ScheduledItem[]>(await ann.request('/api/schedule'), 200)).map((i) => i.id).sort(),
    );

    for (const [query, field] of [
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('2026-02-30T00:00:00.000000Z~x').toString('base64url')}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=ten', 'limit'],
    ] as const) {
      const bad = await readJson<{ error: { message: string } }>(await ann.request(`/api/schedule?${query}`), 400);
      expect(bad.error.message).toContain(field);
    }
    const bad = await readJson<{ error: { message: string } }>(await ann.request('/api/notifications?cursor=%%%'), 400);
    expect(bad.error.message).toContain('cursor');
  });

  it('pages the notifications newest first, and answers as before without a limit', async () => {
    const me = await readJson<{ id: string }>(await ann.request('/api/me'), 200);
    const at = Date.now() - 60_000;
    await server.app.database.db.insert(inAppNotifications).values(
      Array.from({ length: 120 }, (_, i) => ({
        id: crypto.randomUUID(),
        workspaceId: me.id,
        kind: 'suggestion',
        severity: 'info',
        title: `notice ${i}`,
        message: 'm',
        dedupeKey: `paging:${i}`,
        createdAt: new Date(at + Math.floor(i / 3) * 1000),
      })),
    );
    const plain = await readJson<InAppNotificationList>(await ann.request('/api/notifications'), 200);
    expect(plain.items).toHaveLength(50);
    expect(plain).not.toHaveProperty('nextCursor');

    const seen: string[] = [];
    let cursor: string | null | undefined = null;
    do {
      const got: InAppNotificationList = await readJson<InAppNotificationList>(
        await ann.request(`/api/notifications?limit=50${cursor ? `&cursor=${cursor}` : ''}`),
        200,
      );
      expect(got.unread).toBe(120);
      seen.push(...got.items.map((i) => i.id));
      cursor = got.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen.slice(0, 50)).toEqual(plain.items.map((i) => i.id));
  });
});
