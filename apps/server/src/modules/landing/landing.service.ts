import {
  daysBetween,
  type LandingMetrics,
  type PersonaOfTheDayResponse,
  type Platform,
  pickOfTheDay,
  platformSchema,
  type RecentPost,
  uptimePercent,
  utcDay,
} from '@plume/core';
import type { LandingRepository } from './landing.repository';

const DAY_MS = 86_400_000;
/** Active users and uptime look back this far. */
export const METRICS_WINDOW_DAYS = 30;

/** A platform name as stored: one not in the list reads as Bluesky, as it always did. */
const storedPlatform = platformSchema.catch('bluesky');
const asPlatform = (value: string): Platform => storedPlatform.parse(value);

/** The public landing page's data: only what owners made public, and counts that name no one. */
export function createLandingService(deps: {
  repository: LandingRepository;
  /** The metrics are aggregates over every user: computed at most once in this long (0: every time). */
  metricsCacheMs?: number;
  now?: () => Date;
}) {
  const { repository, metricsCacheMs = 0 } = deps;
  const now = deps.now ?? (() => new Date());
  let metricsCache: { at: number; value: Promise<LandingMetrics> } | undefined;

  return {
    async personaOfTheDay(): Promise<PersonaOfTheDayResponse> {
      const at = now();
      const day = utcDay(at);
      const id = pickOfTheDay(await repository.publicActivePersonaIds(), day);
      const found = id ? await repository.publicPersona(id) : null;
      if (!found) return { day, persona: null };
      const { persona, followers, posts, lastPost } = found;
      return {
        day,
        persona: {
          name: persona.name,
          avatar: persona.avatar,
          description: persona.bio || `${persona.name} persona`,
          traits: persona.personality,
          lastPost: lastPost?.content ?? '',
          lastPostAt: lastPost?.postedAt.toISOString() ?? null,
          lastPostPlatform: lastPost ? asPlatform(lastPost.platform) : null,
          createdDays: daysBetween(persona.createdAt, at),
          // No likes or reposts are measured for posts yet: engagement is unknown (null), not 0.
          stats: { followers, posts, engagement: null },
        },
      };
    },

    async recentPosts(limit: number): Promise<RecentPost[]> {
      const rows = await repository.recentPublicPosts(limit);
      return rows.map((r) => ({
        id: r.id,
        persona: r.persona,
        avatar: r.avatar,
        platform: asPlatform(r.platform),
        timestamp: r.postedAt.toISOString(),
        content: r.content,
        url: r.url,
        likes: null,
        retweets: null,
      }));
    },

    /** The public counts; one computation serves every visitor for `metricsCacheMs`. */
    metrics(): Promise<LandingMetrics> {
      const at = now().getTime();
      if (metricsCache && at - metricsCache.at < metricsCacheMs) return metricsCache.value;
      const value = computeMetrics();
      metricsCache = { at, value };
      // A failure is not kept: the next visitor asks again.
      value.catch(() => {
        if (metricsCache?.value === value) metricsCache = undefined;
      });
      return value;
    },
  };

  async function computeMetrics(): Promise<LandingMetrics> {
    const at = now();
    const since = new Date(at.getTime() - METRICS_WINDOW_DAYS * DAY_MS);
    const currentMinute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
    const [byPlatform, activeUsers, onboarding, beats] = await Promise.all([
      repository.countPublishedByPlatform(),
      repository.countActiveUsers(since),
      repository.medianOnboardingSeconds(),
      repository.heartbeats(since, currentMinute),
    ]);
    return {
      onboardTime: onboarding === null ? null : Math.round(onboarding),
      totalPosts: byPlatform.x + byPlatform.bluesky,
      postsByPlatform: byPlatform,
      activeUsers,
      uptime: uptimePercent({
        firstMinute: beats.first,
        seenMinutes: beats.seen,
        currentSeen: beats.currentSeen,
        now: at,
      }),
    };
  }
}
export type LandingService = ReturnType<typeof createLandingService>;
