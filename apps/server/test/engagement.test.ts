import { type AtpAgent, RichText } from '@atproto/api';
import type {
  Account,
  AutomationPlan,
  DevOutboxMessage,
  InAppNotificationList,
  MentionItem,
  MentionList,
  Persona,
  ScheduledItem,
} from '@plume/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mentionCursors, mentions } from '../src/db/schema';
import { WRITE_SLOT } from '../src/jobs/automation';
import { CHECK_MENTIONS, ENGAGE } from '../src/jobs/engagement';
import { networkLimits } from '../src/modules/budget/budget.service';
import { createRepliesService } from '../src/modules/engagement/replies.service';
import { createRepositories, createUnitOfWork } from '../src/modules/repositories';
import { createDraftCheck } from '../src/modules/writing/draft-check';
import { type BlueskyNetworkWithAppView, startBlueskyNetworkWithAppView } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signedInUser } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

/*
 * Engagement against a real Bluesky network with its AppView (decisions 022, 032): other accounts
 * mention a persona, it answers within its rules, and the owner's notifications stay unread; it
 * likes, reposts and follows only people who reached it first, within its caps, and the log takes
 * them back.
 */

let bsky: BlueskyNetworkWithAppView;
let server: TestServer;
/** On PostgreSQL, a second process on the same database: a second worker. */
let peer: TestServer | undefined;
let ann: Client;
/** How far automation's clock is ahead of real time (a test moves it past an hour). */
let ahead = 0;
const clock = () => new Date(Date.now() + ahead);
/** The networks' limits as the servers read them: a test makes one small, and puts it back. */
const limits = networkLimits();

beforeAll(async () => {
  bsky = await startBlueskyNetworkWithAppView();
  const { appViewUrl: _appView, ...network } = bsky.env;
  const env = {
    ...network,
    APP_SECRET: 'engagement-test-secret-0123456789abcdef',
    METRICS_SYNC_MINUTES: '0',
    X_METRICS_SYNC_MINUTES: '0',
  };
  // The dice fixed at 0: the response-rate sample answers every mention.
  server = await build(env, { clock, random: () => 0, budgetLimits: limits });
  if (server.databaseUrl) {
    peer = await build({ ...env, DATABASE_URL: server.databaseUrl }, { clock, random: () => 0, budgetLimits: limits });
  }
  ann = await signedInUser(server.url, 'engagement');
}, 120_000);
afterAll(async () => {
  await peer?.close();
  await server?.close();
  await bsky?.close();
});

/** A persona of `client` on a Bluesky account of its own, with its automation changed by `change`. */
async function personaOn(client: Client, name: string, change: (a: Persona['automation']) => Persona['automation']) {
  return blueskyPersona(
    { server, bsky, client },
    {
      name,
      is_active: true,
      automation: (base) =>
        change({
          ...base,
          autoReplies: { ...base.autoReplies, enabled: true },
          safety: { ...base.safety, humanLikePatterns: false, cooldownPeriods: false },
        }),
    },
  );
}

/** A post by `agent`, its @handles made mentions (facets); the AppView has indexed it when this returns. */
async function say(agent: AtpAgent, text: string, reply?: { uri: string; cid: string }) {
  const rich = new RichText({ text });
  await rich.detectFacets(agent);
  const posted = await agent.post({
    text: rich.text,
    facets: rich.facets,
    createdAt: new Date().toISOString(),
    ...(reply ? { reply: { root: reply, parent: reply } } : {}),
  });
  await bsky.processAll();
  return posted;
}

/**
 * Waits until the AppView lists `count` notifications for the account: right after indexing it
 * sometimes answers an empty page for a moment (Plume then reads them at its next check).
 */
async function notified(account: { agent: AtpAgent }, count: number) {
  await until(async () => {
    const { data } = await account.agent.app.bsky.notification.listNotifications({ limit: 50, priority: false });
    return data.notifications.length >= count ? true : undefined;
  });
}

const reviewQueue = async (personaId: string) =>
  readJson<ScheduledItem[]>(await ann.request(`/api/schedule?status=pending_review&personaId=${personaId}`), 200);
const planOf = async (personaId: string) =>
  readJson<AutomationPlan>(await ann.request(`/api/personas/${personaId}/automation/plan`), 200);
const records = async (did: string, collection: string) => {
  const { data } = await bsky.network.pds
    .getClient()
    .com.atproto.repo.listRecords({ repo: did, collection, limit: 100 });
  return data.records as unknown as { uri: string; value: { subject: unknown } }[];
};

/** Saves the persona's engagement as `engagement` (the rest of its automation as it is). */
async function saveEngagement(persona: Persona, engagement: Persona['automation']['engagement']) {
  return readJson<Persona>(
    await ann.request(`/api/personas/${persona.id}`, {
      method: 'PUT',
      json: { automation: { ...persona.automation, engagement } },
    }),
    200,
  );
}

