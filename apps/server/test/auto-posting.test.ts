import { AtpAgent } from '@atproto/api';
import {
  type AutomationPlan,
  type Persona,
  type PostBrief,
  type ScheduledItem,
  textPart,
  type WhoCanReply,
} from '@plume/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas as personasTable, platformAccounts, posts, sourceItems } from '../src/db/schema';
import type { PublishOptions, ReplyRef } from '../src/integrations/platform';
import { LABEL_AUTOMATED_DUE } from '../src/jobs/automated-label';
import { AUTO_POSTING_DUE, WRITE_SLOT } from '../src/jobs/automation';
import { createAutoPostingService } from '../src/modules/automation/auto-posting.service';
import { createRepositories } from '../src/modules/repositories';
import { createDraftCheck } from '../src/modules/writing/draft-check';
import { type LlmHandler, type LlmStub, openaiError, openaiText, startLlmStub } from './fakes/llm';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { until } from './helpers/until';

const HOUR = 3_600_000;
let bsky: BlueskyNetwork;
let server: TestServer;
/** On PostgreSQL, a second process on the same database: two workers. */
let peer: TestServer | undefined;
let model: LlmStub;
/** Answers of the model still to fail (a writer that dies mid-generation). */
let failures = 0;
let modelCalls = 0;

/**
 * Automation's clock: two minutes before the last full hour of real time, so the hourly slot it
 * writes for is due (and, in real time, already past: a post scheduled for it publishes at once).
 */
const lastHour = Math.floor(Date.now() / HOUR) * HOUR;
const clock = new Date(lastHour - 2 * 60_000);
/** A slot two hours on: not due for the every-minute look, still a slot a job may write. */
const later = new Date(lastHour + 2 * HOUR);

/** A local OpenAI-compatible model: a short post, or a refusal while `failures` lasts. */
const slotWriter: LlmHandler = (req, res, body) => {
  modelCalls += 1;
  if (failures > 0) {
    failures -= 1;
    // A 4xx: the AI SDK does not retry it, so the job itself fails (as a crash would).
    return openaiError(400, 'the model fell over')(req, res, body);
  }
  return openaiText(`Slot post number ${modelCalls}, written on its own.`, 'stub')(req, res, body);
};

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
  model = await startLlmStub({ fallback: slotWriter });
  const env = {
    ...bsky.env,
    AI_PROVIDER: 'custom',
    AI_BASE_URL: model.baseUrl,
    AI_MODEL: 'stub',
    // Both processes open the connections' sealed credentials: one secret.
    APP_SECRET: 'auto-posting-test-secret-0123456789abcdef',
    // The sync has nothing to do with these tests.
    METRICS_SYNC_MINUTES: '0',
    X_METRICS_SYNC_MINUTES: '0',
  };
  server = await build(env, { clock: () => clock });
  if (server.databaseUrl) {
    peer = await build({ ...env, DATABASE_URL: server.databaseUrl }, { clock: () => clock });
  }
}, 120_000);
afterAll(async () => {
  await peer?.close();
  await server?.close();
  await model?.close();
  await bsky?.close();
});

/** Runs a job on the server's queue now and answers its result. */
async function run(target: TestServer, name: string, data: Record<string, unknown> = {}): Promise<unknown> {
  const id = await target.app.jobs.send(name, data);
  return until(async () => {
    const job = await target.app.jobs.boss.getJobById(name, id ?? '');
    if (job?.state === 'failed') return { failed: job.output };
    return job?.state === 'completed' ? ((job.output as { value?: unknown })?.value ?? job.output) : undefined;
  }, 30_000);
}

/**
 * A persona posting every hour to a Bluesky account of its own; with `dailyAt`, once a day at that
 * time instead (UTC, the zone of a user without one), which the every-minute look leaves alone
 * until it is less than an hour away: a test then writes that slot itself, racing nothing.
 */
