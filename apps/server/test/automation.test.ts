import { type AutomationActivity, type Persona, startOfDay, textPart } from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../src/db/schema';
import { createAutomationRepository } from '../src/modules/automation/automation.repository';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, signInThroughOutbox } from './helpers/client';

let server: TestServer;
let ann: Client;
let bob: Client;

async function signedIn(email: string): Promise<Client> {
  const client = createClient(server.url);
  await signInThroughOutbox(client, email);
  return client;
}

beforeAll(async () => {
  server = await build();
  ann = await signedIn('ann.automation@example.com');
  bob = await signedIn('bob.automation@example.com');
});
afterAll(() => server?.close());

const activityOf = (c: Client, id: string, query = '') => c.request(`/api/personas/${id}/automation/activity${query}`);

describe("a persona's automation activity", () => {
  it('is all zero before the automation has done anything', async () => {
    const persona = (await (await ann.request('/api/personas', { method: 'POST', json: {} })).json()) as Persona;
    const response = await activityOf(ann, persona.id, '?timeZone=Europe/Paris');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      posts: 0,
      replies: 0,
      engagementActions: 0,
      waitingForReview: 0,
      timeSavedMinutes: 0,
    });
  });

  it("counts what went out today in the owner's zone, not the drafts written, and says what waits for review", async () => {
    const zone = 'Asia/Tokyo';
    const cy = await signedIn('cy.automation@example.com');
    expect((await cy.request('/api/me/preferences', { method: 'PUT', json: { timeZone: zone } })).status).toBe(200);
    const persona = (await (
      await cy.request('/api/personas', { method: 'POST', json: { is_active: false } })
    ).json()) as Persona;
    const actions = createAutomationRepository(server.app.database.db);
    const dayStart = startOfDay(new Date(), zone);
    const minute = 60_000;
    const at = (offset: number) => new Date(dayStart.getTime() + offset);
    const reply = {
      ref: { parent: { id: 'm-1' }, root: { id: 'm-1' } },
      authorId: 'did:plc:dee',
      author: 'dee.test',
      text: 'Ada?',
      url: null,
    };
    type Row = { status: 'posted' | 'pending_review'; postedAt?: Date; auto?: boolean; reply?: boolean };
    const rows: Row[] = [
      // Two posts written for today's slots: one went out, one waits.
      { status: 'posted', postedAt: at(minute), auto: true },
      { status: 'pending_review', auto: true },
      // Six replies drafted: two went out today, one just before the owner's midnight, three wait.
      { status: 'posted', postedAt: at(2 * minute), reply: true },
      { status: 'posted', postedAt: at(3 * minute), reply: true },
      { status: 'posted', postedAt: at(-minute), reply: true },
      { status: 'pending_review', reply: true },
      { status: 'pending_review', reply: true },
      { status: 'pending_review', reply: true },
      // A post the owner wrote and published: not automation's.
      { status: 'posted', postedAt: at(4 * minute) },
    ];
    for (const [i, row] of rows.entries()) {
      await server.app.database.db.insert(posts).values({
        id: crypto.randomUUID(),
        personaId: persona.id,
        platform: 'bluesky',
        content: `Post ${i}`,
        parts: [textPart(`Post ${i}`)],
        status: row.status,
        postedAt: row.postedAt ?? null,
        scheduledFor: row.status === 'pending_review' ? at(600 * minute) : null,
        autoSlot: row.auto ? at((i + 1) * 60 * minute) : null,
        replyTo: row.reply ? reply : null,
        writer: row.auto || row.reply ? 'offline' : null,
      });
      // Automation records a post or a reply when it writes the draft.
      if (row.auto) await actions.record(persona.id, 'post');
      if (row.reply) await actions.record(persona.id, 'reply');
    }
    await actions.record(persona.id, 'like');
    await actions.record(persona.id, 'follow');
    // Asked in UTC, the day is still the owner's (their saved zone).
    const activity = (await (await activityOf(cy, persona.id, '?timeZone=UTC')).json()) as AutomationActivity;
    expect(activity).toMatchObject({
      posts: 1,
      replies: 2,
      engagementActions: 2,
      waitingForReview: 4,
      timeSavedMinutes: 5 + 4 + 0.25 + 1,
    });
    expect(activity.since).toBe(dayStart.toISOString());
  });

  it('answers 401 signed out, 404 for another user, 400 naming a bad time zone', async () => {
    const persona = (await (
      await ann.request('/api/personas', { method: 'POST', json: { is_active: false } })
    ).json()) as Persona;
    expect((await fetch(`${server.url}/api/personas/${persona.id}/automation/activity`)).status).toBe(401);
    expect((await activityOf(bob, persona.id)).status).toBe(404);
    const bad = await activityOf(ann, persona.id, '?timeZone=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/timeZone/);
  });
});