/** Engagement on with every action off: the persona reads its mentions and does nothing yet. */
const readingOnly = (a: Persona['automation']): Persona['automation'] => ({
  ...a,
  autoReplies: { ...a.autoReplies, enabled: false },
  engagement: {
    ...a.engagement,
    enabled: true,
    autoLike: { ...a.engagement.autoLike, enabled: false },
    autoRetweet: { ...a.engagement.autoRetweet, enabled: false },
    autoFollow: { ...a.engagement.autoFollow, enabled: false },
  },
});

const subjects = async (did: string, collection: string) =>
  (await records(did, collection)).map((r) => {
    const subject = r.value.subject;
    return typeof subject === 'string' ? subject : (subject as { uri: string }).uri;
  });

describe('replies to mentions on Bluesky', () => {
  it('drafts one reply to a mention, with its template; approved, it is threaded under the mention; seen again, by a second worker, after the cursor is lost: still one', async () => {
    const { persona, account, accountId } = await personaOn(ann, 'Replier', (a) => a);
    const bob = await bsky.createAccount('bob');
    const mention = await say(bob.agent, `@${account.handle} thanks, love this post!`);
    await notified(account, 1);

    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');
    const [draft, ...more] = await reviewQueue(persona.id);
    expect(more).toEqual([]);
    expect(draft).toMatchObject({
      platform: 'bluesky',
      status: 'pending_review',
      replyTo: { author: bob.handle, text: `@${account.handle} thanks, love this post!` },
    });
    const replied = (await planOf(persona.id)).log.find((e) => e.event === 'replied');
    expect(replied?.message).toContain('“Appreciation”');
    expect(replied?.platform).toBe('bluesky');

    // The same notification again: the cursor lost (as after a restore), read by two workers at once.
    await server.app.database.db.delete(mentionCursors).where(eq(mentionCursors.accountId, accountId));
    const again = await Promise.all([
      runJob(server, CHECK_MENTIONS, { accountId }),
      runJob(peer ?? server, CHECK_MENTIONS, { accountId }),
    ]);
    expect(again).toEqual(['checked', 'checked']);
    expect(await reviewQueue(persona.id)).toHaveLength(1);
    const kept = await server.app.database.db.select().from(mentions).where(eq(mentions.accountId, accountId));
    expect(kept.map((m) => [m.externalId, m.decision])).toEqual([[mention.uri, 'replied']]);

    // Approved, it goes out at once, under the mention (root and parent), exactly once.
    await readJson(await ann.request(`/api/review/${draft?.id}/approve`, { method: 'POST', json: { now: true } }), 200);
    await until(async () => {
      const items = await readJson<ScheduledItem[]>(await ann.request(`/api/schedule?personaId=${persona.id}`), 200);
      return items.find((i) => i.id === draft?.id && i.status === 'posted');
    });
    const posts = await bsky.postsOf(account.did);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.value).toMatchObject({
      text: draft?.content,
      reply: { root: { uri: mention.uri, cid: mention.cid }, parent: { uri: mention.uri, cid: mention.cid } },
    }); // The log tells the reply as it is now, not as it was when written.
    const now = (await planOf(persona.id)).log.find((e) => e.event === 'replied');
    expect(now?.postStatus).toBe('posted');
    expect(now?.message).toMatch(/; approved and posted\.$/);
    expect(now?.message).not.toContain('waiting in the review queue');
  });

  it('leaves the owner’s notifications as they were: reading mentions marks nothing seen', async () => {
    const { account, accountId } = await personaOn(ann, 'Quiet', (a) => a);
    // The read queued when the persona was saved is over (it found nothing yet).
    await until(async () => {
      const [cursor] = await server.app.database.db
        .select()
        .from(mentionCursors)
        .where(eq(mentionCursors.accountId, accountId));
      return cursor;
    });
    const gail = await bsky.createAccount('gail');
    const mention = await say(gail.agent, `@${account.handle} what did you read this week?`);
    await notified(account, 1);
    // The owner's own view of the account, signed in as themselves.
    const unread = async () => (await account.agent.app.bsky.notification.getUnreadCount({})).data.count;
    const before = await unread();
    expect(before).toBeGreaterThan(0);

    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');
    const kept = await server.app.database.db.select().from(mentions).where(eq(mentions.accountId, accountId));
    expect(kept.map((m) => m.externalId)).toEqual([mention.uri]);
    expect(await unread()).toBe(before);
  });

  it('passes a hostile mention by the sentiment filter, and says so in the log', async () => {
    const { persona, account, accountId } = await personaOn(ann, 'Calm', (a) => a);
    const troll = await bsky.createAccount('troll');
    // Long, with an emoji where the log's quote of it is cut: kept whole, never halved.
    const words = `@${account.handle} you are a terrible, useless bot. I hate this`.padEnd(78, '!');
    await say(troll.agent, `${words}😠😠 truly.`);
    await notified(account, 1);
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');
    expect(await reviewQueue(persona.id)).toEqual([]);
    const passed = (await planOf(persona.id)).log.find((e) => e.event === 'passed');
    expect(passed?.message).toMatch(/reads as negative; the sentiment filter answers neutral and positive ones/);
    expect(passed?.message).toContain(`(“${words}😠😠…”)`);
  });

  it('never lets two personas of one user answer each other', async () => {
    const one = await personaOn(ann, 'Ping', (a) => a);
    const two = await personaOn(ann, 'Pong', (a) => a);
    await say(two.account.agent, `@${one.account.handle} great thread, thanks!`);
    await say(one.account.agent, `@${two.account.handle} thanks to you!`);
    await notified(one.account, 1);
    await notified(two.account, 1);
    for (const p of [one, two]) {
      expect(await runJob(server, CHECK_MENTIONS, { accountId: p.accountId })).toBe('checked');
      expect(await reviewQueue(p.persona.id)).toEqual([]);
      const passed = (await planOf(p.persona.id)).log.find((e) => e.event === 'passed');
      expect(passed?.message).toContain('is another of your personas');
    }
  });

  it('holds max replies an hour over a rolling hour, across an hour boundary', async () => {
    const { persona, account, accountId } = await personaOn(ann, 'Capped', (a) => ({
      ...a,
      autoReplies: { ...a.autoReplies, maxRepliesPerHour: 1 },
    }));
    const handle = account.handle;
    await say((await bsky.createAccount('dave')).agent, `@${handle} what would you build first?`);
    const erin = await bsky.createAccount('erin');
    await say(erin.agent, `@${handle} how do you plan your week?`);
    await notified(account, 2);
    // One look finds both: the first is answered, the second is over the hour's limit.
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');
    const passed = (await planOf(persona.id)).log.find((e) => e.event === 'passed');
    expect(passed?.message).toContain(`from @${erin.handle}`);
    expect(passed?.message).toContain('the limit of 1 replies an hour is reached');
    expect(await reviewQueue(persona.id)).toHaveLength(1);

    // 61 minutes on, the next mention is answered.
    ahead += 61 * 60_000;
    await say((await bsky.createAccount('frank')).agent, `@${handle} why do you post so early?`);
    await notified(account, 3);
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');
    expect(await reviewQueue(persona.id)).toHaveLength(2);
  });
});