async function hourlyPersona(
  client: Client,
  overrides: { publishWithoutReview?: boolean; dailyAt?: Date; whoCanReply?: WhoCanReply } = {},
) {
  const created = await readJson<Persona>(
    await client.request('/api/personas', { method: 'POST', json: { name: 'Clockwork', is_active: true } }),
    201,
  );
  const account = await bsky.createAccount('clock');
  await readJson(
    await client.request(`/api/personas/${created.id}/accounts/bluesky/app-password`, {
      method: 'POST',
      json: { handle: account.handle, appPassword: account.appPassword },
    }),
    200,
  );
  const automation = {
    ...created.automation,
    autoPosting: {
      ...created.automation.autoPosting,
      enabled: true,
      frequency: overrides.dailyAt ? 'daily' : 'hourly',
      customTimes: overrides.dailyAt ? [overrides.dailyAt.toISOString().slice(11, 16)] : [],
      smartTiming: false,
      publishWithoutReview: overrides.publishWithoutReview ?? false,
    },
    safety: {
      ...created.automation.safety,
      humanLikePatterns: false,
      cooldownPeriods: false,
      whoCanReply: overrides.whoCanReply ?? 'everyone',
    },
  };
  const persona = await readJson<Persona>(
    await client.request(`/api/personas/${created.id}`, { method: 'PUT', json: { automation } }),
    200,
  );
  return { persona, account };
}

/** The account's threadgates, as its repository holds them. */
async function threadgatesOf(did: string) {
  const agent = new AtpAgent({ service: bsky.pdsUrl });
  const { data } = await agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.threadgate' });
  return data.records.map((r) => {
    const value = r.value as { post: string; allow?: unknown[] };
    return { uri: r.uri, post: value.post, allow: value.allow };
  });
}

