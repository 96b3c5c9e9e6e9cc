import { describe, expect, it } from 'vitest';
import { engagementCaption, followersCaption, formatAverage, isoDay, postsCaption } from './usage-view';

describe('the captions', () => {
  it('give followers against a month ago in percent, whole from 10%', () => {
    expect(followersCaption({ value: 112, monthAgo: 100 })).toBe('+12% this month');
    expect(followersCaption({ value: 97, monthAgo: 100 })).toBe('−3% this month');
    expect(followersCaption({ value: 1025, monthAgo: 1000 })).toBe('+2.5% this month');
    expect(followersCaption({ value: 100, monthAgo: 100 })).toBe('No change this month');
    expect(followersCaption({ value: 40, monthAgo: null })).toBe('No data from a month ago yet');
    expect(followersCaption({ value: 40, monthAgo: 0 })).toBe('No followers a month ago');
  });

  it('give posts against the week before', () => {
    expect(postsCaption({ value: 27, weekBefore: 25 })).toBe('+8% this week');
    expect(postsCaption({ value: 2, weekBefore: 4 })).toBe('−50% this week');
    expect(postsCaption({ value: 4, weekBefore: 4 })).toBe('No change this week');
    expect(postsCaption({ value: 1, weekBefore: 0 })).toBe('1 this week, none the week before');
    expect(postsCaption({ value: 0, weekBefore: 0 })).toBe('No posts this week or the week before');
  });

  it('give engagement against the month before in points', () => {
    expect(engagementCaption({ value: 4.4, monthBefore: 2.1 })).toBe('+2.3 pts this month');
    expect(engagementCaption({ value: 1, monthBefore: 3 })).toBe('−2 pts this month');
    expect(engagementCaption({ value: 3.04, monthBefore: 3 })).toBe('No change this month');
    expect(engagementCaption({ value: 3, monthBefore: null })).toBe('No data from the month before yet');
    expect(engagementCaption({ value: 3, monthBefore: 0 })).toBe('No engagement the month before');
  });
});

describe('the formats', () => {
  it('write averages with one decimal under 100', () => {
    expect(formatAverage(0)).toBe('0');
    expect(formatAverage(12.46)).toBe('12.5');
    expect(formatAverage(150.4)).toBe('150');
  });

  it('give the day of an instant in the zone', () => {
    expect(isoDay('2026-03-31T23:30:00Z', 'UTC')).toBe('2026-03-31');
    expect(isoDay('2026-03-31T23:30:00Z', 'Europe/Paris')).toBe('2026-04-01');
  });
});