describe('the mentions inbox', () => {
  // Automation's clock back to real time: a persona's first read of mentions looks back an hour from it.
  beforeEach(() => {
    ahead = 0;
  });

  it('lists each mention with what automation decided and why, page by page; tells of a new one when asked; one answered by hand is posted as a reply to it, one drafted on request waits for review', async () => {
    // Its own user: the file's main user is near its plan's 10 active personas.
    const ivy = await signedInUser(server.url, 'inbox');
    const { persona, account, accountId } = await personaOn(ivy, 'Inbox', (a) => ({
      ...a,
      autoReplies: { ...a.autoReplies, maxRepliesPerHour: 0, notifyMentions: true },
    }));
    const kim = await bsky.createAccount('kim');
    const lee = await bsky.createAccount('lee');
    const first = await say(kim.agent, `@${account.handle} which book changed how you work?`);
    await say(lee.agent, `@${account.handle} what are you reading this week?`);
    await notified(account, 2);
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');

    // Newest first, one a page: each skipped, with the reason. (The save's own read of the
    // mentions may be the one that stores them, a moment after this check.)
    const inbox = `/api/personas/${persona.id}/mentions`;
    await until(async () => {
      const all = await readJson<MentionList>(await ivy.request(inbox), 200);
      return all.items.length >= 2 ? true : undefined;
    });
    const one = await readJson<MentionList>(await ivy.request(`${inbox}?limit=1`), 200);
    expect(one.items.map((m) => m.author)).toEqual([lee.handle]);
    const two = await readJson<MentionList>(
      await ivy.request(`${inbox}?limit=1&cursor=${encodeURIComponent(one.nextCursor ?? '')}`),
      200,
    );
    expect(two.nextCursor).toBeNull();
    const skipped = two.items[0];
    expect(skipped).toMatchObject({
      author: kim.handle,
      url: expect.stringContaining('bsky.app'),
      decision: 'passed',
      reason: 'the limit of 0 replies an hour is reached',
      reply: null,
    });
    await readJson(await ivy.request(`${inbox}?cursor=yesterday`), 400);
    // The persona asked to be told: one notification a mention, leading to the inbox.
    const told = await readJson<InAppNotificationList>(await ivy.request('/api/notifications'), 200);
    expect(told.items.filter((n) => n.kind === 'mention' && n.personaId === persona.id)).toHaveLength(2);
    expect(told.items.find((n) => n.kind === 'mention')?.link).toBe(`/editor/${persona.id}?tab=mentions`);

    // Answered by hand: posted now, threaded under the mention; the same Idempotency-Key again
    // (a retried request) answers the same and never replies twice.
    const words = 'The Pragmatic Programmer, twenty years ago, and it still holds up.';
    const sendReply = () =>
      ivy.request(`${inbox}/${skipped?.id}/reply`, {
        method: 'POST',
        json: { content: words },
        headers: { 'Idempotency-Key': 'hand-reply-key-1' },
      });
    const answered = await readJson<MentionItem>(await sendReply(), 200);
    expect(answered).toMatchObject({ decision: 'replied', reason: 'answered by hand', reply: { content: words } });
    expect(await readJson<MentionItem>(await sendReply(), 200)).toEqual(answered);
    await until(async () => ((await bsky.postsOf(account.did)).length === 1 ? true : undefined));
    const [posted] = await bsky.postsOf(account.did);
    expect(posted?.value).toMatchObject({
      text: words,
      reply: { root: { uri: first.uri, cid: first.cid }, parent: { uri: first.uri, cid: first.cid } },
    });
    await until(async () => {
      const now = await readJson<MentionList>(await ivy.request(inbox), 200);
      return now.items.find((m) => m.id === skipped?.id)?.reply?.status === 'posted' ? true : undefined;
    });

    // Drafted on request: the persona's writer, into the review queue as a reply to Lee.
    const drafted = await readJson<MentionItem>(
      await ivy.request(`${inbox}/${one.items[0]?.id}/draft`, { method: 'POST' }),
      200,
    );
    expect(drafted).toMatchObject({
      decision: 'replied',
      reason: 'drafted on request',
      reply: { status: 'pending_review' },
    });
    const [draft] = await readJson<ScheduledItem[]>(
      await ivy.request(`/api/schedule?status=pending_review&personaId=${persona.id}`),
      200,
    );
    expect(draft).toMatchObject({ id: drafted.reply?.postId, replyTo: { author: lee.handle } });
  });
});

