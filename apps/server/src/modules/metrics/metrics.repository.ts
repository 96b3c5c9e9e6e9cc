import {
  ENGAGEMENT_WINDOW_DAYS,
  engagementRate,
  type PersonaStats,
  type Platform,
  type RecentTweet,
} from '@plume/core';
import { and, desc, eq, gte, inArray, isNull, lt, lte, or, type Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../../db/client';
import { coalesced, rowsPerAsk } from '../../db/coalesced';
import { accountSnapshots, personas, platformAccounts, postMetrics, posts } from '../../db/schema';
import type { AccountMetrics } from '../../integrations/platform';

/**
 * A published post is read again this long after it went out (its first reading): inside the
 * hour in which a post deleted by its owner pauses the persona's automation (decision 035), so
 * the reading that counts it also looks for it, and no read is added for that.
 */
export const FIRST_READING_AFTER_MS = 50 * 60_000;
/** How many of the newest posts a persona's card lists. */
const RECENT_POSTS = 10;

/** One persona's figures, or every persona of a workspace's. */
export type Scope = { personaId: string } | { workspaceId: string };
const inScope = (scope: Scope) =>
  'personaId' in scope ? eq(personas.id, scope.personaId) : eq(personas.workspaceId, scope.workspaceId);

/**
 * The persona's posts (decision 020, amended): each connected account's own count at its latest
 * reading, plus Plume's posts published there since (all of them before a first reading), so a
 * post Plume published counts at once and a reading that saw it does not count it twice.
 */
const totalPostsOf = (personaId: string | Placeholder | SQLWrapper) => sql<number>`(
  select coalesce(sum(counted.n), 0)::int from (
    select coalesce(latest.posts, 0) + (
      select count(*) from ${posts} p
      where p.persona_id = a.persona_id and p.platform = a.platform and p.status = 'posted'
        and (latest.read_at is null or p.posted_at > latest.read_at)
    ) as n
    from ${platformAccounts} a
    left join lateral (
      select s.posts, s.read_at from ${accountSnapshots} s
      where s.account_id = a.id order by s.read_at desc limit 1
    ) latest on true
    where a.persona_id = ${personaId}
  ) counted
)`;

export function createMetricsRepository(db: Db) {
  // Run after every post that goes out: one prepared statement for all the personas whose posts
  // went out meanwhile (issue 32, decision 062), their rows locked in id order so that two
  // workers' statements never wait on each other in a circle.
  const countPublishedIn = preparedOnce(() =>
    db
      .update(personas)
      .set({ stats: sql`jsonb_set(${personas.stats}, '{totalTweets}', to_jsonb(${totalPostsOf(personas.id)}))` })
      .where(
        sql`${personas.id} in (select id from ${personas} where id = any(${sql.placeholder('personaIds')}::uuid[]) order by id for update)`,
      )
      .prepare('persona_count_published_in'),
  );
  // A persona's posts people engaged with most, the model's examples of its voice: read before
  // every draft, so the asks made while one statement runs go together in the next (decision 062).
  const bestPosts = coalesced<{ personaId: string; limit: number }, string[]>(async (asks) => {
    const engagement = sql`${postMetrics.likes} + ${postMetrics.reposts} + ${postMetrics.replies} + ${postMetrics.quotes}`;
    const { rows } = (await db.execute(sql`
      select a.ord, b.text
      from unnest(
        ${sql.param(asks.map((a) => a.personaId))}::uuid[],
        ${sql.param(asks.map((a) => a.limit))}::int[]
      ) with ordinality as a(persona, lim, ord)
      cross join lateral (
        select ${postMetrics.text} as text
        from ${postMetrics}
        where ${postMetrics.personaId} = a.persona and ${engagement} > 0 and length(trim(${postMetrics.text})) > 0
        order by ${engagement} desc, ${postMetrics.postedAt} desc
        limit a.lim
      ) b`)) as unknown as {
      rows: { ord: string | number; text: string }[];
    };
    return rowsPerAsk(asks.length, rows, (row) => row.text);
  });
  const countPublished = coalesced<string, void>(async (personaIds) => {
    await countPublishedIn().execute({ personaIds: [...new Set(personaIds)] });
    return [];
  });
  return {
    /**
     * Connected accounts whose metrics are due: never read (just connected), read longer ago than
     * their platform's interval, or with a post published at least FIRST_READING_AFTER_MS before
     * now that their last reading came before that long after it (its first reading). Accounts in error wait for a reconnect; accounts
     * whose last reads failed wait out their backoff.
     */
    async dueAccounts(now: Date, intervalMs: Record<Platform, number>, limit: number): Promise<string[]> {
      // A platform whose interval is 0 is read only on demand.
      const scheduled = (Object.keys(intervalMs) as Platform[]).filter((platform) => intervalMs[platform] > 0);
      if (scheduled.length === 0) return [];
      const readBefore = (platform: Platform) =>
        and(
          eq(platformAccounts.platform, platform),
          lt(platformAccounts.metricsReadAt, new Date(now.getTime() - intervalMs[platform])),
        );
      const publishedSince = sql`exists (
        select 1 from ${posts}
        where ${posts.personaId} = ${platformAccounts.personaId}
          and ${posts.platform} = ${platformAccounts.platform}
          and ${posts.status} = 'posted'
          and ${posts.postedAt} <= ${new Date(now.getTime() - FIRST_READING_AFTER_MS)}
          and ${posts.postedAt} + ${`${FIRST_READING_AFTER_MS / 1000} seconds`}::interval > ${platformAccounts.metricsReadAt}
      )`;
      const rows = await db
        .select({ id: platformAccounts.id })
        .from(platformAccounts)
        .where(
          and(
            eq(platformAccounts.status, 'active'),
            inArray(platformAccounts.platform, scheduled),
            or(isNull(platformAccounts.metricsRetryAt), lte(platformAccounts.metricsRetryAt, now)),
            or(isNull(platformAccounts.metricsReadAt), ...scheduled.map(readBefore), publishedSince),
          ),
        )
        .orderBy(sql`${platformAccounts.metricsReadAt} asc nulls first`)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Keeps one sync's reading: the account's snapshot, each post's counts (updated in place, and
     * tied to Plume's post when it is one), and the account's time of reading and followers.
     */
    async record(
      account: { id: string; personaId: string; platform: Platform },
      reading: AccountMetrics,
      readAt: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(accountSnapshots)
          .values({
            id: crypto.randomUUID(),
            accountId: account.id,
            personaId: account.personaId,
            platform: account.platform,
            readAt,
            ...reading.account,
            reads: reading.reads,
          })
          .onConflictDoNothing();
        const ids = reading.posts.map((p) => p.externalId);
        const ours =
          ids.length === 0
            ? []
            : await tx
                .select({ id: posts.id, externalId: posts.externalId })
                .from(posts)
                .where(
                  and(
                    eq(posts.personaId, account.personaId),
                    eq(posts.platform, account.platform),
                    inArray(posts.externalId, ids),
                  ),
                );
        const postIdOf = new Map(ours.map((p) => [p.externalId, p.id]));
        for (const post of reading.posts) {
          const counts = {
            likes: post.likes,
            reposts: post.reposts,
            replies: post.replies,
            quotes: post.quotes,
            impressions: post.impressions,
            readAt,
          };
          await tx
            .insert(postMetrics)
            .values({
              accountId: account.id,
              externalId: post.externalId,
              personaId: account.personaId,
              platform: account.platform,
              postId: postIdOf.get(post.externalId) ?? null,
              text: post.text,
              url: post.url,
              postedAt: post.postedAt,
              ...counts,
            })
            .onConflictDoUpdate({ target: [postMetrics.accountId, postMetrics.externalId], set: counts });
        }
        await tx
          .update(platformAccounts)
          .set({
            metricsReadAt: readAt,
            followers: reading.account.followers,
            metricsFailures: 0,
            metricsRetryAt: null,
            updatedAt: readAt,
          })
          .where(eq(platformAccounts.id, account.id));
      });
    },

    /**
     * A read that failed (the network down or erring): counts it and holds the scheduled sync back
     * until `backoff(failures)` from now. Answers the failures in a row, this one included.
     */
    async recordFailure(accountId: string, at: Date, backoff: (failures: number) => number): Promise<number> {
      const [row] = await db
        .update(platformAccounts)
        .set({ metricsFailures: sql`${platformAccounts.metricsFailures} + 1` })
        .where(eq(platformAccounts.id, accountId))
        .returning({ failures: platformAccounts.metricsFailures });
      const failures = row?.failures ?? 1;
      await db
        .update(platformAccounts)
        .set({ metricsRetryAt: new Date(at.getTime() + backoff(failures)) })
        .where(eq(platformAccounts.id, accountId));
      return failures;
    },

    /** The ids on the network of Plume's posts published on the account since `since`. */
    async plumePostsSince(personaId: string, platform: Platform, since: Date): Promise<string[]> {
      const rows = await db
        .select({ externalId: posts.externalId })
        .from(posts)
        .where(
          and(
            eq(posts.personaId, personaId),
            eq(posts.platform, platform),
            eq(posts.status, 'posted'),
            gte(posts.postedAt, since),
          ),
        );
      return rows.flatMap((r) => (r.externalId ? [r.externalId] : []));
    },

    /** The posts (as last read) of a persona, or of all a workspace's personas, published in [from, to). */
    async postsBetween(scope: Scope, from: Date, to: Date) {
      return db
        .select({
          personaId: postMetrics.personaId,
          externalId: postMetrics.externalId,
          platform: postMetrics.platform,
          text: postMetrics.text,
          url: postMetrics.url,
          postedAt: postMetrics.postedAt,
          likes: postMetrics.likes,
          reposts: postMetrics.reposts,
          replies: postMetrics.replies,
          quotes: postMetrics.quotes,
        })
        .from(postMetrics)
        .innerJoin(platformAccounts, eq(platformAccounts.id, postMetrics.accountId))
        .innerJoin(personas, eq(personas.id, postMetrics.personaId))
        .where(and(inScope(scope), gte(postMetrics.postedAt, from), lt(postMetrics.postedAt, to)))
        .orderBy(postMetrics.postedAt);
    },

    /**
     * Plume's own posts published in [from, to) on a connected account that no reading has seen
     * yet: they count at once, with their likes and other counts at 0 until they are read.
     */
    async unreadPostsBetween(scope: Scope, from: Date, to: Date) {
      const rows = await db
        .select({
          personaId: posts.personaId,
          platform: posts.platform,
          text: posts.content,
          url: posts.url,
          postedAt: posts.postedAt,
        })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .innerJoin(
          platformAccounts,
          and(eq(platformAccounts.personaId, posts.personaId), eq(platformAccounts.platform, posts.platform)),
        )
        .where(
          and(
            inScope(scope),
            eq(posts.status, 'posted'),
            gte(posts.postedAt, from),
            lt(posts.postedAt, to),
            sql`not exists (
              select 1 from ${postMetrics} m
              where m.account_id = ${platformAccounts.id} and m.external_id = ${posts.externalId}
            )`,
          ),
        );
      return rows.flatMap(({ postedAt, ...post }) =>
        postedAt ? [{ ...post, postedAt, likes: 0, reposts: 0, replies: 0, quotes: 0 }] : [],
      );
    },

    /**
     * A post of the persona's was published (or marked as posted): its card counts it now, not at
     * the next reading. Written on the persona like a reading's figures (its list's revision moves).
     */
    async countPublished(personaId: string): Promise<void> {
      await countPublished(personaId);
    },

    /**
     * The follower history a period needs: the readings of the scope's connected accounts from
     * `from` to `until`, and each account's last reading before `from` (its followers when the
     * period began), oldest first.
     */
    async snapshotsBetween(scope: Scope, from: Date, until: Date) {
      const columns = {
        personaId: accountSnapshots.personaId,
        accountId: accountSnapshots.accountId,
        readAt: accountSnapshots.readAt,
        followers: accountSnapshots.followers,
      };
      const [before, during] = await Promise.all([
        db
          .selectDistinctOn([accountSnapshots.accountId], columns)
          .from(accountSnapshots)
          .innerJoin(platformAccounts, eq(platformAccounts.id, accountSnapshots.accountId))
          .innerJoin(personas, eq(personas.id, accountSnapshots.personaId))
          .where(and(inScope(scope), lt(accountSnapshots.readAt, from)))
          .orderBy(accountSnapshots.accountId, desc(accountSnapshots.readAt)),
        db
          .select(columns)
          .from(accountSnapshots)
          .innerJoin(platformAccounts, eq(platformAccounts.id, accountSnapshots.accountId))
          .innerJoin(personas, eq(personas.id, accountSnapshots.personaId))
          .where(and(inScope(scope), gte(accountSnapshots.readAt, from), lte(accountSnapshots.readAt, until)))
          .orderBy(accountSnapshots.readAt),
      ]);
      return [...before.sort((a, b) => a.readAt.getTime() - b.readAt.getTime()), ...during];
    },

    /** Whose persona it is. */
    async ownerOf(personaId: string): Promise<string | null> {
      const [row] = await db
        .select({ workspaceId: personas.workspaceId })
        .from(personas)
        .where(eq(personas.id, personaId));
      return row?.workspaceId ?? null;
    },

    /** The scope's connected accounts that can be read (not waiting for a reconnect). */
    async readableAccounts(scope: Scope): Promise<string[]> {
      const rows = await db
        .select({ id: platformAccounts.id })
        .from(platformAccounts)
        .innerJoin(personas, eq(personas.id, platformAccounts.personaId))
        .where(and(inScope(scope), eq(platformAccounts.status, 'active')));
      return rows.map((r) => r.id);
    },

    /**
     * What reading metrics on a platform cost since `since`: the API calls the syncs made (X bills
     * each one), and how many of the scope's accounts are on that platform now.
     */
    async readsSince(scope: Scope, platform: Platform, since: Date): Promise<{ reads: number; accounts: number }> {
      const [reads] = await db
        .select({ n: sql<string | number>`coalesce(sum(${accountSnapshots.reads}), 0)` })
        .from(accountSnapshots)
        .innerJoin(personas, eq(personas.id, accountSnapshots.personaId))
        .where(and(inScope(scope), eq(accountSnapshots.platform, platform), gte(accountSnapshots.readAt, since)));
      const [accounts] = await db
        .select({ n: sql<string | number>`count(*)` })
        .from(platformAccounts)
        .innerJoin(personas, eq(personas.id, platformAccounts.personaId))
        .where(and(inScope(scope), eq(platformAccounts.platform, platform)));
      return { reads: Number(reads?.n ?? 0), accounts: Number(accounts?.n ?? 0) };
    },

    /** When the scope's accounts were last read; null: never. */
    /**
     * The persona's best-performing posts as last read (likes, reposts, replies and quotes), on any
     * of its accounts, Plume's or not: the model's examples of its voice (decision 037). Posts
     * nobody engaged with are no example of what works.
     */
    bestPosts(personaId: string, limit: number): Promise<string[]> {
      return bestPosts({ personaId, limit });
    },

    async lastReadAt(scope: Scope): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | null>`max(${platformAccounts.metricsReadAt})` })
        .from(platformAccounts)
        .innerJoin(personas, eq(personas.id, platformAccounts.personaId))
        .where(inScope(scope));
      return row?.at ? new Date(row.at) : null;
    },

    /**
     * The persona card's figures from what was read (decision 020): followers as each account last
     * counted them, summed; posts likewise, with Plume's posts published since (`totalPostsOf`);
     * averages and engagement over the posts of the last 90 days; the newest posts. Written on the
     * persona (not a new version: nothing the user set).
     */
    async refreshPersonaStats(personaId: string, now: Date): Promise<PersonaStats> {
      const latest = db
        .selectDistinctOn([accountSnapshots.accountId], { followers: accountSnapshots.followers })
        .from(accountSnapshots)
        .innerJoin(platformAccounts, eq(platformAccounts.id, accountSnapshots.accountId))
        .where(eq(accountSnapshots.personaId, personaId))
        .orderBy(accountSnapshots.accountId, desc(accountSnapshots.readAt))
        .as('latest');
      // One row even with no reading yet (an aggregate): followers 0, posts Plume published.
      const [counts] = await db
        .select({
          followers: sql<number>`coalesce(sum(${latest.followers}), 0)::int`,
          totalTweets: totalPostsOf(personaId),
        })
        .from(latest);
      const followers = counts?.followers ?? 0;
      const totalTweets = counts?.totalTweets ?? 0;
      const since = new Date(now.getTime() - ENGAGEMENT_WINDOW_DAYS * 86_400_000);
      const [sums] = await db
        .select({
          n: sql<number>`count(*)::int`,
          likes: sql<number>`coalesce(sum(${postMetrics.likes}), 0)::int`,
          reposts: sql<number>`coalesce(sum(${postMetrics.reposts}), 0)::int`,
          engagements: sql<number>`coalesce(sum(${postMetrics.likes} + ${postMetrics.reposts} + ${postMetrics.replies} + ${postMetrics.quotes}), 0)::int`,
        })
        .from(postMetrics)
        .innerJoin(platformAccounts, eq(platformAccounts.id, postMetrics.accountId))
        .where(and(eq(postMetrics.personaId, personaId), gte(postMetrics.postedAt, since)));
      const n = sums?.n ?? 0;
      const round1 = (value: number) => Math.round(value * 10) / 10;
      const stats: PersonaStats = {
        followers,
        totalTweets,
        avgLikes: n === 0 ? 0 : round1((sums?.likes ?? 0) / n),
        avgRetweets: n === 0 ? 0 : round1((sums?.reposts ?? 0) / n),
        engagementRate: engagementRate(sums?.engagements ?? 0, n, followers),
      };
      const newest = await db
        .select({
          content: postMetrics.text,
          postedAt: postMetrics.postedAt,
          likes: postMetrics.likes,
          retweets: postMetrics.reposts,
        })
        .from(postMetrics)
        .innerJoin(platformAccounts, eq(platformAccounts.id, postMetrics.accountId))
        .where(eq(postMetrics.personaId, personaId))
        .orderBy(desc(postMetrics.postedAt))
        .limit(RECENT_POSTS);
      const recent: RecentTweet[] = newest.map((p) => ({
        content: p.content.slice(0, 2000),
        postedAt: p.postedAt.toISOString(),
        likes: p.likes,
        retweets: p.retweets,
      }));
      await db.update(personas).set({ stats, recentTweets: recent }).where(eq(personas.id, personaId));
      return stats;
    },
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
