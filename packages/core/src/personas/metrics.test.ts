import { describe, expect, it } from 'vitest';
import { engagementColor, formatCount, healthScore, healthStatus, performanceBadge } from './metrics';

const healthy = { isActive: true, engagementRate: 2, totalPosts: 10, followers: 0 };

describe('health score', () => {
  it('is 100 with no issue, and the thresholds are inclusive of 2% and 10 posts', () => {
    expect(healthScore(healthy)).toBe(100);
  });
  it('loses 25 per issue', () => {
    expect(healthScore({ ...healthy, isActive: false })).toBe(75);
    expect(healthScore({ ...healthy, engagementRate: 1.99 })).toBe(75);
    expect(healthScore({ ...healthy, totalPosts: 9 })).toBe(75);
    expect(healthScore({ ...healthy, isActive: false, totalPosts: 9 })).toBe(50);
    expect(healthScore({ isActive: false, engagementRate: 0, totalPosts: 0, followers: 0 })).toBe(25);
  });
});

describe('health status', () => {
  it.each([
    [100, 'excellent'],
    [80, 'excellent'],
    [79, 'good'],
    [60, 'good'],
    [59, 'needs-attention'],
    [25, 'needs-attention'],
  ] as const)('%i is %s', (score, status) => {
    expect(healthStatus(score)).toBe(status);
  });
});

describe('performance badge', () => {
  it.each([
    [5, 10_000, 'Star'],
    [5, 9_999, 'High'],
    [4.99, 1_000_000, 'High'],
    [4, 100, 'High'],
    [3.99, 100, 'Good'],
    [2, 100, 'Good'],
    [1.99, 50_000, 'Growing'],
    [0, 0, 'Growing'],
    // Too few followers to judge: 166.7% of 3 followers is not "High".
    [166.7, 3, 'Growing'],
    [4, 99, 'Growing'],
    // Past 100% on a real following (posts reaching beyond it) is high.
    [150, 400, 'High'],
  ] as const)('engagement %d with %d followers is %s', (rate, followers, badge) => {
    expect(performanceBadge(rate, followers)).toBe(badge);
  });
});

describe('engagement colour', () => {
  it.each([
    [5, 'green'],
    [4.99, 'blue'],
    [3, 'blue'],
    [2.99, 'yellow'],
    [1, 'yellow'],
    [0.99, 'grey'],
    [0, 'grey'],
  ] as const)('%d is %s', (rate, color) => {
    expect(engagementColor(rate, 100)).toBe(color);
  });
  it('is neutral for a rate on too few followers to judge', () => {
    expect(engagementColor(166.7, 3)).toBe('grey');
    expect(engagementColor(166.7, 100)).toBe('green');
  });
});

describe('number format', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1.0K'],
    [1_550, '1.6K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_000_000, '1.0M'],
    [12_340_000, '12.3M'],
  ] as const)('%d reads %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});