describe('the check before review, on replies', () => {
  // Automation's clock back to real time: a persona's first read of mentions looks back an hour from it.
  beforeEach(() => {
    ahead = 0;
  });

  it('writes a reply that repeats another of the same check again, then keeps it flagged for review', async () => {
    // Replies may go without review on Bluesky: a flagged one still waits for a person.
    const { persona, account, accountId } = await personaOn(ann, 'Echo', (a) => ({
      ...a,
      autoReplies: { ...a.autoReplies, publishWithoutReview: true },
    }));
    const words = 'what is the one tool you would keep?';
    const gus = await bsky.createAccount('gus');
    await say(gus.agent, `@${account.handle} ${words}`);
    await say((await bsky.createAccount('hana')).agent, `@${account.handle} ${words}`);
    await notified(account, 2);
    // The replies service as the app builds it, with a writer that says the same to everyone.
    const repositories = createRepositories(server.app.database.db);
    const revisions: (string | null)[] = [];
    const replies = createRepliesService({
      repositories,
      unitOfWork: createUnitOfWork(server.app.database.db),
      adapters: server.app.adapters,
      replyWriter: async () => async (_platform, _to, revision) => {
        revisions.push(revision?.note ?? null);
        return { text: 'A notebook. Nothing else survives every move and every new app.', writer: 'custom' };
      },
      check: createDraftCheck(repositories),
      queue: { send: async () => null, sendMany: async () => {} },
      planLimits: { checkNewPosts: async () => {} },
      lock: Object.assign(async <T>(_name: string, work: () => T | PromiseLike<T>) => work(), {
        close: async () => {},
      }),
      log: server.app.log,
      now: clock,
      random: () => 0,
    });
    expect(await replies.check(accountId)).toBe('checked');
    // The first once; the second three times, told why.
    expect(revisions).toHaveLength(4);
    expect(revisions[2]).toMatch(
      /^Your last draft could not be used\. It is nearly the same as your reply to @gus\S* written just now: take another angle/,
    );
    const items = await readJson<ScheduledItem[]>(await ann.request(`/api/schedule?personaId=${persona.id}`), 200);
    // A draft waiting for review sits at now on the calendar (decision 041): listed by status.
    const byStatus = [...items].sort((a, b) => a.status.localeCompare(b.status));
    expect(byStatus.map((i) => [i.status, i.flags])).toEqual([
      [
        'pending_review',
        [{ kind: 'batch', reason: `nearly the same as your reply to @${gus.handle} written just now` }],
      ],
      ['scheduled', []],
    ]);
  });
});

