import { randomUUID } from 'node:crypto';
import type { Account, AutomationPlan, Persona, Platform, UsageSummary } from '@plume/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAccounts, posts } from '../src/db/schema';
import { WRITE_SLOT } from '../src/jobs/automation';
import { networkLimits } from '../src/modules/budget/budget.service';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

/*
 * Safety in one home (decision 025): one daily count in which each post and each action counts
 * once, whoever checks it (publishing, auto-posting, replies, engagement); and every platform
 * budget (decision 033): what each account spends of Bluesky's limits, and automation that waits
 * for room before it reaches them.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
let bsky: BlueskyNetwork;
let server: TestServer;
/** Automation's clock: real time unless a test sets it. */
let clockAt: Date | null = null;
/** The networks' limits as the server reads them: a test makes one small, and puts it back. */
const limits = networkLimits();

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
  server = await build(
    { ...bsky.env, METRICS_SYNC_MINUTES: '0', X_METRICS_SYNC_MINUTES: '0' },
    { clock: () => clockAt ?? new Date(), budgetLimits: limits },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bsky?.close();
});

/** A fixed-offset zone in which it is now about noon: the hours before are the same day there. */
function noonZone(): string {
  const ahead = 12 - new Date().getUTCHours();
  // Etc/GMT's sign is the other way round: Etc/GMT-3 is three hours ahead of UTC.
  return ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}
const wallClock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

describe('the daily activity limit', () => {
  it('counts an automated post once: with a limit of 2, two automated posts go out and the third slot is held', async () => {
    const ann: Client = await signedInUser(server.url, 'safety');
    const timeZone = noonZone();
    await readJson(await ann.request('/api/me/preferences', { method: 'PUT', json: { timeZone } }), 200);
    // Three slots of today, an hour apart, all past in real time: a post written for one goes out at once.
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const [first, second, third] = [3, 2, 1].map((hours) => new Date(now - hours * HOUR + 5 * MINUTE)) as [
      Date,
      Date,
      Date,
    ];
    const slots = [first, second, third];
    const { persona, account } = await blueskyPersona(
      { server, bsky, client: ann },
      {
        name: 'Limited',
        is_active: true,
        sources: [],
        automation: (base) => ({
          ...base,
          autoPosting: {
            ...base.autoPosting,
            enabled: true,
            frequency: 'custom',
            customTimes: slots.map((s) => wallClock(s, timeZone)),
            advancedSchedule: {},
            smartTiming: false,
            publishWithoutReview: true,
          },
          safety: { ...base.safety, dailyActivityLimit: 2, humanLikePatterns: false, cooldownPeriods: false },
        }),
      },
    );
    const userId = (await readJson<{ user: { id: string } }>(await ann.request('/api/session'), 200)).user.id;
    const slotPost = async (slot: Date) =>
      (
        await server.app.database.db
          .select()
          .from(posts)
          .where(and(eq(posts.personaId, persona.id), eq(posts.autoSlot, slot)))
      )[0];

    for (const slot of [first, second]) {
      // Five minutes before the slot its post is written, for its time (past in real time: it goes at once).
      clockAt = new Date(slot.getTime() - 5 * MINUTE);
      await runJob(server, WRITE_SLOT, { personaId: persona.id, userId, slot: slot.toISOString() });
      const settled = await until(async () => {
        const row = await slotPost(slot);
        return row && (row.status === 'posted' || row.status === 'failed' || row.error) ? row : undefined;
      });
      expect([settled.status, settled.error]).toEqual(['posted', null]);
    }
    expect(await bsky.postsOf(account.did)).toHaveLength(2);

    // The third slot of the day: two posts went out, the limit is reached.
    clockAt = new Date(third.getTime() - 5 * MINUTE);
    expect(await runJob(server, WRITE_SLOT, { personaId: persona.id, userId, slot: third.toISOString() })).toBe(
      'skipped',
    );
    clockAt = null;
    expect(await slotPost(third)).toBeUndefined();
    const plan = await readJson<AutomationPlan>(await ann.request(`/api/personas/${persona.id}/automation/plan`), 200);
    expect(plan.log.find((e) => e.event === 'skipped')?.message).toContain('the daily activity limit (2) is reached');
  });
});

/**
 * A persona with a daily activity limit of `limit`, its slots at `times` (UTC, the zone of a user
 * without one) written to the review queue, connected to the networks named: a real Bluesky
 * account when `bluesky` is 'pds', else connections written straight to the database (nothing is
 * posted through them).
 */
