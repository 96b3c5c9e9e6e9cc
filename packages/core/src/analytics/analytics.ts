import { z } from 'zod';
import { partsOf } from '../personas/schedule';
import { accountBudgetSchema } from '../platforms/budget';
import { platformSchema } from '../platforms/platform-schema';
import type { Platform } from '../platforms/platforms';
import { addDays, type CalendarDate, dateKey, dayStart, localDateOf } from '../scheduling/calendar';
import { DRAFT_FLAG_KINDS, DRAFT_FLAG_LABELS, type DraftFlagKind } from '../writing/draft-check';

/*
 * A persona's analytics (app spec: Persona analytics screen; Entities: Analytics row and result),
 * drawn from what the metrics sync read, with the definitions of decision 020: a day's counts are
 * those of the posts published that day (in the user's zone), as last read; followers at a day's
 * end are the last reading on or before it. Nothing is interpolated or invented.
 */

export const ANALYTICS_RANGES = ['7d', '30d', '90d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const analyticsQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES).default('30d'),
  compare: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

/** One day, the spec's Analytics row and more. `followers`: at the day's end; null when nothing was read by then. */
export const analyticsDaySchema = z.object({
  date: z.string(),
  posts: z.number().int(),
  likes: z.number().int(),
  retweets: z.number().int(),
  replies: z.number().int(),
  quotes: z.number().int(),
  followers: z.number().int().nullable(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** A stat card: the range's figure and, when comparing, the previous period's (null without data). */
const statCardSchema = z.object({ value: z.number(), previous: z.number().nullable() });

export const analyticsSchema = z
  .object({
    personaId: z.uuid(),
    range: z.enum(ANALYTICS_RANGES),
    timeZone: z.string(),
    /** The range's first and last day (YYYY-MM-DD), in the user's zone. */
    from: z.string(),
    to: z.string(),
    /** When the persona's accounts were last read; null: never (no account, or not yet). */
    lastReadAt: z.iso.datetime({ offset: true }).nullable(),
    days: z.array(analyticsDaySchema),
    /** The period before, as long as the range, when `compare` was asked for. */
    previous: z.array(analyticsDaySchema).nullable(),
    cards: z.object({
      followers: statCardSchema,
      engagement: statCardSchema,
      /** Engagements per post per follower, in percent (decision 020). */
      engagementRate: statCardSchema,
      posts: statCardSchema,
    }),
    keyEvents: z.array(
      z.object({
        date: z.string(),
        kind: z.enum(['spike', 'milestone', 'best_post']),
        title: z.string(),
        detail: z.string(),
      }),
    ),
    engagementTrend: z.array(z.object({ date: z.string(), engagement: z.number().int() })),
    topTweets: z.array(
      z.object({
        content: z.string(),
        likes: z.number().int(),
        retweets: z.number().int(),
        replies: z.number().int(),
        quotes: z.number().int(),
        timestamp: z.iso.datetime({ offset: true }),
        platform: platformSchema,
        url: z.string().nullable(),
      }),
    ),
    /** Each says what it rests on; with too little data, how much more is needed. */
    recommendations: z.array(z.object({ title: z.string(), detail: z.string() })),
    weeklyStats: z.object({
      totalEngagement: z.number().int(),
      bestDay: z.string().nullable(),
      bestTime: z.string().nullable(),
    }),
    /**
     * The check before review in the range (decision 037): drafts a writer (a model or the offline
     * composer) wrote, those that entered the queue flagged, and how many carried each reason.
     */
    drafts: z.object({
      written: z.number().int(),
      flagged: z.number().int(),
      byReason: z.array(z.object({ kind: z.enum(DRAFT_FLAG_KINDS), label: z.string(), count: z.number().int() })),
    }),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof analyticsSchema>;

/** What the computation reads: the persona's posts (as last read) and its accounts' readings. */
export type AnalyticsInput = {
  personaId: string;
  range: AnalyticsRange;
  compare: boolean;
  timeZone: string;
  now: Date;
  posts: {
    platform: Platform;
    text: string;
    url: string | null;
    postedAt: Date;
    likes: number;
    reposts: number;
    replies: number;
    quotes: number;
  }[];
  /** Every reading of every account, any order. */
  snapshots: { accountId: string; readAt: Date; followers: number }[];
  /** The check's counts in the range (drafts written, flagged, flagged by kind); none: zeros. */
  drafts?: { written: number; flagged: number; byKind: { kind: DraftFlagKind; count: number }[] };
};

/** The check's counts as the screen shows them: each kind named, the most frequent first. */
export function draftFigures(drafts: AnalyticsInput['drafts']): Analytics['drafts'] {
  if (!drafts) return { written: 0, flagged: 0, byReason: [] };
  const byReason = drafts.byKind
    .filter((k) => k.count > 0)
    .map((k) => ({ kind: k.kind, label: DRAFT_FLAG_LABELS[k.kind], count: k.count }))
    .sort((a, b) => b.count - a.count || DRAFT_FLAG_KINDS.indexOf(a.kind) - DRAFT_FLAG_KINDS.indexOf(b.kind));
  return { written: drafts.written, flagged: drafts.flagged, byReason };
}

/** A post's engagements: likes, reposts, replies and quotes. */
export const engagementOf = (p: { likes: number; reposts: number; replies: number; quotes: number }) =>
  p.likes + p.reposts + p.replies + p.quotes;

/** How far back a persona's averages and engagement rate look (decision 020), and the rate across personas. */
export const ENGAGEMENT_WINDOW_DAYS = 90;

/** What one persona's engagement rate rests on: its posts of the window, their engagements, its followers. */
export type RateBasis = { engagements: number; posts: number; followers: number };

/**
 * The engagement rate across personas (decision 042): each post's engagements per follower of its
 * persona, averaged over the posts, in percent, one decimal. The mean of the personas' rates
 * weighted by their posts: a persona without posts read or without followers has no rate and
 * counts for nothing (never as a 0), and one persona's is its own rate. 0 when none has a rate.
 */
export function engagementRateAcross(personas: readonly RateBasis[]): number {
  let perFollower = 0;
  let posts = 0;
  for (const p of personas) {
    if (p.posts === 0 || p.followers === 0) continue;
    perFollower += p.engagements / p.followers;
    posts += p.posts;
  }
  return posts === 0 ? 0 : Math.round((perFollower / posts) * 1000) / 10;
}

/** Engagements per post per follower, in percent, one decimal (decision 020); 0 without posts or followers. */
export function engagementRate(engagements: number, posts: number, followers: number): number {
  return engagementRateAcross([{ engagements, posts, followers }]);
}

/** Recommendations need at least this many posts in the range to say anything. */
export const MIN_POSTS_FOR_INSIGHTS = 5;
/** A day is a spike when its engagement is at least this many times the range's daily mean (and at least 5). */
const SPIKE_FACTOR = 2;
const MILESTONES = [10, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000, 100_000];

/** Followers at each instant: the sum over accounts of each one's last reading at or before it (null: none yet). */
function followersAt(snapshots: AnalyticsInput['snapshots'], instant: number): number | null {
  const latest = new Map<string, { at: number; followers: number }>();
  for (const s of snapshots) {
    const at = s.readAt.getTime();
    if (at > instant) continue;
    const known = latest.get(s.accountId);
    if (!known || known.at < at) latest.set(s.accountId, { at, followers: s.followers });
  }
  if (latest.size === 0) return null;
  return [...latest.values()].reduce((sum, r) => sum + r.followers, 0);
}

/**
 * Followers at each of `instants` (ascending), as followersAt gives them, in one pass over the
 * readings sorted by time.
 */
function followersSeries(snapshots: AnalyticsInput['snapshots'], instants: number[]): (number | null)[] {
  const sorted = [...snapshots].sort((a, b) => a.readAt.getTime() - b.readAt.getTime());
  const latest = new Map<string, number>();
  let total = 0;
  let next = 0;
  return instants.map((instant) => {
    for (; next < sorted.length && (sorted[next]?.readAt.getTime() ?? 0) <= instant; next++) {
      const s = sorted[next];
      if (!s) continue;
      total += s.followers - (latest.get(s.accountId) ?? 0);
      latest.set(s.accountId, s.followers);
    }
    return latest.size === 0 ? null : total;
  });
}

/** Where a post falls in the user's zone: its date, weekday and hour, read from the zone's clock once per post. */
type Placed = { date: string; weekday: string; hour: string };
function placer(timeZone: string): (post: { postedAt: Date }) => Placed {
  const placed = new WeakMap<object, Placed>();
  return (post) => {
    let place = placed.get(post);
    if (!place) {
      const p = partsOf(post.postedAt.getTime(), timeZone);
      place = { date: dateKey(p), weekday: p.weekday, hour: `${String(p.hour).padStart(2, '0')}:00` };
      placed.set(post, place);
    }
    return place;
  };
}

function daysOf(
  input: AnalyticsInput,
  first: CalendarDate,
  count: number,
  place: (post: { postedAt: Date }) => Placed,
): AnalyticsDay[] {
  const byDay = new Map<string, AnalyticsDay>();
  const days: AnalyticsDay[] = [];
  const dates = Array.from({ length: count }, (_, i) => addDays(first, i));
  const ends = dates.map((date) =>
    Math.min(dayStart(addDays(date, 1), input.timeZone).getTime() - 1, input.now.getTime()),
  );
  const followers = followersSeries(input.snapshots, ends);
  for (const [i, date] of dates.entries()) {
    const day = {
      date: dateKey(date),
      posts: 0,
      likes: 0,
      retweets: 0,
      replies: 0,
      quotes: 0,
      followers: followers[i] ?? null,
    };
    byDay.set(day.date, day);
    days.push(day);
  }
  for (const post of input.posts) {
    const day = byDay.get(place(post).date);
    if (!day) continue;
    day.posts += 1;
    day.likes += post.likes;
    day.retweets += post.reposts;
    day.replies += post.replies;
    day.quotes += post.quotes;
  }
  return days;
}

const dayEngagement = (d: AnalyticsDay) => d.likes + d.retweets + d.replies + d.quotes;

function cardValues(days: AnalyticsDay[]) {
  const posts = days.reduce((n, d) => n + d.posts, 0);
  const engagement = days.reduce((n, d) => n + dayEngagement(d), 0);
  const followers = [...days].reverse().find((d) => d.followers !== null)?.followers ?? null;
  return { posts, engagement, followers, rate: engagementRate(engagement, posts, followers ?? 0) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const space = /^\s+$/;
/**
 * A post quoted in a key event, a notification, an e-mail or a log line: at most its first `max`
 * graphemes, with "…" when cut (and no space before it). Cut by graphemes, not UTF-16 units, so an
 * emoji at the cut is never halved into a lone surrogate; and between words, so no word is left
 * half-written, unless one word (a long link) fills more than half of what is kept.
 */
export function quotePost(text: string, max = 80): string {
  if (text.length <= max) return text;
  const kept: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length === max) {
      let end = kept.length;
      if (!space.test(segment)) {
        // Mid-word: back to the last space, if that keeps more than half.
        const lastSpace = kept.findLastIndex((g) => space.test(g));
        if (lastSpace > max / 2) end = lastSpace;
      }
      return `${kept.slice(0, end).join('').trimEnd()}…`;
    }
    kept.push(segment);
  }
  return text;
}

/** The whole analytics result for a persona over a range, from its posts and readings. */
export function computeAnalytics(input: AnalyticsInput): Analytics {
  const count = RANGE_DAYS[input.range];
  const today = localDateOf(input.now, input.timeZone);
  const first = addDays(today, -(count - 1));
  const place = placer(input.timeZone);
  const days = daysOf(input, first, count, place);
  const previous = input.compare ? daysOf(input, addDays(first, -count), count, place) : null;
  const current = cardValues(days);
  const before = previous ? cardValues(previous) : null;
  const rangeStart = dayStart(first, input.timeZone).getTime();
  const inRange = input.posts.filter((p) => p.postedAt.getTime() >= rangeStart);

  // Key events: the best post, spike days against the range's own mean, follower milestones crossed.
  const keyEvents: Analytics['keyEvents'] = [];
  const best = [...inRange].sort((a, b) => engagementOf(b) - engagementOf(a))[0];
  if (best && engagementOf(best) > 0) {
    keyEvents.push({
      date: place(best).date,
      kind: 'best_post',
      title: 'Best post',
      detail: `${plural(engagementOf(best), 'engagement')}: “${quotePost(best.text)}”`,
    });
  }
  const mean = current.engagement / count;
  for (const day of days) {
    const engagement = dayEngagement(day);
    if (engagement >= 5 && engagement >= SPIKE_FACTOR * mean && mean > 0) {
      keyEvents.push({
        date: day.date,
        kind: 'spike',
        title: 'Engagement spike',
        detail: `${plural(engagement, 'engagement')}, ${Math.round((engagement / mean) * 10) / 10}× the daily average of ${Math.round(mean * 10) / 10}`,
      });
    }
  }
  let last: number | null = before?.followers ?? null;
  for (const day of days) {
    if (day.followers === null) continue;
    const crossed = MILESTONES.filter((m) => last !== null && last < m && (day.followers ?? 0) >= m);
    for (const milestone of crossed) {
      keyEvents.push({
        date: day.date,
        kind: 'milestone',
        title: `${milestone} followers`,
        detail: `Reached ${plural(day.followers, 'follower')}`,
      });
    }
    last = day.followers;
  }
  keyEvents.sort((a, b) => a.date.localeCompare(b.date));

  const topTweets = [...inRange]
    .sort((a, b) => engagementOf(b) - engagementOf(a) || b.postedAt.getTime() - a.postedAt.getTime())
    .slice(0, 5)
    .map((p) => ({
      content: p.text,
      likes: p.likes,
      retweets: p.reposts,
      replies: p.replies,
      quotes: p.quotes,
      timestamp: p.postedAt.toISOString(),
      platform: p.platform,
      url: p.url,
    }));

  // When posts do best: the weekday and the hour with the most engagement per post.
  const best2 = (key: (p: AnalyticsInput['posts'][number]) => string, posts: AnalyticsInput['posts']) => {
    const groups = new Map<string, { posts: number; engagement: number }>();
    for (const p of posts) {
      const g = groups.get(key(p)) ?? { posts: 0, engagement: 0 };
      g.posts += 1;
      g.engagement += engagementOf(p);
      groups.set(key(p), g);
    }
    const ranked = [...groups.entries()].sort((a, b) => b[1].engagement / b[1].posts - a[1].engagement / a[1].posts);
    const top = ranked[0];
    return top && top[1].engagement > 0 ? { key: top[0], ...top[1] } : null;
  };
  const weekdayKey = (p: { postedAt: Date }) => place(p).weekday;
  const hourKey = (p: { postedAt: Date }) => place(p).hour;

  const recommendations: Analytics['recommendations'] = [];
  if (inRange.length < MIN_POSTS_FOR_INSIGHTS) {
    const more = MIN_POSTS_FOR_INSIGHTS - inRange.length;
    recommendations.push({
      title: 'Keep posting to unlock insights',
      detail: `${plural(inRange.length, 'post')} in these ${count} days; ${plural(more, 'more post')} and Plume can tell which days and hours work best.`,
    });
  } else {
    const day = best2(weekdayKey, inRange);
    if (day) {
      recommendations.push({
        title: `Post on ${day.key}s`,
        detail: `Posts on ${day.key}s averaged ${Math.round((day.engagement / day.posts) * 10) / 10} engagements (${plural(day.posts, 'post')}), the best of the week.`,
      });
    }
    const hour = best2(hourKey, inRange);
    if (hour) {
      recommendations.push({
        title: `Post around ${hour.key}`,
        detail: `Posts published between ${hour.key} and the next hour averaged ${Math.round((hour.engagement / hour.posts) * 10) / 10} engagements (${plural(hour.posts, 'post')}).`,
      });
    }
    const activeDays = days.filter((d) => d.posts > 0);
    const perPostBusy = activeDays.filter((d) => d.posts > 1);
    const perPostSingle = activeDays.filter((d) => d.posts === 1);
    if (perPostBusy.length > 0 && perPostSingle.length > 0) {
      const avg = (list: AnalyticsDay[]) =>
        list.reduce((n, d) => n + dayEngagement(d), 0) / list.reduce((n, d) => n + d.posts, 0);
      const busy = avg(perPostBusy);
      const single = avg(perPostSingle);
      recommendations.push(
        busy >= single
          ? {
              title: 'More posts a day are working',
              detail: `On days with several posts each averaged ${Math.round(busy * 10) / 10} engagements, against ${Math.round(single * 10) / 10} on days with one.`,
            }
          : {
              title: 'Fewer, better posts',
              detail: `On days with one post it averaged ${Math.round(single * 10) / 10} engagements, against ${Math.round(busy * 10) / 10} each on days with several.`,
            },
      );
    }
  }

  const weekStart = dayStart(addDays(today, -6), input.timeZone).getTime();
  const week = input.posts.filter((p) => p.postedAt.getTime() >= weekStart);
  return {
    personaId: input.personaId,
    range: input.range,
    timeZone: input.timeZone,
    from: dateKey(first),
    to: dateKey(today),
    lastReadAt: null,
    days,
    previous,
    cards: {
      followers: { value: current.followers ?? 0, previous: before ? before.followers : null },
      engagement: { value: current.engagement, previous: before ? before.engagement : null },
      engagementRate: { value: current.rate, previous: before ? before.rate : null },
      posts: { value: current.posts, previous: before ? before.posts : null },
    },
    keyEvents,
    engagementTrend: days.map((d) => ({ date: d.date, engagement: dayEngagement(d) })),
    topTweets,
    recommendations,
    weeklyStats: {
      totalEngagement: week.reduce((n, p) => n + engagementOf(p), 0),
      bestDay: best2(weekdayKey, week)?.key ?? null,
      bestTime: best2(hourKey, week)?.key ?? null,
    },
    drafts: draftFigures(input.drafts),
  };
}

/**
 * GET /api/usage: the figures behind the cross-persona screen's captions, each with what it is
 * compared to (null: no reading that far back, so no caption figure is shown).
 */
export const usageSummarySchema = z
  .object({
    lastReadAt: z.iso.datetime({ offset: true }).nullable(),
    /** Followers of every persona now, and 30 days ago (the last readings on or before then). */
    followers: z.object({ value: z.number().int(), monthAgo: z.number().int().nullable() }),
    /** Posts published in the last 7 days, and in the 7 before. */
    postsThisWeek: z.object({ value: z.number().int(), weekBefore: z.number().int() }),
    /**
     * The engagement rate across personas (decision 042: engagementRateAcross over each persona's
     * posts of the last 90 days, as its card gives it), now and as it stood 30 days ago.
     */
    engagementRate: z.object({ value: z.number(), monthBefore: z.number().nullable() }),
    /**
     * What reading X cost in the last 30 days (X bills each API read): metrics, and mentions for
     * replies; and the X accounts connected.
     */
    xReads: z.object({ last30Days: z.number().int(), mentions: z.number().int(), accounts: z.number().int() }),
    /** Each connected account's spend of its network's limits or bill, today and this month (decision 033). */
    budgets: z.array(accountBudgetSchema),
  })
  .meta({ id: 'UsageSummary' });
export type UsageSummary = z.infer<typeof usageSummarySchema>;

/**
 * The usage summary from every persona's posts of the last 120 days and their accounts' readings.
 * `read`: false for Plume's posts no reading has seen yet; they count as posts, not in the rate.
 */
export function computeUsage(input: {
  now: Date;
  posts: (Pick<AnalyticsInput['posts'][number], 'postedAt' | 'likes' | 'reposts' | 'replies' | 'quotes'> & {
    personaId: string;
    read: boolean;
  })[];
  snapshots: (AnalyticsInput['snapshots'][number] & { personaId: string })[];
  lastReadAt: Date | null;
  xReads: UsageSummary['xReads'];
}): Omit<UsageSummary, 'budgets'> {
  const at = input.now.getTime();
  const DAY = 86_400_000;
  const between = (from: number, to: number) =>
    input.posts.filter((p) => p.postedAt.getTime() >= from && p.postedAt.getTime() < to);
  const followersNow = followersAt(input.snapshots, at) ?? 0;
  const followersBefore = followersAt(input.snapshots, at - 30 * DAY);
  /**
   * The rate as the personas' cards give it at `instant`: each persona's posts read in the window
   * before it, against its followers then (null: no reading by then).
   */
  const rateAt = (instant: number): number | null => {
    if (followersAt(input.snapshots, instant) === null) return null;
    const window = between(instant - ENGAGEMENT_WINDOW_DAYS * DAY, instant + 1).filter((p) => p.read);
    const personaIds = new Set(window.map((p) => p.personaId));
    return engagementRateAcross(
      [...personaIds].map((personaId) => {
        const own = window.filter((p) => p.personaId === personaId);
        return {
          engagements: own.reduce((n, p) => n + engagementOf(p), 0),
          posts: own.length,
          followers:
            followersAt(
              input.snapshots.filter((s) => s.personaId === personaId),
              instant,
            ) ?? 0,
        };
      }),
    );
  };
  const monthBefore = rateAt(at - 30 * DAY);
  return {
    lastReadAt: input.lastReadAt?.toISOString() ?? null,
    followers: { value: followersNow, monthAgo: followersBefore },
    postsThisWeek: {
      value: between(at - 7 * DAY, at + 1).length,
      weekBefore: between(at - 14 * DAY, at - 7 * DAY).length,
    },
    engagementRate: {
      value: rateAt(at) ?? 0,
      // Nothing to compare with when nothing was read then, or no post of its window was.
      monthBefore:
        monthBefore === null ||
        between(at - (30 + ENGAGEMENT_WINDOW_DAYS) * DAY, at - 30 * DAY + 1).every((p) => !p.read)
          ? null
          : monthBefore,
    },
    xReads: input.xReads,
  };
}

/** POST /api/metrics/refresh: every persona's accounts, or one persona's. */
export const metricsRefreshRequestSchema = z
  .object({ personaId: z.uuid('must be a persona id').optional() })
  .meta({ id: 'MetricsRefreshRequest' });
/** How many account syncs were queued (they run in the background; `lastReadAt` moves when done). */
export const metricsRefreshResultSchema = z.object({ queued: z.number().int() }).meta({ id: 'MetricsRefreshResult' });
export type MetricsRefreshResult = z.infer<typeof metricsRefreshResultSchema>;