/** The account's profile record as its repository holds it (undefined before it has one). */
async function profileOf(did: string): Promise<Record<string, unknown> | undefined> {
  const agent = new AtpAgent({ service: bsky.pdsUrl });
  try {
    const { data } = await agent.com.atproto.repo.getRecord({
      repo: did,
      collection: 'app.bsky.actor.profile',
      rkey: 'self',
    });
    return data.value as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The self-labels on a profile record. */
const selfLabels = (profile: Record<string, unknown> | undefined) =>
  ((profile?.labels as { values?: { val: string }[] } | undefined)?.values ?? []).map((l) => l.val);

/** The signed-in user's id (what a write-slot job carries). */
const ownerOf = async (client: Client) =>
  (await readJson<{ user: { id: string } }>(await client.request('/api/session'), 200)).user.id;

const slotPosts = (personaId: string) =>
  server.app.database.db
    .select()
    .from(posts)
    .where(and(eq(posts.personaId, personaId), isNotNull(posts.autoSlot)))
    .orderBy(posts.autoSlot);

describe('automated posting', () => {
  it('writes one draft per hourly slot, waiting for review, and says so in the plan', async () => {
    const ann = await signedInUser(server.url, 'hourly');
    const { persona } = await hourlyPersona(ann);
    await run(server, AUTO_POSTING_DUE);
    // The slot less than an hour away, written once by its job.
    await until(async () => ((await slotPosts(persona.id)).length === 1 ? true : undefined), 30_000);
    // Looked at again, by this process and the other: both slots have their post, nothing is queued.
    expect(await run(server, AUTO_POSTING_DUE)).toBe(0);
    if (peer) expect(await run(peer, AUTO_POSTING_DUE)).toBe(0);
    const written = await slotPosts(persona.id);
    expect(written.map((p) => [p.autoSlot?.getTime(), p.status, p.platform, p.writer, p.scheduledFor])).toEqual([
      [lastHour, 'pending_review', 'bluesky', 'custom', new Date(lastHour)],
    ]);
    expect(written[0]?.content).toMatch(/^Slot post number \d+, written on its own\.$/);

    const plan = await readJson<AutomationPlan>(await ann.request(`/api/personas/${persona.id}/automation/plan`), 200);
    expect(plan.posting).toBe(true);
    expect(plan.slots.slice(0, 3).map((s) => [Date.parse(s.slot), s.posts.map((p) => p.status)])).toEqual([
      [lastHour, ['pending_review']],
      [lastHour + HOUR, []],
      [lastHour + 2 * HOUR, []],
    ]);
    expect(plan.log.filter((e) => e.event === 'written')).toHaveLength(1);
    expect(plan.log.find((e) => e.event === 'written')?.message).toContain('waiting in the review queue');

    // The review queue shows what automation wrote, for which slot. Approved after its slot (real
    // time is past it), Add to queue takes the next free one: the next full hour.
    const queue = await readJson<ScheduledItem[]>(
      await ann.request(`/api/schedule?personaId=${persona.id}&status=pending_review`),
      200,
    );
    expect(queue.map((item) => [item.autoSlot, item.writer, item.scheduledFor])).toEqual([
      [new Date(lastHour).toISOString(), 'custom', new Date(lastHour).toISOString()],
    ]);
    const approved = await readJson<ScheduledItem>(
      await ann.request(`/api/review/${queue[0]?.id}/approve`, { method: 'POST', json: { queue: true } }),
      200,
    );
    expect(approved.status).toBe('scheduled');
    expect(Date.parse(approved.scheduledFor ?? '')).toBeGreaterThan(Date.now());
    expect(Date.parse(approved.scheduledFor ?? '') % HOUR).toBe(0);

    // A slot whose time came before its post was written (no worker ran) is skipped, not posted late.
    const passed = {
      personaId: persona.id,
      workspaceId: await ownerOf(ann),
      slot: new Date(lastHour - HOUR).toISOString(),
    };
    expect(await run(server, WRITE_SLOT, passed)).toBe('skipped');
    const log = await readJson<AutomationPlan>(await ann.request(`/api/personas/${persona.id}/automation/plan`), 200);
    expect(log.log.find((e) => e.event === 'skipped')?.message).toContain(
      'missed: its time came before its post was written',
    );
  });

  it('gives a slot one post when two write it at once, or its job is delivered twice', async () => {
    const bo = await signedInUser(server.url, 'twice');
    const { persona } = await hourlyPersona(bo, { dailyAt: later });
    const job = { personaId: persona.id, workspaceId: await ownerOf(bo), slot: later.toISOString() };
    const results = await Promise.all([
      run(server, WRITE_SLOT, job),
      run(peer ?? server, WRITE_SLOT, job),
      run(server, WRITE_SLOT, job),
    ]);
    expect(results.filter((r) => r === 'written')).toHaveLength(1);
    expect(results.filter((r) => r !== 'written')).toEqual(['already written', 'already written']);
    expect(await slotPosts(persona.id)).toHaveLength(1);
  });

  it('keeps one post per slot when two workers pass every check at the same moment (the unique key)', async () => {
    const fay = await signedInUser(server.url, 'race');
    const { persona } = await hourlyPersona(fay, { dailyAt: later });
    const repositories = createRepositories(server.app.database.db);
    // Two workers whose writers both hold until both have checked the slot is still empty.
    let arrived = 0;
    let release: () => void = () => {};
    const bothWriting = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = (n: number) =>
      createAutoPostingService({
        repositories,
        write: async () => {
          arrived += 1;
          if (arrived === 2) release();
          await bothWriting;
          return {
            content: `Worker ${n} wrote this`,
            parts: [textPart(`Worker ${n} wrote this`)],
            hashtags: [],
            type: 'short post',
            writer: 'offline',
            flags: [],
          };
        },
        check: createDraftCheck(repositories),
        queue: { send: async () => null, sendMany: async () => {} },
        planLimits: { checkNewPosts: async () => {} },
        log: server.app.log,
        now: () => clock,
      });
    const job = { personaId: persona.id, workspaceId: await ownerOf(fay), slot: later };
    const outcomes = await Promise.all([worker(1).writeSlot(job), worker(2).writeSlot(job)]);
    expect(arrived).toBe(2);
    expect(outcomes.sort()).toEqual(['already written', 'written']);
    expect(await slotPosts(persona.id)).toHaveLength(1);
  });

  it('follows Write threads and Share links: an explaining strategy is a thread, a curated item goes without its link when links are off', async () => {
    const repositories = createRepositories(server.app.database.db);
    const asked: { type: string; brief: PostBrief }[] = [];
    const worker = createAutoPostingService({
      repositories,
      write: async (_user, request, brief) => {
        asked.push({ type: request.type, brief });
        const texts = request.type === 'thread' ? ['One.', 'Two.', 'Three.'] : ['A comment on it.'];
        return {
          content: texts.join('\n\n'),
          parts: texts.map(textPart),
          hashtags: [],
          type: request.type,
          writer: 'offline',
          flags: [],
        };
      },
      check: createDraftCheck(repositories),
      queue: { send: async () => null, sendMany: async () => {} },
      planLimits: { checkNewPosts: async () => {} },
      log: server.app.log,
      now: () => clock,
    });
    const save = (client: Client, persona: Persona, patch: Partial<Persona>) =>
      client
        .request(`/api/personas/${persona.id}`, { method: 'PUT', json: patch })
        .then((r) => readJson<Persona>(r, 200));

    const teacher = await signedInUser(server.url, 'threads');
    const { persona: explaining } = await hourlyPersona(teacher, { dailyAt: later });
    await save(teacher, explaining, {
      templates: explaining.templates.map((t) => ({ ...t, enabled: t.id === 'educational-breakdown' })),
      advanced_options: { ...explaining.advanced_options, threadGeneration: true },
    });
    expect(await worker.writeSlot({ personaId: explaining.id, workspaceId: await ownerOf(teacher), slot: later })).toBe(
      'written',
    );
    expect(asked[0]).toMatchObject({
      type: 'thread',
      brief: { kind: 'original', strategy: { id: 'educational-breakdown' } },
    });
    expect((await slotPosts(explaining.id))[0]?.parts).toEqual(['One.', 'Two.', 'Three.'].map(textPart));

    const curator = await signedInUser(server.url, 'links');
    const { persona: curating } = await hourlyPersona(curator, { dailyAt: later });
    const feed = { ...curating.sources[0], enabled: true } as Persona['sources'][number];
    await save(curator, curating, {
      sources: [feed],
      automation: {
        ...curating.automation,
        autoPosting: { ...curating.automation.autoPosting, contentMix: { original: 0, curated: 100, promotional: 0 } },
      },
      advanced_options: { ...curating.advanced_options, linkSharing: false },
    });
    await server.app.database.db.insert(sourceItems).values({
      id: crypto.randomUUID(),
      personaId: curating.id,
      sourceUrl: feed.url,
      title: 'Oolong prices double',
      link: 'https://example.com/oolong',
    });
    expect(await worker.writeSlot({ personaId: curating.id, workspaceId: await ownerOf(curator), slot: later })).toBe(
      'written',
    );
    expect(asked[1]).toMatchObject({
      type: 'short post',
      brief: { kind: 'curated', headline: 'Oolong prices double' },
    });
    expect((await slotPosts(curating.id))[0]?.content).toBe('A comment on it.');
  });

  it('writes an over-length post again, then queues it flagged for review, even with Publish without review', async () => {
    const repositories = createRepositories(server.app.database.db);
    const revisions: (string | null)[] = [];
    // A writer that ignores what it is told: always the same 290 characters, which the item's link pushes over.
    const worker = createAutoPostingService({
      repositories,
      write: async (_user, request, _brief, _titles, options) => {
        revisions.push(options?.revision?.note ?? null);
        const text = `${'A long comment on the item. '.repeat(10)}`.slice(0, 290).trim();
        return {
          content: text,
          parts: [textPart(text)],
          hashtags: [],
          type: request.type,
          writer: 'offline',
          flags: [],
        };
      },
      check: createDraftCheck(repositories),
      queue: { send: async () => null, sendMany: async () => {} },
      planLimits: { checkNewPosts: async () => {} },
      log: server.app.log,
      now: () => clock,
    });
    const hal = await signedInUser(server.url, 'overlong');
    const { persona } = await hourlyPersona(hal, { dailyAt: later, publishWithoutReview: true });
    const feed = { ...persona.sources[0], enabled: true } as Persona['sources'][number];
    await readJson(
      await hal.request(`/api/personas/${persona.id}`, {
        method: 'PUT',
        json: {
          sources: [feed],
          automation: {
            ...persona.automation,
            autoPosting: {
              ...persona.automation.autoPosting,
              contentMix: { original: 0, curated: 100, promotional: 0 },
            },
          },
        },
      }),
      200,
    );
    await server.app.database.db.insert(sourceItems).values({
      id: crypto.randomUUID(),
      personaId: persona.id,
      sourceUrl: feed.url,
      title: 'Oolong prices double',
      link: 'https://example.com/news/oolong-prices-double',
    });
    expect(await worker.writeSlot({ personaId: persona.id, workspaceId: await ownerOf(hal), slot: later })).toBe(
      'written',
    );
    // Written, then twice again with the reason.
    expect(revisions).toHaveLength(3);
    expect(revisions[0]).toBeNull();
    expect(revisions[1]).toMatch(
      /^Your last draft could not be used\. It is too long for Bluesky: 326 of 300 characters: write it shorter\./,
    );
    const [row] = await slotPosts(persona.id);
    expect(row?.status).toBe('pending_review');
    expect(row?.content).toMatch(/\n\nhttps:\/\/example\.com\/news\/oolong-prices-double$/);
    expect(row?.checkFlags).toEqual([
      { kind: 'length', reason: expect.stringMatching(/^too long for Bluesky: 326 of 300 characters$/) },
    ]);
    // The queue shows why, and automation's log says it waits for a person.
    const [queued] = await readJson<ScheduledItem[]>(
      await hal.request(`/api/schedule?personaId=${persona.id}&status=pending_review`),
      200,
    );
    expect(queued?.flags.map((f) => f.kind)).toEqual(['length']);
    const plan = await readJson<AutomationPlan>(await hal.request(`/api/personas/${persona.id}/automation/plan`), 200);
    expect(plan.log.find((e) => e.event === 'written')?.message).toMatch(
      /\(rewritten twice by the check before review\), flagged: too long for Bluesky: 326 of 300 characters; waiting in the review queue, as a flagged post needs your eyes even with Publish without review\.$/,
    );
    // Counted in the persona's analytics.
    const analytics = await readJson<{ drafts: unknown }>(
      await hal.request(`/api/personas/${persona.id}/analytics?range=7d`),
      200,
    );
    expect(analytics.drafts).toEqual({
      written: 1,
      flagged: 1,
      byReason: [{ kind: 'length', label: 'Too long for the network', count: 1 }],
    });
  });

  it("makes the model's rewrite fit once the link is counted", async () => {
    const ivy = await signedInUser(server.url, 'fits');
    const { persona } = await hourlyPersona(ivy, { dailyAt: later });
    const feed = { ...persona.sources[0], enabled: true } as Persona['sources'][number];
    await readJson(
      await ivy.request(`/api/personas/${persona.id}`, {
        method: 'PUT',
        json: {
          sources: [feed],
          automation: {
            ...persona.automation,
            autoPosting: {
              ...persona.automation.autoPosting,
              contentMix: { original: 0, curated: 100, promotional: 0 },
            },
          },
        },
      }),
      200,
    );
    await server.app.database.db.insert(sourceItems).values({
      id: crypto.randomUUID(),
      personaId: persona.id,
      sourceUrl: feed.url,
      title: 'Kettles, ranked',
      link: 'https://example.com/kettles-ranked-by-people-who-drink-far-too-much-tea',
    });
    const long = `${'Kettles matter more than the leaves, honestly. '.repeat(6)}`.slice(0, 278).trim();
    // The first fits 280 but not with the link; the rewrite is asked to be shorter still, and cut.
    model.next(openaiText(long), openaiText(long), openaiText(long));
    const seen = model.seen.length;
    const job = { personaId: persona.id, workspaceId: await ownerOf(ivy), slot: later.toISOString() };
    expect(await run(server, WRITE_SLOT, job)).toBe('written');
    expect(model.seen.length - seen).toBe(3);
    const rewrite = (model.seen[seen + 1]?.body.messages ?? []) as { role: string; content: string }[];
    expect(rewrite[1]?.content).toContain('It is too long for Bluesky');
    // Told a length that leaves room for the link, and cut to it.
    expect(rewrite[0]?.content).toMatch(/Length: each post at most 2[0-3]\d characters \(for Bluesky\)\./);
    const [row] = await slotPosts(persona.id);
    expect(row?.checkFlags).toEqual([]);
    expect(row?.content).toMatch(/…\n\nhttps:\/\/example\.com\/kettles-ranked-by-people-who-drink-far-too-much-tea$/);
  });

  it('loses no slot and doubles none when the writer dies mid-generation', async () => {
    const cy = await signedInUser(server.url, 'crash');
    const { persona } = await hourlyPersona(cy, { dailyAt: later });
    const job = { personaId: persona.id, workspaceId: await ownerOf(cy), slot: later.toISOString() };
    const calls = modelCalls;
    failures = 1;
    // The writer fails mid-job: the job fails and pg-boss runs it again, which writes the post.
    const id = await server.app.jobs.send(WRITE_SLOT, job);
    const done = await until(async () => {
      const found = await server.app.jobs.boss.getJobById(WRITE_SLOT, id ?? '');
      return found?.state === 'completed' || found?.state === 'failed' ? found : undefined;
    }, 30_000);
    failures = 0;
    expect(done).toMatchObject({ state: 'completed', retryCount: 1, output: { value: 'written' } });
    expect(modelCalls - calls).toBe(2);
    expect(await slotPosts(persona.id)).toHaveLength(1);
    expect(await run(server, WRITE_SLOT, job)).toBe('already written');
    expect(await slotPosts(persona.id)).toHaveLength(1);
  });

  it('with Publish without review, publishes the slot’s post once to Bluesky, with its threadgate', async () => {
    const dee = await signedInUser(server.url, 'direct');
    const { persona, account } = await hourlyPersona(dee, { publishWithoutReview: true, whoCanReply: 'followers' });
    await run(server, AUTO_POSTING_DUE);
    if (peer) await run(peer, AUTO_POSTING_DUE);
    const [due] = await until(async () => {
      const rows = (await slotPosts(persona.id)).filter((p) => p.autoSlot?.getTime() === lastHour);
      return rows[0]?.status === 'posted' ? rows : undefined;
    }, 60_000);
    const onBluesky = await bsky.postsOf(account.did);
    expect(onBluesky.map((r) => r.value.text)).toEqual([due?.content]);
    expect(await slotPosts(persona.id)).toHaveLength(1);
    // Only its followers may reply: the threadgate under the post's record key, made with it.
    expect(await threadgatesOf(account.did)).toEqual([
      {
        uri: due?.externalId?.replace('app.bsky.feed.post', 'app.bsky.feed.threadgate'),
        post: due?.externalId,
        allow: [{ $type: 'app.bsky.feed.threadgate#followerRule' }],
      },
    ]);
  });

  it('skips a slot it cannot post once, and the plan says why', async () => {
    const gus = await signedInUser(server.url, 'skip');
    const { persona } = await hourlyPersona(gus, { dailyAt: later });
    await readJson(await gus.request(`/api/personas/${persona.id}/accounts/bluesky`, { method: 'DELETE' }), 204);
    const job = { personaId: persona.id, workspaceId: await ownerOf(gus), slot: later.toISOString() };
    expect(await run(server, WRITE_SLOT, job)).toBe('skipped');
    expect(await run(server, WRITE_SLOT, job)).toBe('skipped');
    const plan = await readJson<AutomationPlan>(await gus.request(`/api/personas/${persona.id}/automation/plan`), 200);
    expect(plan.slots.find((s) => Date.parse(s.slot) === later.getTime())).toMatchObject({
      posts: [],
      skipped: 'no connected account to post to. Connect Bluesky or X in the Accounts tab.',
    });
    expect(plan.log.filter((e) => e.event === 'skipped')).toHaveLength(1);
  });

  it('stops at once when the persona is paused, keeping what was written', async () => {
    const eve = await signedInUser(server.url, 'paused');
    const { persona } = await hourlyPersona(eve, { dailyAt: later });
    await readJson(
      await eve.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { is_active: false } }),
      200,
    );
    await run(server, AUTO_POSTING_DUE);
    const job = { personaId: persona.id, workspaceId: await ownerOf(eve), slot: later.toISOString() };
    expect(await run(server, WRITE_SLOT, job)).toBe('posting off');
    expect(await slotPosts(persona.id)).toHaveLength(0);
    const plan = await readJson<AutomationPlan>(await eve.request(`/api/personas/${persona.id}/automation/plan`), 200);
    expect(plan.posting).toBe(false);
  });
});