async function limitedPersona(
  client: Client,
  options: { limit: number; times: string[]; networks: Platform[]; bluesky?: 'pds' },
) {
  const created = await readJson<Persona>(
    await client.request('/api/personas', { method: 'POST', json: { name: 'Counted', is_active: true, sources: [] } }),
    201,
  );
  let did: string | null = null;
  for (const platform of options.networks) {
    if (platform === 'bluesky' && options.bluesky === 'pds') {
      const account = await bsky.createAccount('counted');
      did = account.did;
      await readJson(
        await client.request(`/api/personas/${created.id}/accounts/bluesky/app-password`, {
          method: 'POST',
          json: { handle: account.handle, appPassword: account.appPassword },
        }),
        200,
      );
    } else {
      await server.app.database.db.insert(platformAccounts).values({
        id: randomUUID(),
        personaId: created.id,
        platform,
        externalId: `${platform}-${created.id}`,
        username: `counted-${platform}`,
        authMethod: platform === 'x' ? 'oauth' : 'app_password',
      });
    }
  }
  const base = created.automation;
  const persona = await readJson<Persona>(
    await client.request(`/api/personas/${created.id}`, {
      method: 'PUT',
      json: {
        automation: {
          ...base,
          autoPosting: {
            ...base.autoPosting,
            enabled: true,
            frequency: 'custom',
            customTimes: options.times,
            advancedSchedule: {},
            smartTiming: false,
            publishWithoutReview: false,
          },
          safety: {
            ...base.safety,
            dailyActivityLimit: options.limit,
            humanLikePatterns: false,
            cooldownPeriods: false,
          },
        },
      },
    }),
    200,
  );
  const userId = (await readJson<{ user: { id: string } }>(await client.request('/api/session'), 200)).user.id;
  return { persona, userId, did };
}

const postsOf = (personaId: string) =>
  server.app.database.db.select().from(posts).where(eq(posts.personaId, personaId)).orderBy(posts.scheduledFor);

/**
 * Writes the slot's post with automation's clock 50 minutes before it. The every-minute look
 * runs on that clock too and may write the slot first: the test reads what was written.
 */
async function writeSlotAt(personaId: string, userId: string, slot: Date) {
  clockAt = new Date(slot.getTime() - 50 * MINUTE);
  try {
    return await runJob(server, WRITE_SLOT, { personaId, userId, slot: slot.toISOString() });
  } finally {
    clockAt = null;
  }
}

describe('the daily activity limit, with a post per network', () => {
  it('refuses Post now to two networks with one post left (429), posting nothing anywhere', async () => {
    const bea = await signedInUser(server.url, 'two-networks');
    const { persona, did } = await limitedPersona(bea, {
      limit: 1,
      times: ['12:00'],
      networks: ['bluesky', 'x'],
      bluesky: 'pds',
    });
    const refused = await bea.request(`/api/personas/${persona.id}/post`, {
      method: 'POST',
      json: { platform: ['bluesky', 'x'], content: 'Two posts, one left' },
    });
    const body = await readJson<{ error: { code: string; message: string } }>(refused, 429);
    expect(body.error.message).toBe(
      "Daily activity limit (1): 1 more post today, not 2: post to fewer networks, or raise the limit in the Automation tab's Safety settings",
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await bsky.postsOf(did ?? '')).toEqual([]);
    expect(await postsOf(persona.id)).toEqual([]);
    // One network fits.
    await readJson(
      await bea.request(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'bluesky', content: 'One post, one left' },
      }),
      200,
    );
    expect(await bsky.postsOf(did ?? '')).toHaveLength(1);
  });

  it('skips a slot with a post for each of two networks when one post is left that day, writing neither', async () => {
    const cy = await signedInUser(server.url, 'two-networks-slot');
    const { persona, userId } = await limitedPersona(cy, { limit: 1, times: ['12:00'], networks: ['bluesky', 'x'] });
    // Noon in two days: the every-minute look in real time leaves it alone.
    const slot = new Date(Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 2 * 24 * HOUR + 12 * HOUR);
    expect(await writeSlotAt(persona.id, userId, slot)).toBe('skipped');
    expect(await postsOf(persona.id)).toEqual([]);
    const plan = await readJson<AutomationPlan>(await cy.request(`/api/personas/${persona.id}/automation/plan`), 200);
    expect(plan.log.find((e) => e.event === 'skipped')?.message).toContain(
      'the daily activity limit (1) leaves 1 post that day, fewer than the 2 of this slot.',
    );
  });

  it('counts a slot just past midnight, written the evening before, against its own day', async () => {
    const dee = await signedInUser(server.url, 'midnight');
    const { persona, userId } = await limitedPersona(dee, {
      limit: 1,
      times: ['22:30', '00:30'],
      networks: ['bluesky'],
    });
    // Two days on (UTC): 22:30 fills that day's one post; 00:30 the next day is written at 23:40.
    const day = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 2 * 24 * HOUR;
    const evening = new Date(day + 22 * HOUR + 30 * MINUTE);
    const pastMidnight = new Date(day + 24 * HOUR + 30 * MINUTE);
    expect(['written', 'already written']).toContain(await writeSlotAt(persona.id, userId, evening));
    expect(['written', 'already written']).toContain(await writeSlotAt(persona.id, userId, pastMidnight));
    expect((await postsOf(persona.id)).map((p) => [p.autoSlot, p.status])).toEqual([
      [evening, 'pending_review'],
      [pastMidnight, 'pending_review'],
    ]);
  });
});

