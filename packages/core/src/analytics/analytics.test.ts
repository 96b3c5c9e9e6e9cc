import { describe, expect, it } from 'vitest';
import { type AnalyticsInput, computeAnalytics, engagementRate, engagementRateAcross, quotePost } from './analytics';

const post = (iso: string, likes: number, text = `Post at ${iso}`): AnalyticsInput['posts'][number] => ({
  platform: 'bluesky',
  text,
  url: `https://bsky.app/profile/a.test/post/${iso}`,
  postedAt: new Date(iso),
  likes,
  reposts: 0,
  replies: 0,
  quotes: 0,
});

const base = (overrides: Partial<AnalyticsInput>): AnalyticsInput => ({
  personaId: '00000000-0000-4000-8000-000000000001',
  range: '7d',
  compare: false,
  timeZone: 'Europe/Berlin',
  // Tuesday 2026-03-31, 12:00 in Berlin; the clocks went forward on Sunday 2026-03-29.
  now: new Date('2026-03-31T10:00:00Z'),
  posts: [],
  snapshots: [],
  ...overrides,
});

describe('a persona’s analytics', () => {
  it('puts each post on its day and reads followers at each day’s end in the user’s zone, across a DST change', () => {
    const result = computeAnalytics(
      base({
        posts: [
          // 00:30 on Sunday the 29th in Berlin (still winter time, UTC+1).
          post('2026-03-28T23:30:00Z', 3),
          // 00:30 on Monday the 30th (summer time, UTC+2): the UTC date is the 29th.
          post('2026-03-29T22:30:00Z', 4),
        ],
        snapshots: [
          // 23:59 on the 29th (summer time), two accounts: 10 + 5.
          { accountId: 'a', readAt: new Date('2026-03-29T21:59:00Z'), followers: 10 },
          { accountId: 'b', readAt: new Date('2026-03-29T21:00:00Z'), followers: 5 },
          // 00:01 on the 30th: account a again.
          { accountId: 'a', readAt: new Date('2026-03-29T22:01:00Z'), followers: 12 },
        ],
      }),
    );
    expect(result.from).toBe('2026-03-25');
    expect(result.to).toBe('2026-03-31');
    expect(result.days.map((d) => [d.date, d.posts, d.likes, d.followers])).toEqual([
      ['2026-03-25', 0, 0, null],
      ['2026-03-26', 0, 0, null],
      ['2026-03-27', 0, 0, null],
      ['2026-03-28', 0, 0, null],
      ['2026-03-29', 1, 3, 15],
      ['2026-03-30', 1, 4, 17],
      ['2026-03-31', 0, 0, 17],
    ]);
    expect(result.cards.followers).toEqual({ value: 17, previous: null });
    expect(result.cards.engagementRate.value).toBe(engagementRate(7, 2, 17));
    expect(result.previous).toBeNull();
  });

  it('compares with the period before, and finds the best post, spikes and milestones', () => {
    const posts = [
      post('2026-03-20T09:00:00Z', 2),
      post('2026-03-26T09:00:00Z', 1),
      post('2026-03-27T09:00:00Z', 1),
      post('2026-03-30T09:00:00Z', 30, 'The one that took off'),
    ];
    const result = computeAnalytics(
      base({
        compare: true,
        posts,
        snapshots: [
          { accountId: 'a', readAt: new Date('2026-03-20T12:00:00Z'), followers: 40 },
          { accountId: 'a', readAt: new Date('2026-03-30T20:00:00Z'), followers: 60 },
        ],
      }),
    );
    expect(result.previous?.map((d) => d.date)).toEqual([
      '2026-03-18',
      '2026-03-19',
      '2026-03-20',
      '2026-03-21',
      '2026-03-22',
      '2026-03-23',
      '2026-03-24',
    ]);
    expect(result.cards.posts).toEqual({ value: 3, previous: 1 });
    expect(result.cards.engagement).toEqual({ value: 32, previous: 2 });
    expect(result.cards.followers).toEqual({ value: 60, previous: 40 });
    expect(result.keyEvents).toEqual([
      { date: '2026-03-30', kind: 'best_post', title: 'Best post', detail: '30 engagements: “The one that took off”' },
      {
        date: '2026-03-30',
        kind: 'spike',
        title: 'Engagement spike',
        detail: '30 engagements, 6.6× the daily average of 4.6',
      },
      { date: '2026-03-30', kind: 'milestone', title: '50 followers', detail: 'Reached 60 followers' },
    ]);
    expect(result.topTweets.map((t) => t.likes)).toEqual([30, 1, 1]);
    // Three posts: too few to say when to post, and it says how many more are needed.
    expect(result.recommendations).toEqual([
      {
        title: 'Keep posting to unlock insights',
        detail: '3 posts in these 7 days; 2 more posts and Plume can tell which days and hours work best.',
      },
    ]);
  });

  it('recommends the day and hour that did best, with the figures they rest on', () => {
    const posts = [
      post('2026-03-25T07:00:00Z', 2), // Wednesday 09:00
      post('2026-03-26T07:00:00Z', 2), // Thursday 09:00
      post('2026-03-27T16:00:00Z', 1), // Friday 18:00
      post('2026-03-30T16:00:00Z', 9), // Monday 18:00
      post('2026-03-30T16:30:00Z', 11), // Monday 18:30
    ];
    const result = computeAnalytics(base({ posts }));
    expect(result.recommendations.map((r) => r.title)).toEqual([
      'Post on Mondays',
      'Post around 18:00',
      'More posts a day are working',
    ]);
    expect(result.recommendations[0]?.detail).toBe(
      'Posts on Mondays averaged 10 engagements (2 posts), the best of the week.',
    );
    expect(result.weeklyStats).toEqual({ totalEngagement: 25, bestDay: 'Monday', bestTime: '18:00' });
  });

  it('quotes the best post whole characters at a time: an emoji at the cut is kept or dropped, never halved', () => {
    // 79 letters then a two-unit emoji (and a family emoji, several code points): the cut falls inside them.
    const text = `${'a'.repeat(79)}😀 and 👨‍👩‍👧 more after the cut`;
    const result = computeAnalytics(base({ posts: [post('2026-03-30T16:00:00Z', 9, text)] }));
    const detail = result.keyEvents.find((e) => e.kind === 'best_post')?.detail ?? '';
    expect(detail).toBe(`9 engagements: “${'a'.repeat(79)}😀…”`);
    expect(detail).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(quotePost('👨‍👩‍👧👨‍👩‍👧', 1)).toBe('👨‍👩‍👧…');
    expect(quotePost('short', 80)).toBe('short');
    expect(quotePost('cut at a space here', 7)).toBe('cut at…');
    // Never mid-word: a failed post's notice once read "…the garden is blo…".
    expect(quotePost('Spring is here and the garden is blooming at last', 35)).toBe(
      'Spring is here and the garden is…',
    );
    expect(quotePost('Spring is here and the garden is blooming', 33)).toBe('Spring is here and the garden is…');
    // By graphemes with the word boundary: the family emoji stays whole, the cut is at the space.
    expect(quotePost('👨‍👩‍👧 family day at the lake', 11)).toBe('👨‍👩‍👧 family…');
    // One long word (a link) is cut inside rather than leaving almost nothing.
    expect(quotePost('see https://example.com/a/very/long/path/indeed', 20)).toBe('see https://example.…');
  });
});

describe('the engagement rate across personas', () => {
  it('is the posts-weighted mean of the rated personas’ rates; one persona gives its own', () => {
    const fern = { engagements: 10, posts: 2, followers: 4 };
    expect(engagementRateAcross([fern])).toBe(engagementRate(10, 2, 4));
    expect(engagementRateAcross([fern])).toBe(125);
    // A persona with followers and no post, or with nothing connected, counts for nothing (not as 0%).
    expect(
      engagementRateAcross([
        fern,
        { engagements: 0, posts: 0, followers: 50 },
        { engagements: 0, posts: 0, followers: 0 },
      ]),
    ).toBe(125);
    // Two rated: (10/4 + 3/100) per follower over 3 posts.
    expect(engagementRateAcross([fern, { engagements: 3, posts: 1, followers: 100 }])).toBe(84.3);
    expect(engagementRateAcross([])).toBe(0);
  });
});
