import { BUDGET_SAFE_SHARE } from '@plume/core';
import { describe, expect, it } from 'vitest';
import { budgetWait } from './safety';

const MINUTE = 60_000;
const at = new Date('2026-05-04T12:00:00.000Z');
const ago = (minutes: number) => new Date(at.getTime() - minutes * MINUTE);
const hourly = { points: [{ max: 100, minutes: 60 }] };

const wait = (
  buckets: { meter: 'points'; startsAt: Date; amount: number }[],
  points: number,
  share = BUDGET_SAFE_SHARE,
) => budgetWait({ platform: 'bluesky', limits: hourly, buckets, bucketMinutes: 5, spend: { points }, at, share });

describe('the budget rule', () => {
  it('lets an action through while it fits within the safe share of every limit', () => {
    expect(wait([], 3)).toBeNull();
    expect(wait([{ meter: 'points', startsAt: ago(30), amount: 77 }], 3)).toBeNull();
  });

  it('holds one that would pass the share until enough of the oldest spend leaves the window', () => {
    const buckets = [
      { meter: 'points' as const, startsAt: ago(50), amount: 40 },
      { meter: 'points' as const, startsAt: ago(20), amount: 38 },
    ];
    // 78 + 3 > 80: room comes when the bucket 50 minutes old (40) has left the hour.
    expect(wait(buckets, 3)).toEqual({
      until: new Date(ago(50).getTime() + 65 * MINUTE),
      reason: "Bluesky's limit: 78 of 100 write points an hour used, and Plume keeps to 80%",
    });
    // The whole limit (a person posting now) still has room.
    expect(wait(buckets, 3, 1)).toBeNull();
  });

  it('counts a bucket partly inside the window whole, and forgets one wholly before it', () => {
    expect(wait([{ meter: 'points', startsAt: ago(62), amount: 79 }], 3)).not.toBeNull();
    expect(wait([{ meter: 'points', startsAt: ago(65), amount: 79 }], 3)).toBeNull();
  });

  it('lets an action bigger than the share through alone in an empty window, and leaves one bigger than the limit to the network', () => {
    expect(wait([], 90)).toBeNull();
    expect(wait([{ meter: 'points', startsAt: ago(10), amount: 1 }], 90)).not.toBeNull();
    expect(wait([{ meter: 'points', startsAt: ago(10), amount: 99 }], 101)).toBeNull();
  });

  it('waits for the latest of its limits, and ignores meters without one', () => {
    const both = {
      points: [
        { max: 100, minutes: 60 },
        { max: 200, minutes: 1_440 },
      ],
    };
    const buckets = [
      { meter: 'points' as const, startsAt: ago(600), amount: 150 },
      { meter: 'points' as const, startsAt: ago(10), amount: 10 },
    ];
    const held = budgetWait({
      platform: 'bluesky',
      limits: both,
      buckets,
      bucketMinutes: 5,
      spend: { points: 3 },
      at,
      share: 0.8,
    });
    expect(held?.until).toEqual(new Date(ago(600).getTime() + (1_440 + 5) * MINUTE));
    expect(held?.reason).toContain('160 of 200 write points a day');
    expect(
      budgetWait({
        platform: 'bluesky',
        limits: both,
        buckets,
        bucketMinutes: 5,
        spend: { sessions: 1 },
        at,
        share: 0.8,
      }),
    ).toBeNull();
  });
});
