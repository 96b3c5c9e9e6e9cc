import type {
  Analytics,
  AutomationPlan,
  InAppNotificationList,
  Persona,
  PublishResponse,
  UsageSummary,
} from '@plume/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSnapshots, postMetrics, posts } from '../src/db/schema';
import { SYNC_METRICS } from '../src/jobs/metrics';
import { type BlueskyNetworkWithAppView, startBlueskyNetworkWithAppView } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { until } from './helpers/until';

/*
 * The metrics sync against a real Bluesky network with its AppView (decision 020): a persona
 * posts, other accounts like, repost, reply, quote and follow, the sync reads it all through the
 * account's server, and the persona's card shows it.
 */

let bsky: BlueskyNetworkWithAppView;
let server: TestServer;
let ann: Client;
/** How far the jobs' clock is ahead of real time (a test reads as if minutes had passed). */
let ahead = 0;

beforeAll(async () => {
  bsky = await startBlueskyNetworkWithAppView();
  const { appViewUrl: _appView, ...env } = bsky.env;
  // Syncs run when a test asks (the every-minute look would race the tests' own).
  server = await build(
    { ...env, METRICS_SYNC_MINUTES: '0', X_METRICS_SYNC_MINUTES: '0' },
    { clock: () => new Date(Date.now() + ahead) },
  );
  ann = await signedInUser(server.url, 'metrics');
});
afterAll(async () => {
  await server?.close();
  await bsky?.close();
});

