import { describe, expect, it } from 'vitest';
import { budgetRows, estimatedCostUsd, limitWords, metersOf, plannedSpend } from './budget';

describe('the platform budgets', () => {
  it('names what each network counts, in order', () => {
    expect(metersOf('bluesky')).toEqual(['points', 'sessions']);
    expect(metersOf('x')).toEqual(['posts', 'linkPosts', 'postReads', 'userReads']);
  });

  it('knows what an action will spend before it is taken: a create per part or action on Bluesky, a post per part on X', () => {
    expect(plannedSpend('bluesky', 'post', 3)).toEqual({ points: 9 });
    expect(plannedSpend('bluesky', 'like')).toEqual({ points: 3 });
    expect(plannedSpend('bluesky', 'follow')).toEqual({ points: 3 });
    expect(plannedSpend('x', 'post', 2)).toEqual({ posts: 2 });
    // A threadgate is one more record on Bluesky, nothing on X.
    expect(plannedSpend('bluesky', 'post', 2, true)).toEqual({ points: 9 });
    expect(plannedSpend('x', 'post', 2, true)).toEqual({ posts: 2 });
    expect(plannedSpend('x', 'like')).toEqual({});
  });

  it("prices X's spend as X bills it, a post with a link at its own price; Bluesky bills nothing", () => {
    expect(estimatedCostUsd('x', { posts: 3, linkPosts: 1, postReads: 200, userReads: 4 })).toBe(1.27);
    expect(estimatedCostUsd('x', {})).toBe(0);
    expect(estimatedCostUsd('bluesky', { points: 300 })).toBeNull();
  });

  it('says the limits plainly', () => {
    expect(limitWords('bluesky', 'points')).toBe('5,000 an hour and 35,000 a day');
    expect(limitWords('bluesky', 'sessions')).toBe('30 in 5 minutes and 300 a day');
    expect(limitWords('x', 'posts')).toBe('100 in 15 minutes');
    expect(limitWords('x', 'postReads')).toBeNull();
  });

  it('shows every limited meter, and a billed one once it was used this month', () => {
    expect(budgetRows('bluesky', { today: { points: 6 }, month: { points: 96, sessions: 1 } })).toEqual({
      rows: [
        {
          meter: 'points',
          label: 'Write points',
          today: 6,
          month: 96,
          limit: 'Bluesky allows 5,000 an hour and 35,000 a day',
        },
        {
          meter: 'sessions',
          label: 'Sign-ins',
          today: 0,
          month: 1,
          limit: 'Bluesky allows 30 in 5 minutes and 300 a day',
        },
      ],
      monthCostUsd: null,
    });
    const x = budgetRows('x', { today: {}, month: { postReads: 40 } });
    expect(x.rows.map((r) => [r.label, r.today, r.month, r.limit])).toEqual([
      ['Posts', 0, 0, 'X allows 100 in 15 minutes'],
      ['Posts read', 0, 40, 'X bills $0.005 each'],
    ]);
    expect(x.monthCostUsd).toBe(0.2);
  });
});