describe('likes, reposts and follows on Bluesky', () => {
  // Automation's clock back to real time: a persona's first read of mentions looks back an hour from it.
  beforeEach(() => {
    ahead = 0;
  });

  it('likes the target accounts’ posts among people who reached the persona, reposts by keyword, follows back inside the follower range, each within its cap and never twice; Undo takes one back', async () => {
    // Engagement on with every action off: people reach the persona first.
    const { persona, account, accountId } = await personaOn(ann, 'Engager', readingOnly);
    const did = account.did;
    const bob = await bsky.createAccount('bob');
    const dana = await bsky.createAccount('dana');
    const gardener = await bsky.createAccount('gardening');
    const stranger = await bsky.createAccount('stranger');
    await bob.agent.follow(did);
    for (const n of [1, 2, 3]) await say(bob.agent, `Bob's post number ${n}`);
    // Dana tags the persona (addressed to it: never liked or reposted), and posts news of her own.
    const mention = await say(dana.agent, `Plumeworthy, look: @${account.handle}`);
    // Long, with an emoji where the log's quote of it is cut: kept whole, never halved.
    const news = 'Plumeworthy news from the garden shed'.padEnd(58, '!');
    const danas = await say(dana.agent, `${news}🌱🌱 and more`);
    await gardener.agent.upsertProfile((profile) => ({ ...profile, description: 'Gardening notes, mostly waiting.' }));
    await gardener.agent.follow(did);
    await say(gardener.agent, 'gardening in November is mostly waiting');
    // A target account and a keyword match that never reached the persona: a stranger.
    await stranger.agent.upsertProfile((profile) => ({ ...profile, description: 'Gardening all day' }));
    const strangers = [
      await say(stranger.agent, 'Plumeworthy gardening, every day'),
      await say(stranger.agent, 'Another Plumeworthy find'),
    ].map((p) => p.uri);
    // Bob's and the gardener's follows, Dana's mention.
    await notified(account, 3);
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');

    // Saved with the actions on: the first run comes at its schedule, not with the save.
    await saveEngagement(persona, {
      enabled: true,
      autoLike: { enabled: true, maxLikesPerHour: 2, targetAccounts: [bob.handle, `@${stranger.handle}`] },
      autoRetweet: { enabled: true, maxRetweetsPerDay: 1, keywordFilter: ['Plumeworthy'] },
      autoFollow: {
        enabled: true,
        maxFollowsPerDay: 1,
        targetCriteria: { minFollowers: 0, maxFollowers: 10, keywords: ['gardening'] },
      },
    });

    const likes = () => subjects(did, 'app.bsky.feed.like');
    // Each run takes its share (a like of the hour's 2, the day's repost and follow).
    expect(await runJob(server, ENGAGE, { personaId: persona.id })).toEqual({ likes: 1, reposts: 1, follows: 1 });
    expect(await runJob(server, ENGAGE, { personaId: persona.id })).toEqual({ likes: 1, reposts: 0, follows: 0 });
    // The hour's 2 likes are spent; the day's repost and follow too.
    expect(await runJob(server, ENGAGE, { personaId: persona.id })).toEqual({ likes: 0, reposts: 0, follows: 0 });
    const liked = await likes();
    expect(liked).toHaveLength(2);
    const bobs = (await bsky.postsOf(bob.did)).map((p) => p.uri);
    expect(liked.every((uri) => bobs.includes(uri))).toBe(true);
    // Dana mentioned the persona: her own post with the keyword is reposted (not liked: she is no
    // target account); her mention, addressed to the persona, is not.
    expect(await subjects(did, 'app.bsky.feed.repost')).toEqual([danas.uri]);
    expect(liked).not.toContain(mention.uri);
    // The gardener followed the persona: followed back. The stranger's profile matches too: never.
    expect(await subjects(did, 'app.bsky.graph.follow')).toEqual([gardener.did]);
    const log = (await planOf(persona.id)).log;
    expect(log.find((e) => e.event === 'reposted')?.message).toContain(`(“${news}🌱🌱…”)`);
    expect(log.find((e) => e.event === 'reposted')?.message).toContain(`@${dana.handle} mentioned Engager`);
    expect(log.find((e) => e.event === 'followed')?.message).toContain(
      `@${gardener.handle} follows Engager (a follow-back)`,
    );
    expect(log.find((e) => e.event === 'liked')?.message).toContain(`@${bob.handle} follows Engager, a target account`);

    // Undo from the log: the like is deleted on Bluesky, and can't be undone twice.
    const entry = log.find((e) => e.event === 'liked' && e.undoActionId);
    const undo = `/api/personas/${persona.id}/automation/actions/${entry?.undoActionId}/undo`;
    expect(await readJson(await ann.request(undo, { method: 'POST' }), 200)).toEqual({ undone: true });
    expect(await likes()).toHaveLength(1);
    await readJson(await ann.request(undo, { method: 'POST' }), 409);
    const after = (await planOf(persona.id)).log;
    expect(after[0]?.event).toBe('undone');
    expect(after.find((e) => e.id === entry?.id)?.undoActionId).toBeNull();
    expect(after.find((e) => e.id === entry?.id)?.undone).toBe(true);

    // An hour on, the next like goes to the post not liked yet, never again to the one undone; an
    // hour more, nothing is left to like: the stranger's posts never are.
    ahead += 61 * 60_000;
    expect(await runJob(server, ENGAGE, { personaId: persona.id })).toMatchObject({ likes: 1 });
    const now = await likes();
    expect(now).toHaveLength(2);
    expect(new Set([...liked, ...now]).size).toBe(3);
    ahead += 61 * 60_000;
    expect(await runJob(server, ENGAGE, { personaId: persona.id })).toMatchObject({ likes: 0 });
    expect((await likes()).some((uri) => strangers.includes(uri))).toBe(false);
  });

  it('engages only with people who reached the persona first: a stranger’s keyword post is never liked or reposted, and only followers and mentioners are followed back', async () => {
    const { persona, account, accountId } = await personaOn(ann, 'Courteous', readingOnly);
    const did = account.did;
    const handle = account.handle;
    const gardening = (agent: AtpAgent) =>
      agent.upsertProfile((profile) => ({ ...profile, description: 'Gardening, mostly.' }));
    const stranger = await bsky.createAccount('stranger');
    const fan = await bsky.createAccount('fan');
    const follower = await bsky.createAccount('follower');
    const troll = await bsky.createAccount('troll');
    for (const person of [stranger, fan, follower, troll]) await gardening(person.agent);
    const strangerPost = await say(stranger.agent, 'Plumeworthy gardening tips for a sunny spring');
    const fanPost = await say(fan.agent, `@${handle} Plumeworthy: your garden notes are lovely`);
    const fanOwn = await say(fan.agent, 'Plumeworthy seedlings are up today, happy gardening');
    await follower.agent.follow(did);
    const followerPost = await say(follower.agent, 'A Plumeworthy morning in the garden, happy days');
    // Tagged the persona, in anger: not someone to like, repost or follow.
    const trollPost = await say(troll.agent, `@${handle} Plumeworthy? You are a terrible, useless bot. I hate this`);
    // The follower's follow, the fan's and the troll's mentions.
    await notified(account, 3);
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');
    // Read for engagement only: kept, passed without a word (replies are off).
    const kept = await server.app.database.db.select().from(mentions).where(eq(mentions.accountId, accountId));
    expect(kept.map((m) => [m.externalId, m.decision]).sort()).toEqual(
      [
        [fanPost.uri, 'passed'],
        [trollPost.uri, 'passed'],
      ].sort(),
    );
    expect((await planOf(persona.id)).log.filter((e) => e.event === 'passed')).toEqual([]);

    await saveEngagement(persona, {
      enabled: true,
      autoLike: { enabled: true, maxLikesPerHour: 60, targetAccounts: [] },
      autoRetweet: { enabled: true, maxRetweetsPerDay: 100, keywordFilter: ['Plumeworthy'] },
      autoFollow: {
        enabled: true,
        maxFollowsPerDay: 100,
        targetCriteria: { minFollowers: 0, maxFollowers: 1000, keywords: ['gardening'] },
      },
    });
    // The save ran nothing and queued no run: the next comes at its schedule.
    const queued = (await server.app.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${ENGAGE} and singleton_key = ${persona.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(queued.rows[0]?.n).toBe(0);
    expect(await subjects(did, 'app.bsky.feed.like')).toEqual([]);
    // Runs until nothing is left to do.
    await until(async () => {
      const done = (await runJob(server, ENGAGE, { personaId: persona.id })) as Record<string, number>;
      expect(done).toMatchObject({
        likes: expect.any(Number),
        reposts: expect.any(Number),
        follows: expect.any(Number),
      });
      return Object.values(done).every((n) => n === 0) ? true : undefined;
    });
    // The fan's own post and the follower's; never the fan's mention, which speaks to the persona.
    const opted = [fanOwn.uri, followerPost.uri].sort();
    expect((await subjects(did, 'app.bsky.feed.like')).sort()).toEqual(opted);
    expect((await subjects(did, 'app.bsky.feed.repost')).sort()).toEqual(opted);
    expect(fanPost.uri).not.toBe(fanOwn.uri);
    expect((await subjects(did, 'app.bsky.graph.follow')).sort()).toEqual([fan.did, follower.did].sort());
    for (const collection of ['app.bsky.feed.like', 'app.bsky.feed.repost']) {
      expect(await subjects(did, collection)).not.toContain(strangerPost.uri);
    }
    expect(await subjects(did, 'app.bsky.graph.follow')).not.toContain(stranger.did);
    const log = (await planOf(persona.id)).log;
    expect(log.find((e) => e.event === 'followed' && e.message.includes(follower.handle))?.message).toContain(
      `@${follower.handle} follows Courteous (a follow-back)`,
    );
    expect(log.find((e) => e.event === 'liked' && e.url?.includes(fan.handle))?.message).toContain(
      `@${fan.handle} mentioned Courteous`,
    );
  });
});

describe('every platform budget on Bluesky (decision 033)', () => {
  it('counts 3 write points a like and 1 an Undo; with no room for a second like under 80% of a small limit, the run waits for room and never sends it', async () => {
    const { persona, account, accountId } = await personaOn(ann, 'Thrifty', (a) => ({
      ...a,
      autoReplies: { ...a.autoReplies, enabled: false },
    }));
    // A target account who tagged the persona (so it may engage with him), and two posts of his own.
    const gus = await bsky.createAccount('gus');
    await say(gus.agent, `@${account.handle} hello there`);
    await say(gus.agent, 'first thing I wanted to share');
    await say(gus.agent, 'and a second thing');
    const likes = () => records(account.did, 'app.bsky.feed.like');
    const spendOf = async () =>
      (await readJson<Account[]>(await ann.request(`/api/personas/${persona.id}/accounts`), 200))[0]?.spend;
    // 5 points an hour: one like (3) fits within 80% (4), a second would not.
    limits.bluesky.points = [{ max: 5, minutes: 60 }];
    try {
      // Saved with likes on (12 an hour: two a run).
      await readJson(
        await ann.request(`/api/personas/${persona.id}`, {
          method: 'PUT',
          json: {
            automation: {
              ...persona.automation,
              autoReplies: { ...persona.automation.autoReplies, enabled: false },
              engagement: {
                ...persona.automation.engagement,
                enabled: true,
                autoLike: { enabled: true, maxLikesPerHour: 12, targetAccounts: [gus.handle] },
              },
              // The automated label's profile write would spend points too (decision 034).
              safety: { ...persona.automation.safety, labelAutomated: false },
            },
          },
        }),
        200,
      );
      // Its mentions read (engagement takes its people from them: decision 032), a run likes one.
      // The save queued a read; one like is all there is room for.
      await notified(account, 1);
      await runJob(server, CHECK_MENTIONS, { accountId });
      await runJob(server, ENGAGE, { personaId: persona.id });
      const waiting = await until(async () =>
        (await planOf(persona.id)).log.find((e) => e.event === 'skipped' && e.message.startsWith('Likes')),
      );
      expect(waiting.message).toBe(
        "Likes, reposts and follows wait for room: Bluesky's limit: 3 of 5 write points an hour used, and Plume keeps to 80%.",
      );
      expect(await likes()).toHaveLength(1);
      expect((await planOf(persona.id)).log.filter((e) => e.event === 'liked')).toHaveLength(1);
      expect(await spendOf()).toMatchObject({ today: { points: 3 }, month: { points: 3 } });
      // The next run is queued for when the like's five minutes leave the hour.
      const queued = (await server.app.database.db.execute(
        sql`select start_after from pgboss.job where name = ${ENGAGE} and singleton_key = ${persona.id} and state = 'created'`,
      )) as unknown as { rows: { start_after: string | Date }[] };
      const startAfter = new Date(queued.rows[0]?.start_after ?? 0).getTime();
      expect(startAfter).toBeGreaterThan(clock().getTime() + 55 * 60_000);
      expect(startAfter).toBeLessThanOrEqual(clock().getTime() + 65 * 60_000);
      // Run now anyway: still no room, nothing sent.
      expect(await runJob(server, ENGAGE, { personaId: persona.id })).toEqual({ likes: 0, reposts: 0, follows: 0 });
      expect(await likes()).toHaveLength(1);

      // Undo from the log deletes the like: 1 point.
      const liked = (await planOf(persona.id)).log.find((e) => e.event === 'liked' && e.undoActionId);
      const undo = `/api/personas/${persona.id}/automation/actions/${liked?.undoActionId}/undo`;
      expect(await readJson(await ann.request(undo, { method: 'POST' }), 200)).toEqual({ undone: true });
      expect(await likes()).toHaveLength(0);
      expect(await spendOf()).toMatchObject({ today: { points: 4 }, month: { points: 4 } });
    } finally {
      limits.bluesky.points = networkLimits().bluesky.points ?? [];
    }
  });
});

describe('automation that pauses itself (decision 035)', () => {
  it('pauses after three reply drafts rejected in a row (an approval between starts again), tells its owner, does nothing until resumed; Resume answers at once', async () => {
    // Real time again (tests above moved the clock on): a first read looks back an hour from it.
    ahead = 0;
    const zoe = await signedInUser(server.url, 'doubter');
    const me = {
      id: (await readJson<{ user: { id: string } }>(await zoe.request('/api/session'), 200)).user.id,
      email: (await readJson<{ email: string }>(await zoe.request('/api/me/profile'), 200)).email,
    };
    // A daily slot half a day away: not due for the every-minute look, still a slot a job may write.
    const slot = new Date(Math.ceil((clock().getTime() + 12 * 3_600_000) / 3_600_000) * 3_600_000);
    const { persona, account, accountId } = await personaOn(zoe, 'Doubted', (a) => ({
      ...a,
      autoPosting: {
        ...a.autoPosting,
        enabled: true,
        frequency: 'daily',
        customTimes: [slot.toISOString().slice(11, 16)],
        smartTiming: false,
      },
      autoReplies: { ...a.autoReplies, maxRepliesPerHour: 10 },
      engagement: { ...a.engagement, enabled: true },
    }));
    const review = async () =>
      readJson<ScheduledItem[]>(await zoe.request(`/api/schedule?status=pending_review&personaId=${persona.id}`), 200);
    const reviewed = async (id: string | undefined, verdict: 'approve' | 'reject') =>
      readJson(
        await zoe.request(`/api/review/${id}/${verdict}`, {
          method: 'POST',
          ...(verdict === 'approve' ? { json: { queue: true } } : {}),
        }),
        verdict === 'approve' ? 200 : 204,
      );
    const current = async () => readJson<Persona>(await zoe.request(`/api/personas/${persona.id}`), 200);

    const [bob, carol] = [await bsky.createAccount('bob'), await bsky.createAccount('carol')];
    await say(bob.agent, `@${account.handle} what do you think of slow mornings?`);
    await say(bob.agent, `@${account.handle} and how do you plan a week?`);
    await say(carol.agent, `@${account.handle} thanks, love this post!`);
    await say(carol.agent, `@${account.handle} any thoughts on tea?`);
    await notified(account, 4);
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');
    const drafts = await review();
    expect(drafts).toHaveLength(4);

    // Rejected, approved, rejected, rejected: two in a row, still running.
    await reviewed(drafts[0]?.id, 'reject');
    await reviewed(drafts[1]?.id, 'approve');
    await reviewed(drafts[2]?.id, 'reject');
    await reviewed(drafts[3]?.id, 'reject');
    expect((await current()).automation_pause).toBeNull();

    // A third in a row pauses it.
    const dave = await bsky.createAccount('dave');
    await say(dave.agent, `@${account.handle} what would you build first?`);
    await notified(account, 5);
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('checked');
    const [fifth] = await review();
    await reviewed(fifth?.id, 'reject');
    const paused = await current();
    expect(paused.automation_pause).toMatchObject({
      reason: 'replies_rejected',
      message: 'you rejected 3 reply drafts in a row.',
    });
    const listed = (await readJson<Persona[]>(await zoe.request('/api/personas'), 200)).find(
      (p) => p.id === persona.id,
    );
    expect(listed?.automation_pause).toEqual(paused.automation_pause);

    // Its owner is told in the app and by e-mail, once.
    const notice = await until(async () => {
      const list = await readJson<InAppNotificationList>(await zoe.request('/api/notifications'), 200);
      return list.items.find((n) => n.title === "Doubted's automation is paused");
    });
    expect(notice).toMatchObject({
      personaId: persona.id,
      link: `/editor/${persona.id}?tab=automation`,
      message: expect.stringContaining('You rejected 3 reply drafts in a row. Until you resume'),
    });
    const mails = await until(async () => {
      const outbox = await readJson<DevOutboxMessage[]>(await createClient(server.url).request('/api/dev/outbox'), 200);
      const mine = outbox.filter((m) => m.to === me.email && m.subject === "Doubted's automation is paused");
      return mine.length > 0 ? mine : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Posts you wrote or approved yourself still go out.');

    // Paused: a new mention is not read, no engagement runs, no slot is written.
    const erin = await bsky.createAccount('erin');
    await say(erin.agent, `@${account.handle} how do you choose topics?`);
    await notified(account, 6);
    expect(await runJob(server, CHECK_MENTIONS, { accountId })).toBe('not replying');
    expect(await runJob(server, ENGAGE, { personaId: persona.id })).toBe('off');
    const job = { personaId: persona.id, userId: me.id, slot: slot.toISOString() };
    expect(await runJob(server, WRITE_SLOT, job)).toBe('paused');
    expect(await review()).toEqual([]);
    const plan = await readJson<AutomationPlan>(await zoe.request(`/api/personas/${persona.id}/automation/plan`), 200);
    expect(plan.posting).toBe(false);
    expect(plan.log[0]).toMatchObject({ event: 'paused', message: 'Paused: you rejected 3 reply drafts in a row.' });

    // Resumed over HTTP: the mention that came meanwhile is answered, the slot written.
    const resumed = await readJson<Persona>(
      await zoe.request(`/api/personas/${persona.id}/automation/resume`, { method: 'POST' }),
      200,
    );
    expect(resumed.automation_pause).toBeNull();
    const answered = await until(async () => {
      const waiting = await review();
      return waiting.find((d) => d.replyTo?.author === erin.handle);
    });
    expect(answered.status).toBe('pending_review');
    expect(await runJob(server, WRITE_SLOT, job)).toBe('written');
    const log = (await readJson<AutomationPlan>(await zoe.request(`/api/personas/${persona.id}/automation/plan`), 200))
      .log;
    expect(log.some((e) => e.event === 'resumed' && e.message === 'Resumed by you.')).toBe(true);
    // Resuming what runs is harmless; another user's persona is not found.
    await readJson(await zoe.request(`/api/personas/${persona.id}/automation/resume`, { method: 'POST' }), 200);
    await readJson(await ann.request(`/api/personas/${persona.id}/automation/resume`, { method: 'POST' }), 404);
  });
});