let jobs = 0;
/** Queues a sync of the account as the every-minute look does (a job of its own), and answers what it did. */
async function sync(accountId: string, data: Record<string, unknown> = { force: true }): Promise<unknown> {
  jobs += 1;
  const id = await server.app.jobs.send(SYNC_METRICS, { accountId, ...data }, { singletonKey: `test-${jobs}` });
  return until(async () => {
    const job = await server.app.jobs.boss.getJobById(SYNC_METRICS, id ?? '');
    if (job?.state === 'failed') throw new Error(`sync failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed' ? (job.output as { value: unknown }).value : undefined;
  });
}

/** Counted, a persona of Ann's on Alice's Bluesky account. */
const personaOnBluesky = () =>
  blueskyPersona({ server, bsky, client: ann }, { name: 'Counted', is_active: false, handle: 'alice' });

describe('the metrics sync on Bluesky', () => {
  it('reads followers and each post’s likes, reposts, replies and quotes into the persona’s card', async () => {
    const { persona, account: alice, accountId } = await personaOnBluesky();
    const published = await readJson<PublishResponse>(
      await ann.request(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'bluesky', content: 'Hello from Plume' },
      }),
      200,
    );
    const uri = published.results[0]?.externalId ?? '';
    const [record] = await bsky.postsOf(alice.did);
    if (!record || record.uri !== uri) throw new Error('the post is not on the account');
    const ref = { uri: record.uri, cid: record.cid };
    // A post made outside Plume counts too.
    await alice.agent.post({ text: 'Posted from the Bluesky app', createdAt: new Date().toISOString() });
    const bob = await bsky.createAccount('bob');
    const carol = await bsky.createAccount('carol');
    await bob.agent.like(ref.uri, ref.cid);
    await carol.agent.like(ref.uri, ref.cid);
    await bob.agent.repost(ref.uri, ref.cid);
    await carol.agent.post({
      text: 'Well said',
      reply: { root: ref, parent: ref },
      createdAt: new Date().toISOString(),
    });
    await bob.agent.post({
      text: 'Look at this',
      embed: { $type: 'app.bsky.embed.record', record: ref },
      createdAt: new Date().toISOString(),
    });
    await bob.agent.follow(alice.did);
    await carol.agent.follow(alice.did);
    await bsky.processAll();

    expect(await sync(accountId)).toBe('synced');

    const [snapshot] = await server.app.database.db
      .select()
      .from(accountSnapshots)
      .where(eq(accountSnapshots.accountId, accountId));
    expect(snapshot).toMatchObject({ followers: 2, following: 0, posts: 2 });
    const posts = await server.app.database.db.select().from(postMetrics).where(eq(postMetrics.accountId, accountId));
    expect(posts.map((p) => [p.text, p.likes, p.reposts, p.replies, p.quotes, p.postId !== null]).sort()).toEqual([
      ['Hello from Plume', 2, 1, 1, 1, true],
      ['Posted from the Bluesky app', 0, 0, 0, 0, false],
    ]);

    const card = await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200);
    // Two posts read: (2 + 0) likes / 2, (1 + 0) reposts / 2; 5 engagements / 2 posts / 2 followers.
    expect(card.stats).toEqual({ followers: 2, totalTweets: 2, avgLikes: 1, avgRetweets: 0.5, engagementRate: 125 });
    expect(card.recent_tweets.map((t) => [t.content, t.likes, t.retweets])).toEqual([
      ['Posted from the Bluesky app', 0, 0],
      ['Hello from Plume', 2, 1],
    ]);
    expect(card.connected_accounts).toMatchObject([{ platform: 'bluesky', followers: 2 }]);
    expect(
      (await readJson<Persona[]>(await ann.request('/api/personas'), 200)).find((p) => p.id === persona.id)?.stats,
    ).toEqual(card.stats);

    // The analytics screen's data: today holds both posts and the followers read.
    const analytics = await readJson<Analytics>(
      await ann.request(`/api/personas/${persona.id}/analytics?range=7d&compare=true`),
      200,
    );
    expect(analytics.days).toHaveLength(7);
    expect(analytics.previous).toHaveLength(7);
    expect(analytics.days.at(-1)).toMatchObject({
      posts: 2,
      likes: 2,
      retweets: 1,
      replies: 1,
      quotes: 1,
      followers: 2,
    });
    expect(analytics.days[0]?.followers).toBeNull();
    expect(analytics.cards).toEqual({
      followers: { value: 2, previous: null },
      engagement: { value: 5, previous: 0 },
      engagementRate: { value: 125, previous: 0 },
      posts: { value: 2, previous: 0 },
    });
    expect(analytics.topTweets[0]).toMatchObject({
      content: 'Hello from Plume',
      likes: 2,
      retweets: 1,
      platform: 'bluesky',
      url: expect.stringMatching(/^https:\/\/bsky\.app\/profile\/.+\/post\//),
    });
    expect(analytics.keyEvents.map((e) => e.kind)).toContain('best_post');
    expect(analytics.recommendations[0]?.title).toBe('Keep posting to unlock insights');
    expect(analytics.weeklyStats.totalEngagement).toBe(5);
    expect(analytics.lastReadAt).not.toBeNull();

    // The cross-persona captions: nothing read a month ago, so nothing to compare with.
    const usage = await readJson<UsageSummary>(await ann.request('/api/usage'), 200);
    expect(usage).toMatchObject({
      followers: { value: 2, monthAgo: null },
      postsThisWeek: { value: 2, weekBefore: 0 },
      engagementRate: { value: 125, monthBefore: null },
      // Bluesky's reads cost nothing and are not counted for the user; there is no X account.
      xReads: { last30Days: 0, mentions: 0, accounts: 0 },
    });

    // Refresh reads again now: a new like shows without waiting for the schedule.
    await carol.agent.repost(ref.uri, ref.cid);
    await bsky.processAll();
    expect(
      await readJson(
        await ann.request('/api/metrics/refresh', { method: 'POST', json: { personaId: persona.id } }),
        202,
      ),
    ).toEqual({ queued: 1 });
    const reposts = await until(async () => {
      const [row] = await server.app.database.db.select().from(postMetrics).where(eq(postMetrics.externalId, uri));
      return row && row.reposts === 2 ? row.reposts : undefined;
    });
    expect(reposts).toBe(2);
  });

  it('counts a post Plume published at once, on the card and in analytics, before any reading and after', async () => {
    const { persona, account: alice, accountId } = await personaOnBluesky();
    const publish = async (content: string) =>
      readJson<PublishResponse>(
        await ann.request(`/api/personas/${persona.id}/post`, {
          method: 'POST',
          json: { platform: 'bluesky', content },
        }),
        200,
      );
    const counted = async () => {
      const listed = (await readJson<Persona[]>(await ann.request('/api/personas'), 200)).find(
        (p) => p.id === persona.id,
      );
      const card = await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200);
      const analytics = await readJson<Analytics>(
        await ann.request(`/api/personas/${persona.id}/analytics?range=30d`),
        200,
      );
      return { listed: listed?.stats.totalTweets, card: card.stats.totalTweets, analytics };
    };
    // Read once first, so the list is cached as it was before the posts.
    expect((await counted()).listed).toBe(0);
    await publish('Counted at once, one');
    await publish('Counted at once, two');

    // No reading yet: the card and analytics count Plume's posts; their likes are not read yet (0).
    const before = await counted();
    expect(before.listed).toBe(2);
    expect(before.card).toBe(2);
    expect(before.analytics.cards.posts.value).toBe(2);
    expect(before.analytics.days.at(-1)).toMatchObject({ posts: 2, likes: 0, retweets: 0 });
    expect(before.analytics.topTweets.map((t) => t.content).sort()).toEqual([
      'Counted at once, one',
      'Counted at once, two',
    ]);
    expect(before.analytics.recommendations[0]?.detail).toContain('2 posts in these 30 days');

    // A reading counts each post once (the account's own count, one made outside Plume included).
    await alice.agent.post({ text: 'From the Bluesky app', createdAt: new Date().toISOString() });
    await bsky.processAll();
    expect(await sync(accountId)).toBe('synced');
    const read = await counted();
    expect([read.listed, read.card, read.analytics.cards.posts.value]).toEqual([3, 3, 3]);

    // And a post after the reading counts at once on top of it.
    await publish('Counted at once, three');
    const after = await counted();
    expect([after.listed, after.card, after.analytics.cards.posts.value]).toEqual([4, 4, 4]);
  });

  it('tells its owner in the app when a post takes off against the persona’s usual', async () => {
    const { persona, account: alice, accountId } = await personaOnBluesky();
    const quiet = async (n: number) => {
      for (let i = 0; i < n; i++) await alice.agent.post({ text: `Quiet ${i}`, createdAt: new Date().toISOString() });
    };
    // Nine other posts: too few to know what is usual (decision 042).
    await quiet(9);
    const hit = await alice.agent.post({ text: 'This one takes off', createdAt: new Date().toISOString() });
    const bob = await bsky.createAccount('bob');
    const carol = await bsky.createAccount('carol');
    for (const fan of [bob, carol]) {
      await fan.agent.like(hit.uri, hit.cid);
      await fan.agent.repost(hit.uri, hit.cid);
    }
    await bob.agent.post({ text: 'So true', reply: { root: hit, parent: hit }, createdAt: new Date().toISOString() });
    await bob.agent.post({
      text: 'Read this',
      embed: { $type: 'app.bsky.embed.record', record: hit },
      createdAt: new Date().toISOString(),
    });
    await bsky.processAll();
    const spikes = async () =>
      (await readJson<InAppNotificationList>(await ann.request('/api/notifications'), 200)).items.filter(
        (n) => n.kind === 'engagement_spike' && n.personaId === persona.id,
      );
    expect(await sync(accountId)).toBe('synced');
    expect(await spikes()).toEqual([]);

    // The tenth: now the post stands out against a usual of none, told once however often it is read.
    await quiet(1);
    await bsky.processAll();
    expect(await sync(accountId)).toBe('synced');
    expect(await sync(accountId)).toBe('synced');
    expect((await spikes()).map((n) => [n.title, n.message, n.link])).toEqual([
      [
        'A post is taking off',
        "“This one takes off” has 6 engagements; the persona's posts usually get none.",
        `/analytics/${persona.id}`,
      ],
    ]);
  });

  it('gives one engagement rate across personas, the only connected persona’s, and says when each account was read', async () => {
    // A user of their own: one persona read with posts, one connected with followers and no post, one with no account.
    const fay = await signedInUser(server.url, 'figures');
    const {
      persona,
      account: fern,
      accountId,
    } = await blueskyPersona(
      { server, bsky, client: fay },
      { name: 'Fern the Gardener', is_active: false, handle: 'fern' },
    );
    const quiet = await blueskyPersona(
      { server, bsky, client: fay },
      { name: 'Quiet', is_active: false, handle: 'qui' },
    );
    await readJson(await fay.request('/api/personas', { method: 'POST', json: { name: 'Unconnected' } }), 201);
    const accounts = async (personaId: string) =>
      readJson<{ lastSyncAt: string | null; connectedAt: string }[]>(
        await fay.request(`/api/personas/${personaId}/accounts`),
        200,
      );
    // Connected, not read yet: nothing was synced, whatever the connection time.
    expect((await accounts(persona.id))[0]?.lastSyncAt).toBeNull();

    const hit = await fern.agent.post({ text: 'Compost, then patience', createdAt: new Date().toISOString() });
    await fern.agent.post({ text: 'Rain today', createdAt: new Date().toISOString() });
    const fans = await Promise.all(['fan1', 'fan2', 'fan3'].map((h) => bsky.createAccount(h)));
    for (const fan of fans) {
      await fan.agent.like(hit.uri, hit.cid);
      await fan.agent.repost(hit.uri, hit.cid);
    }
    await fans[0]?.agent.follow(fern.did);
    await fans[1]?.agent.follow(fern.did);
    for (const fan of fans) await fan.agent.follow(quiet.account.did);
    await bsky.processAll();
    expect(await sync(accountId)).toBe('synced');
    expect(await sync(quiet.accountId)).toBe('synced');
    // A post Plume published after the reading counts as a post at once, not in the rate until read.
    await readJson(
      await fay.request(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'bluesky', content: 'Not read yet' },
      }),
      200,
    );

    const card = await readJson<Persona>(await fay.request(`/api/personas/${persona.id}`), 200);
    // 6 engagements / 2 posts / 2 followers.
    expect(card.stats.engagementRate).toBe(150);
    const usage = await readJson<UsageSummary>(await fay.request('/api/usage'), 200);
    // The figure the dashboard's and /usage's cards show: the only persona with posts read, not
    // diluted by a persona without posts (its 3 followers) or one without an account.
    expect(usage.engagementRate.value).toBe(card.stats.engagementRate);

    // Last synced: the time the metrics were read, not the connection's.
    const [row] = await server.app.database.db
      .select({ readAt: accountSnapshots.readAt })
      .from(accountSnapshots)
      .where(eq(accountSnapshots.accountId, accountId));
    const [shown] = await accounts(persona.id);
    expect(shown?.lastSyncAt).toBe(row?.readAt.toISOString());
    expect(shown?.lastSyncAt).not.toBe(shown?.connectedAt);
    expect(card.connected_accounts[0]?.lastSyncAt).toBe(row?.readAt.toISOString());
  });

  it('takes one reading when two syncs of an account run at once', async () => {
    const { accountId } = await personaOnBluesky();
    // Two jobs for the account, taken by the worker in one batch and run side by side.
    const ids = await Promise.all(
      ['a', 'b'].map((key) => server.app.jobs.send(SYNC_METRICS, { accountId }, { singletonKey: `twice-${key}` })),
    );
    await until(async () => {
      const states = await Promise.all(ids.map((id) => server.app.jobs.boss.getJobById(SYNC_METRICS, id ?? '')));
      return states.every((job) => job?.state === 'completed') ? true : undefined;
    });
    const snapshots = await server.app.database.db
      .select()
      .from(accountSnapshots)
      .where(eq(accountSnapshots.accountId, accountId));
    expect(snapshots).toHaveLength(1);
  });
});

describe('a post its owner deleted (decision 035)', () => {
  it('pauses the persona’s automation when the reading after a post finds it deleted within the hour, once; not after the hour', async () => {
    const {
      persona,
      account: owner,
      accountId,
    } = await blueskyPersona(
      { server, bsky, client: ann },
      {
        name: 'Regretted',
        is_active: true,
        handle: 'owner',
        // Posting on, with no slot to write: automation runs, and nothing but the test posts.
        automation: (a) => ({
          ...a,
          autoPosting: { ...a.autoPosting, enabled: true, frequency: 'custom', customTimes: [], advancedSchedule: {} },
        }),
      },
    );
    const publish = async (content: string) => {
      const sent = await readJson<PublishResponse>(
        await ann.request(`/api/personas/${persona.id}/post`, {
          method: 'POST',
          json: { platform: 'bluesky', content },
        }),
        200,
      );
      return sent.results[0]?.postId ?? '';
    };
    const deleteOnBluesky = async (content: string) => {
      const record = (await bsky.postsOf(owner.did)).find((r) => r.value.text === content);
      if (!record) throw new Error(`“${content}” is not on the account`);
      await owner.agent.deletePost(record.uri);
      await bsky.processAll();
    };
    const pauseOf = async () =>
      (await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200)).automation_pause;
    const notices = async () =>
      (await readJson<InAppNotificationList>(await ann.request('/api/notifications'), 200)).items.filter(
        (n) => n.personaId === persona.id && n.title === "Regretted's automation is paused",
      );

    try {
      await publish('Kept on the account');
      const regretted = await publish('Soon regretted');
      await deleteOnBluesky('Soon regretted');

      // Read at once, it is too young to judge (the network may not list a new post yet).
      expect(await sync(accountId)).toBe('synced');
      expect(await pauseOf()).toBeNull();

      // Five minutes on, the reading asks for it by id, does not get it: deleted by its owner.
      ahead = 5 * 60_000;
      expect(await sync(accountId)).toBe('synced');
      expect(await pauseOf()).toMatchObject({
        reason: 'post_deleted',
        // Five minutes and the test's own seconds.
        message: expect.stringMatching(
          new RegExp(
            `^“Soon regretted” was deleted on Bluesky \\(@${owner.handle.replaceAll('.', '\\.')}\\) within [56] minutes of going out\\.$`,
          ),
        ),
      });
      const [gone] = await server.app.database.db.select().from(posts).where(eq(posts.id, regretted));
      expect(gone?.goneAt).not.toBeNull();
      const plan = await readJson<AutomationPlan>(
        await ann.request(`/api/personas/${persona.id}/automation/plan`),
        200,
      );
      expect(plan.log[0]).toMatchObject({ event: 'paused', postId: regretted, platform: 'bluesky' });
      const [notice] = await until(async () => {
        const found = await notices();
        return found.length > 0 ? found : undefined;
      });
      expect(notice?.message).toContain('“Soon regretted” was deleted on Bluesky');

      // Read again, and after Resume: the same deletion pauses nothing more.
      expect(await sync(accountId)).toBe('synced');
      await readJson(await ann.request(`/api/personas/${persona.id}/automation/resume`, { method: 'POST' }), 200);
      expect(await sync(accountId)).toBe('synced');
      expect(await pauseOf()).toBeNull();
      expect(await notices()).toHaveLength(1);

      // A post deleted but read only after its hour: no sign of disagreement to act on.
      await publish('Old news');
      await deleteOnBluesky('Old news');
      ahead = 61 * 60_000;
      expect(await sync(accountId)).toBe('synced');
      expect(await pauseOf()).toBeNull();
    } finally {
      ahead = 0;
    }
  });
});
