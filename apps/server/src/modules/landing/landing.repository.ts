import type { Platform, Traits } from '@plume/core';
import { and, count, countDistinct, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personas, platformAccounts, posts, serviceHeartbeats, sessions } from '../../db/schema';

/** What the landing page may show of a public persona: no owner, no settings beyond its traits. */
export type PublicPersonaRow = {
  id: string;
  name: string;
  avatar: string;
  bio: string;
  personality: Traits;
  createdAt: Date;
};

export type PublicPostRow = {
  id: string;
  persona: string;
  avatar: string;
  platform: string;
  content: string;
  url: string | null;
  postedAt: Date;
};

const POSTED = 'posted';

/**
 * The landing page's public reads. Every persona-level query is limited to personas whose owner
 * turned on "Show on the Plume landing page"; aggregate counts (posts, users) name no one.
 */
export function createLandingRepository(db: Db) {
  return {
    /** Ids of public, active personas: the persona of the day's candidates. */
    async publicActivePersonaIds(): Promise<string[]> {
      const rows = await db
        .select({ id: personas.id })
        .from(personas)
        .where(and(eq(personas.isPublic, true), eq(personas.isActive, true)));
      return rows.map((r) => r.id);
    },

    /** A public persona's shown fields and its figures; null if it is not public (any more). */
    async publicPersona(id: string): Promise<{
      persona: PublicPersonaRow;
      followers: number;
      posts: number;
      lastPost: { content: string; platform: string; postedAt: Date } | null;
    } | null> {
      const [persona] = await db
        .select({
          id: personas.id,
          name: personas.name,
          avatar: personas.avatar,
          bio: personas.bio,
          personality: personas.personality,
          createdAt: personas.createdAt,
        })
        .from(personas)
        .where(and(eq(personas.id, id), eq(personas.isPublic, true)));
      if (!persona) return null;
      const [followers] = await db
        .select({ n: sql<number>`coalesce(sum(${platformAccounts.followers}), 0)` })
        .from(platformAccounts)
        .where(eq(platformAccounts.personaId, id));
      const [published] = await db
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.personaId, id), eq(posts.status, POSTED)));
      const [last] = await db
        .select({ content: posts.content, platform: posts.platform, postedAt: posts.postedAt })
        .from(posts)
        .where(and(eq(posts.personaId, id), eq(posts.status, POSTED), isNotNull(posts.postedAt)))
        .orderBy(desc(posts.postedAt))
        .limit(1);
      return {
        persona: { ...persona, personality: persona.personality as Traits },
        followers: Number(followers?.n ?? 0),
        posts: Number(published?.n ?? 0),
        lastPost: last?.postedAt ? { content: last.content, platform: last.platform, postedAt: last.postedAt } : null,
      };
    },

    /** The latest posts public personas published, newest first. */
    async recentPublicPosts(limit: number): Promise<PublicPostRow[]> {
      const rows = await db
        .select({
          id: posts.id,
          persona: personas.name,
          avatar: personas.avatar,
          platform: posts.platform,
          content: posts.content,
          url: posts.url,
          postedAt: posts.postedAt,
        })
        .from(posts)
        .innerJoin(personas, eq(personas.id, posts.personaId))
        .where(and(eq(personas.isPublic, true), eq(posts.status, POSTED), isNotNull(posts.postedAt)))
        .orderBy(desc(posts.postedAt), desc(posts.id))
        .limit(limit);
      return rows.flatMap((r) => (r.postedAt ? [{ ...r, postedAt: r.postedAt }] : []));
    },

    /** Posts Plume has published, every user's, by platform. */
    async countPublishedByPlatform(): Promise<Record<Platform, number>> {
      const rows = await db
        .select({ platform: posts.platform, n: count() })
        .from(posts)
        .where(eq(posts.status, POSTED))
        .groupBy(posts.platform);
      const counts: Record<Platform, number> = { x: 0, bluesky: 0 };
      for (const row of rows)
        if (row.platform === 'x' || row.platform === 'bluesky') counts[row.platform] = Number(row.n);
      return counts;
    },

    /** Users with a session created or refreshed since `since` (better-auth refreshes a used session daily). */
    async countActiveUsers(since: Date): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(sessions.userId) })
        .from(sessions)
        .where(gte(sessions.updatedAt, since));
      return Number(row?.n ?? 0);
    },

    /**
     * The median of the seconds from each user's sign-up to their first persona: the first version
     * saved of any persona in a workspace they own (versions carry the server's own time; a persona's
     * created_at may come from an imported file). Null before anyone has a persona.
     */
    async medianOnboardingSeconds(): Promise<number | null> {
      const result = (await db.execute(sql`
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds)::float8 AS median
        FROM (
          SELECT GREATEST(0, EXTRACT(EPOCH FROM (MIN(v.created_at) - u.created_at))) AS seconds
          FROM users u
          JOIN workspace_members m ON m.user_id = u.id AND m.role = 'owner'
          JOIN personas p ON p.workspace_id = m.workspace_id
          JOIN persona_versions v ON v.persona_id = p.id
          GROUP BY u.id, u.created_at
        ) firsts`)) as { rows: { median: number | string | null }[] };
      const median = result.rows[0]?.median;
      return median === null || median === undefined ? null : Number(median);
    },

    /** Records that a process is running in this minute (once per minute, whichever process comes first). */
    async recordHeartbeat(at: Date): Promise<void> {
      const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
      await db.insert(serviceHeartbeats).values({ minute }).onConflictDoNothing();
    },

    /** The minutes recorded since `since`: how many, the first, and whether `currentMinute` is among them. */
    async heartbeats(since: Date, currentMinute: Date) {
      const [row] = await db
        .select({
          seen: count(),
          first: sql<string | Date | null>`min(${serviceHeartbeats.minute})`,
          current: sql<boolean>`bool_or(${serviceHeartbeats.minute} = ${currentMinute.toISOString()}::timestamptz)`,
        })
        .from(serviceHeartbeats)
        .where(gte(serviceHeartbeats.minute, since));
      return {
        seen: Number(row?.seen ?? 0),
        first: row?.first ? new Date(row.first) : null,
        currentSeen: row?.current === true,
      };
    },

    async deleteHeartbeatsBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(serviceHeartbeats)
        .where(lt(serviceHeartbeats.minute, before))
        .returning({ minute: serviceHeartbeats.minute });
      return rows.length;
    },
  };
}
export type LandingRepository = ReturnType<typeof createLandingRepository>;
