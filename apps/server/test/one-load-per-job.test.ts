import { RichText } from '@atproto/api';
import type { Persona, ScheduledItem } from '@plume/core';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionCursors, posts } from '../src/db/schema';
import { WRITE_SLOT } from '../src/jobs/automation';
import { CHECK_MENTIONS } from '../src/jobs/engagement';
import { PUBLISH_POST } from '../src/jobs/publish-posts';
import { type BlueskyNetworkWithAppView, startBlueskyNetworkWithAppView } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

/*
 * One load per job (issue 27): a job reads the persona, its owner's time zone and the account it
 * works on once, and hands them down. Counted with a query log: every statement the app runs
 * through Drizzle (pg-boss's own SQL is not among them), kept with its parameters, from the moment
 * the job is asked for until it is over (a publish: its post is 'posted' in the database and its
 * job completed, so the writes after the network's answer are in). A statement reads a table when
 * it names it after FROM or JOIN, whatever its verb (a select, or a write that reads it in a
 * subquery); the read is the job's when the statement's parameters name the job's persona, owner,
 * account or post (the every-minute jobs running meanwhile name none of them, and the test's own
 * polls read only `posts` and pg-boss's jobs, which no count looks at).
 */

let bsky: BlueskyNetworkWithAppView;
let server: TestServer;
let ann: Client;
const log: { sql: string; params: unknown[] }[] = [];
const ZONE = 'Europe/Paris';

beforeAll(async () => {
  bsky = await startBlueskyNetworkWithAppView();
  const { appViewUrl: _appView, ...network } = bsky.env;
  server = await build(
    { ...network, APP_SECRET: 'one-load-test-secret-0123456789abcdef', METRICS_SYNC_MINUTES: '0' },
    {
      random: () => 0,
      onQuery: (sql, params) => log.push({ sql, params }),
    },
  );
  ann = await signedInUser(server.url, 'oneload');
  await readJson(await ann.request('/api/me/preferences', { method: 'PUT', json: { timeZone: ZONE } }), 200);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bsky?.close();
});

/** The job's subject: a read is the job's when its parameters name one of these. */
type Subject = { personaId: string; userId: string; accountId: string; postId?: string };

/**
 * The reads of the persona, its owner's zone and the account among `statements`: selects naming
 * the table whose parameters name the job's persona, account or post (or, for the zone, the owner).
 * A read of all the owner's accounts (never answering another of their personas) names only the
 * owner: it is not a read of the account the job works on.
 */
function readsOf(statements: { sql: string; params: unknown[] }[], subject: Subject) {
  // A statement carrying many jobs' asks names each in an array (db/coalesced.ts).
  const names = (s: { params: unknown[] }, ids: (string | undefined)[]) =>
    s.params.some((p) => (Array.isArray(p) ? p : [p]).some((one) => typeof one === 'string' && ids.includes(one)));
  const own = [subject.personaId, subject.accountId, subject.postId];
  const reads = (table: string, ids: (string | undefined)[]) =>
    // A write is not a load: the persona card's count of posts (decision 027), one UPDATE of the
    // personas whose posts went out, reads their accounts in a subquery.
    statements.filter(
      (s) => !/^\s*update/i.test(s.sql) && new RegExp(`(from|join) "${table}"`, 'i').test(s.sql) && names(s, ids),
    );
  return {
    persona: reads('personas', own).length,
    zone: reads('user_preferences', [...own, subject.userId]).length,
    account: reads('platform_accounts', own).length,
    aiSettings: reads('ai_settings', [subject.userId]).length,
    sourceTitles: reads('source_items', own).length,
    /** Statements that load the persona, the zone and the account together. */
    together: reads('personas', own).filter(
      (s) => /join "user_preferences"/i.test(s.sql) && /join "platform_accounts"|from "platform_accounts"/i.test(s.sql),
    ).length,
  };
}

/** Runs `work` and answers the statements the app ran meanwhile. */
async function logged(work: () => Promise<unknown>) {
  log.length = 0;
  await work();
  return [...log];
}

async function personaOn(name: string, automation: (a: Persona['automation']) => Persona['automation']) {
  // No sources, no automated label: no poll-source or label job reads the persona while a test counts.
  const { persona, account, accountId } = await blueskyPersona(
    { server, bsky, client: ann },
    {
      name,
      is_active: true,
      sources: [],
      automation: (base) =>
        automation({
          ...base,
          safety: { ...base.safety, humanLikePatterns: false, cooldownPeriods: false, labelAutomated: false },
        }),
    },
  );
  const userId = (await readJson<{ user: { id: string } }>(await ann.request('/api/session'), 200)).user.id;
  return { persona, account, accountId, userId };
}

/**
 * Moves a post to go out in two seconds (the user's Schedule dialog) and answers the statements
 * the app ran from then until its publish job was over: the post 'posted' in the database (the
 * network's answer recorded) and its job completed (the card's count and anything else after it).
 */
async function publishSoon(id: string, did: string) {
  const { db } = server.app.database;
  const item = await readJson<ScheduledItem>(
    await ann.request(`/api/schedule/${id}`, {
      method: 'PATCH',
      json: { runAt: new Date(Date.now() + 2000).toISOString() },
    }),
    200,
  );
  log.length = 0;
  await until(async () => {
    const [row] = await db.select({ status: posts.status }).from(posts).where(eq(posts.id, id));
    if (row?.status !== 'posted') return undefined;
    // Both drivers answer raw SQL with its rows under `rows`.
    const done = (await db.execute(
      sql`select id from pgboss.job where name = ${PUBLISH_POST} and data->>'postId' = ${id} and state = 'completed'`,
    )) as unknown as { rows: unknown[] };
    return done.rows.length > 0 ? true : undefined;
  });
  const statements = [...log];
  expect((await bsky.postsOf(did)).filter((p) => p.value.text === item.content)).toHaveLength(1);
  return statements;
}

