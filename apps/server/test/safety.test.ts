import type { AutomationPlan } from '@plume/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../src/db/schema';
import { WRITE_SLOT } from '../src/jobs/automation';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

/*
 * Safety in one home (decision 025): one daily count in which each post and each action counts
 * once, whoever checks it (publishing, auto-posting, replies, engagement).
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
let bsky: BlueskyNetwork;
let server: TestServer;
/** Automation's clock: real time unless a test sets it. */
let clockAt: Date | null = null;

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
  server = await build({ ...bsky.env, METRICS_SYNC_MINUTES: '0' }, { clock: () => clockAt ?? new Date() });
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