describe('saying the account is automated, and who may reply', () => {
  it('labels the Bluesky account as automated while the persona acts without review, and takes off only that label', async () => {
    const flo = await signedInUser(server.url, 'label');
    // The owner's profile, with everything a profile has: names, pictures, another self-label, a
    // pinned post, and a field Plume does not know.
    const account = await bsky.createAccount('owner');
    const pinned = await account.agent.post({ text: 'Pinned by the owner', createdAt: new Date().toISOString() });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const avatar = (await account.agent.uploadBlob(png, { encoding: 'image/png' })).data.blob;
    const original = {
      $type: 'app.bsky.actor.profile',
      displayName: 'The Owner',
      description: 'A person who also uses this account.',
      avatar: avatar.toJSON(),
      banner: avatar.toJSON(),
      labels: { $type: 'com.atproto.label.defs#selfLabels', values: [{ val: '!no-unauthenticated' }] },
      pinnedPost: { uri: pinned.uri, cid: pinned.cid },
      createdAt: '2025-01-02T03:04:05.000Z',
      plumeDoesNotKnowThis: 'kept',
    };
    await account.agent.com.atproto.repo.putRecord({
      repo: account.did,
      collection: 'app.bsky.actor.profile',
      rkey: 'self',
      record: original,
    });
    const stored = await profileOf(account.did);

    // Publishing without review before its account is connected: connecting it labels it.
    const created = await readJson<Persona>(
      await flo.request('/api/personas', { method: 'POST', json: { name: 'Labelled', is_active: true } }),
      201,
    );
    const automation = (patch: {
      publishWithoutReview?: boolean;
      labelAutomated?: boolean;
    }): Persona['automation'] => ({
      ...created.automation,
      // Posting once a day, at a time the every-minute look leaves alone (see hourlyPersona).
      autoPosting: {
        ...created.automation.autoPosting,
        enabled: true,
        frequency: 'daily',
        customTimes: [later.toISOString().slice(11, 16)],
        smartTiming: false,
        publishWithoutReview: patch.publishWithoutReview ?? true,
      },
      safety: { ...created.automation.safety, labelAutomated: patch.labelAutomated ?? true },
    });
    const save = async (patch: Parameters<typeof automation>[0]) =>
      readJson<Persona>(
        await flo.request(`/api/personas/${created.id}`, { method: 'PUT', json: { automation: automation(patch) } }),
        200,
      );
    // Posting on, without review; the label switch is on by default.
    expect(created.automation.safety.labelAutomated).toBe(true);
    await save({});
    expect(await profileOf(account.did)).toEqual(stored);
    const withBot = {
      ...stored,
      labels: { ...original.labels, values: [{ val: '!no-unauthenticated' }, { val: 'bot' }] },
    };
    await readJson(
      await flo.request(`/api/personas/${created.id}/accounts/bluesky/app-password`, {
        method: 'POST',
        json: { handle: account.handle, appPassword: account.appPassword },
      }),
      200,
    );
    await until(async () => (selfLabels(await profileOf(account.did)).includes('bot') ? true : undefined));
    // Everything else is as the owner left it.
    expect(await profileOf(account.did)).toEqual(withBot);

    // Switched off: only the bot label goes.
    await save({ labelAutomated: false });
    await until(async () => (selfLabels(await profileOf(account.did)).includes('bot') ? undefined : true));
    expect(await profileOf(account.did)).toEqual(stored);

    // On again, then reviewed again: no longer acting on its own, the label goes with it.
    await save({ labelAutomated: true });
    await until(async () => (selfLabels(await profileOf(account.did)).includes('bot') ? true : undefined));
    expect(await profileOf(account.did)).toEqual(withBot);
    await save({ publishWithoutReview: false });
    await until(async () => (selfLabels(await profileOf(account.did)).includes('bot') ? undefined : true));
    expect(await profileOf(account.did)).toEqual(stored);

    // Settings that changed without a save's notice (a persona from before the switch existed):
    // the hourly look finds the account whose label is not what its persona asks, and labels it.
    await server.app.database.db
      .update(personasTable)
      .set({ automation: automation({}) })
      .where(eq(personasTable.id, created.id));
    expect(await run(server, LABEL_AUTOMATED_DUE)).toBeGreaterThanOrEqual(1);
    await until(async () => (selfLabels(await profileOf(account.did)).includes('bot') ? true : undefined));
    expect(await profileOf(account.did)).toEqual(withBot);
    // Once seen to, it is not looked at again.
    await until(async () => {
      const [row] = await server.app.database.db
        .select({ label: platformAccounts.automatedLabel })
        .from(platformAccounts)
        .where(eq(platformAccounts.personaId, created.id));
      return row?.label === true ? true : undefined;
    });
    // (Another test's account may still be on its way: the look settles at none due.)
    await until(async () => ((await run(server, LABEL_AUTOMATED_DUE)) === 0 ? true : undefined));
  });

  it('gates an automated post’s replies as chosen, on the post that starts the thread only', async () => {
    const gil = await signedInUser(server.url, 'gates');
    const { persona, account } = await hourlyPersona(gil, { dailyAt: later });
    const [row] = await server.app.database.db
      .select()
      .from(platformAccounts)
      .where(and(eq(platformAccounts.personaId, persona.id), eq(platformAccounts.platform, 'bluesky')));
    if (!row) throw new Error('no Bluesky account');
    const publish = (texts: string[], options: PublishOptions, replyTo?: ReplyRef) =>
      server.app.adapters.bluesky.publish(row, texts.map(textPart), replyTo, options);
    const rules = {
      following: [{ $type: 'app.bsky.feed.threadgate#followingRule' }],
      mentioned: [{ $type: 'app.bsky.feed.threadgate#mentionRule' }],
      followers: [{ $type: 'app.bsky.feed.threadgate#followerRule' }],
      nobody: [],
    };
    const roots: Record<string, string> = {};
    for (const whoCanReply of Object.keys(rules) as (keyof typeof rules)[]) {
      const { externalIds } = await publish([`Only ${whoCanReply}`, `and the rest of ${whoCanReply}`], { whoCanReply });
      roots[whoCanReply] = externalIds[0] ?? '';
    }
    // Everyone: no threadgate at all; a reply cannot gate its own replies.
    const open = await publish(['Open to all'], { whoCanReply: 'everyone' });
    const first = open.externalIds[0] ?? '';
    const [post] = (await bsky.postsOf(account.did)).filter((r) => r.uri === first);
    const ref = { id: first, cid: post?.cid ?? '' };
    await publish(['A reply in a thread'], { whoCanReply: 'nobody' }, { parent: ref, root: ref });

    const gates = await threadgatesOf(account.did);
    expect(gates.map((g) => g.post).sort()).toEqual(Object.values(roots).sort());
    for (const [whoCanReply, allow] of Object.entries(rules)) {
      expect(gates.find((g) => g.post === roots[whoCanReply])).toEqual({
        uri: roots[whoCanReply]?.replace('app.bsky.feed.post', 'app.bsky.feed.threadgate'),
        post: roots[whoCanReply],
        allow,
      });
    }
  });
});