describe('every platform budget (decision 033)', () => {
  const postNow = (client: Client, personaId: string, json: Record<string, unknown>) =>
    client.request(`/api/personas/${personaId}/post`, { method: 'POST', json: { platform: 'bluesky', ...json } });

  it('counts 3 write points a part where a post goes out, and the sign-in; the accounts and /api/usage show today and this month', async () => {
    const eve = await signedInUser(server.url, 'budget-count');
    const { persona, account } = await blueskyPersona(
      { server, bsky, client: eve },
      { name: 'Counter', is_active: false },
    );
    await readJson(await postNow(eve, persona.id, { content: 'One, then two', parts: ['One', 'then two'] }), 200);
    expect(await bsky.postsOf(account.did)).toHaveLength(2);

    const spend = { points: 6, sessions: 1 };
    const [listed] = await readJson<Account[]>(await eve.request(`/api/personas/${persona.id}/accounts`), 200);
    expect(listed?.spend).toEqual({ today: spend, month: spend });
    const usage = await readJson<UsageSummary>(await eve.request('/api/usage'), 200);
    expect(usage.budgets).toEqual([
      {
        personaId: persona.id,
        personaName: 'Counter',
        platform: 'bluesky',
        username: account.handle,
        today: spend,
        month: spend,
      },
    ]);
  });

  it('holds an automated post before 80% of a small limit instead of sending it, while Post now may use the whole limit and no more', async () => {
    const fay = await signedInUser(server.url, 'budget-slow');
    const timeZone = noonZone();
    await readJson(await fay.request('/api/me/preferences', { method: 'PUT', json: { timeZone } }), 200);
    const slot = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - HOUR + 5 * MINUTE);
    const { persona, account } = await blueskyPersona(
      { server, bsky, client: fay },
      {
        name: 'Paced',
        is_active: true,
        sources: [],
        automation: (base) => ({
          ...base,
          autoPosting: {
            ...base.autoPosting,
            enabled: true,
            frequency: 'custom',
            customTimes: [wallClock(slot, timeZone)],
            advancedSchedule: {},
            smartTiming: false,
            publishWithoutReview: true,
          },
          // The automated label's profile write would spend points too (decision 034).
          safety: { ...base.safety, humanLikePatterns: false, cooldownPeriods: false, labelAutomated: false },
        }),
      },
    );
    const userId = (await readJson<{ user: { id: string } }>(await fay.request('/api/session'), 200)).user.id;
    // 10 points an hour: Plume's own sending keeps to 8, a person posting now may use all 10.
    limits.bluesky.points = [{ max: 10, minutes: 60 }];
    try {
      for (const content of ['First by hand', 'Second by hand']) {
        await readJson(await postNow(fay, persona.id, { content }), 200);
      }
      expect(await bsky.postsOf(account.did)).toHaveLength(2);

      // The slot's post would make 9 points of the hour's 10: it waits, and is never sent.
      clockAt = new Date(slot.getTime() - 5 * MINUTE);
      await runJob(server, WRITE_SLOT, { personaId: persona.id, userId, slot: slot.toISOString() });
      clockAt = null;
      const held = await until(async () => {
        const [row] = await server.app.database.db
          .select()
          .from(posts)
          .where(and(eq(posts.personaId, persona.id), eq(posts.autoSlot, slot)));
        return row?.error || row?.status === 'posted' ? row : undefined;
      });
      expect(held.status).toBe('scheduled');
      expect(held.error).toBe(
        "Waiting for room: Bluesky's limit: 6 of 10 write points an hour used, and Plume keeps to 80%",
      );
      // Room comes when the first post's 5 minutes leave the hour.
      const firstBucket = Math.floor(Date.now() / (5 * MINUTE)) * 5 * MINUTE;
      expect(held.scheduledFor?.getTime()).toBeGreaterThanOrEqual(firstBucket - 5 * MINUTE + 65 * MINUTE);
      expect(held.scheduledFor?.getTime()).toBeLessThanOrEqual(firstBucket + 65 * MINUTE);
      expect(await bsky.postsOf(account.did)).toHaveLength(2);

      // By hand: 9 of 10 goes out; 12 of 10 would pass the limit, so Plume answers 429 and sends nothing.
      await readJson(await postNow(fay, persona.id, { content: 'Third by hand' }), 200);
      const refused = await postNow(fay, persona.id, { content: 'Fourth by hand' });
      const body = await readJson<{ error: { message: string } }>(refused, 429);
      expect(body.error.message).toMatch(
        /^Bluesky's limit: 9 of 10 write points an hour used: try again in \d+ minutes?$/,
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await bsky.postsOf(account.did)).toHaveLength(3);
    } finally {
      clockAt = null;
      limits.bluesky.points = networkLimits().bluesky.points ?? [];
    }
  });
});