/**
 * Besides the job's one load, Bluesky's session re-reads the account's sealed credentials (only
 * that column) under the account's lock each time it is used: a call that held the lock before may
 * have rotated them (the credential store, integrations/platform.ts). The adapter never looks the
 * account up again.
 */
const BLUESKY_SESSION_READS = 1;

describe('one load per job', () => {
  it('publishing a scheduled post reads its persona, the owner’s zone and its account once, together', async () => {
    const { persona, account, accountId, userId } = await personaOn('Scheduled', (a) => a);
    const item = await readJson<ScheduledItem>(
      await ann.request('/schedule', {
        method: 'POST',
        json: {
          personaId: persona.id,
          platform: 'bluesky',
          content: 'On its time',
          runAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      }),
      201,
    );
    const reads = readsOf(await publishSoon(item.id, account.did), {
      personaId: persona.id,
      userId,
      accountId,
      postId: item.id,
    });
    expect(reads).toEqual({
      persona: 1,
      zone: 1,
      account: 1 + BLUESKY_SESSION_READS,
      aiSettings: 0,
      sourceTitles: 0,
      together: 1,
    });
  });

  it('an automated post: writing its slot loads the persona, the zone and the accounts once; publishing it, once', async () => {
    // Two hours on: the every-minute look leaves the slot alone, the test's job writes it.
    const slot = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000);
    const { persona, account, accountId, userId } = await personaOn('Automated', (a) => ({
      ...a,
      autoPosting: {
        ...a.autoPosting,
        enabled: true,
        frequency: 'daily',
        // The slot's wall-clock time in the owner's zone.
        customTimes: [
          new Intl.DateTimeFormat('en-GB', {
            timeZone: ZONE,
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }).format(slot),
        ],
        smartTiming: false,
        publishWithoutReview: true,
      },
    }));
    const subject = { personaId: persona.id, userId, accountId };
    const write = await logged(async () =>
      expect(await runJob(server, WRITE_SLOT, { personaId: persona.id, userId, slot: slot.toISOString() })).toBe(
        'written',
      ),
    );
    // The writer is handed the persona; it reads the user's model settings and the headlines it writes from.
    expect(readsOf(write, subject)).toMatchObject({ persona: 1, zone: 1, account: 1, aiSettings: 1, together: 1 });

    const [row] = await server.app.database.db
      .select()
      .from(posts)
      .where(and(eq(posts.personaId, persona.id), isNotNull(posts.autoSlot)));
    if (!row) throw new Error('not written');
    expect(row.status).toBe('scheduled');
    const publish = await publishSoon(row.id, account.did);
    expect(readsOf(publish, { ...subject, postId: row.id })).toEqual({
      persona: 1,
      zone: 1,
      account: 1 + BLUESKY_SESSION_READS,
      aiSettings: 0,
      sourceTitles: 0,
      together: 1,
    });
  });

  it('a Bluesky mention: the check loads its persona, zone and account once and its writer once for two replies; publishing a reply, once', async () => {
    const { persona, account, accountId, userId } = await personaOn('Mentioned', (a) => ({
      ...a,
      autoReplies: { ...a.autoReplies, enabled: true, publishWithoutReview: true },
    }));
    // Saved replying, the persona's account is read at once: that read is over before anyone
    // mentions it (the next is minutes away), so the test's own check finds the mentions.
    await until(async () => {
      const [cursor] = await server.app.database.db
        .select()
        .from(mentionCursors)
        .where(eq(mentionCursors.accountId, accountId));
      return cursor?.checkedAt ? true : undefined;
    });
    for (const [name, text] of [
      ['bob', 'what do you think about tea?'],
      ['cy', 'how do you brew it?'],
    ] as const) {
      const someone = await bsky.createAccount(name);
      const rich = new RichText({ text: `@${account.handle} ${text}` });
      await rich.detectFacets(someone.agent);
      await someone.agent.post({ text: rich.text, facets: rich.facets, createdAt: new Date().toISOString() });
    }
    await bsky.processAll();
    await until(async () => {
      const { data } = await account.agent.app.bsky.notification.listNotifications({ limit: 50, priority: false });
      return data.notifications.length >= 2 ? true : undefined;
    });
    const subject = { personaId: persona.id, userId, accountId };
    const check = await logged(async () => expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked'));
    const replies = await server.app.database.db
      .select()
      .from(posts)
      .where(and(eq(posts.personaId, persona.id), isNotNull(posts.replyTo)));
    expect(replies.map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    // Two replies written: the persona and the model settings read once, no headlines (a reply answers the post).
    expect(readsOf(check, subject)).toEqual({
      persona: 1,
      zone: 1,
      account: 1 + BLUESKY_SESSION_READS,
      aiSettings: 1,
      sourceTitles: 0,
      together: 1,
    });

    const [reply] = replies;
    if (!reply) throw new Error('no reply');
    const publish = await publishSoon(reply.id, account.did);
    expect(readsOf(publish, { ...subject, postId: reply.id })).toEqual({
      persona: 1,
      zone: 1,
      account: 1 + BLUESKY_SESSION_READS,
      aiSettings: 0,
      sourceTitles: 0,
      together: 1,
    });
  });
});
