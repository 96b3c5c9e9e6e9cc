import { describe, expect, it } from 'vitest';
import { nextPostTime, scheduleSummary, startOfDay, zonedTimeToInstant } from './schedule';

const none = { advancedSchedule: {}, customTimes: [], smartTiming: false };
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('wall-clock times in a time zone', () => {
  it('converts with the offset in force on that day, across DST', () => {
    // Europe/Berlin moves from UTC+1 to UTC+2 on 2026-03-29 at 02:00.
    expect(iso(zonedTimeToInstant({ year: 2026, month: 3, day: 28 }, '09:00', 'Europe/Berlin'))).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(iso(zonedTimeToInstant({ year: 2026, month: 3, day: 29 }, '09:00', 'Europe/Berlin'))).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    // New York moves back from UTC-4 to UTC-5 on 2026-11-01.
    expect(iso(zonedTimeToInstant({ year: 2026, month: 10, day: 31 }, '09:00', 'America/New_York'))).toBe(
      '2026-10-31T13:00:00.000Z',
    );
    expect(iso(zonedTimeToInstant({ year: 2026, month: 11, day: 1 }, '09:00', 'America/New_York'))).toBe(
      '2026-11-01T14:00:00.000Z',
    );
  });

  it('moves a time skipped by DST forward by the gap', () => {
    expect(iso(zonedTimeToInstant({ year: 2026, month: 3, day: 29 }, '02:30', 'Europe/Berlin'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // West of UTC too: 02:30 on 8 March 2026 does not exist in New York; 03:30 EDT does.
    expect(iso(zonedTimeToInstant({ year: 2026, month: 3, day: 8 }, '02:30', 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });
});

describe('next post time', () => {
  // Saturday 2026-03-28, 10:00 in Berlin (09:00 UTC).
  const saturdayMorning = new Date('2026-03-28T09:00:00.000Z');

  it('takes the advanced schedule first, looking up to 7 days ahead, keeping wall-clock time across DST', () => {
    const posting = { ...none, advancedSchedule: { Monday: ['09:00'], Wednesday: ['15:00'] }, customTimes: ['12:00'] };
    // Monday 2026-03-30 09:00 Berlin is after the change: 07:00 UTC.
    expect(iso(nextPostTime(posting, saturdayMorning, 'Europe/Berlin'))).toBe('2026-03-30T07:00:00.000Z');
  });

  it('takes a later time today before another day', () => {
    const posting = { ...none, advancedSchedule: { Saturday: ['08:00', '18:30'] } };
    expect(iso(nextPostTime(posting, saturdayMorning, 'Europe/Berlin'))).toBe('2026-03-28T17:30:00.000Z');
  });

  it('takes the same weekday next week when the only day’s time has passed today', () => {
    const posting = { ...none, advancedSchedule: { Saturday: ['08:00'] } };
    // Saturday 10:00: 08:00 has gone; the next is Saturday 2026-04-04 08:00 Berlin (06:00 UTC, summer time).
    expect(iso(nextPostTime(posting, saturdayMorning, 'Europe/Berlin'))).toBe('2026-04-04T06:00:00.000Z');
  });

  it('falls back to custom times today, then tomorrow', () => {
    expect(iso(nextPostTime({ ...none, customTimes: ['15:00', '09:00'] }, saturdayMorning, 'Europe/Berlin'))).toBe(
      '2026-03-28T14:00:00.000Z',
    );
    // After the last time today: tomorrow, the day the clocks change.
    const evening = new Date('2026-03-28T20:00:00.000Z');
    expect(iso(nextPostTime({ ...none, customTimes: ['09:00'] }, evening, 'Europe/Berlin'))).toBe(
      '2026-03-29T07:00:00.000Z',
    );
  });

  it('is null with no schedule', () => {
    expect(nextPostTime(none, saturdayMorning, 'Europe/Berlin')).toBeNull();
  });

  it('uses the local date of the zone, not of UTC', () => {
    // 23:30 UTC Friday is already Saturday 08:30 in Tokyo.
    const now = new Date('2026-03-27T23:30:00.000Z');
    const posting = { ...none, advancedSchedule: { Saturday: ['09:00'] } };
    expect(iso(nextPostTime(posting, now, 'Asia/Tokyo'))).toBe('2026-03-28T00:00:00.000Z');
  });

  it('shifts by -15 to +15 minutes with smart timing, never into the past', () => {
    const posting = { ...none, customTimes: ['15:00'], smartTiming: true };
    expect(iso(nextPostTime(posting, saturdayMorning, 'Europe/Berlin', () => 0))).toBe('2026-03-28T13:45:00.000Z');
    expect(iso(nextPostTime(posting, saturdayMorning, 'Europe/Berlin', () => 1))).toBe('2026-03-28T14:15:00.000Z');
    expect(iso(nextPostTime(posting, saturdayMorning, 'Europe/Berlin', () => 0.5))).toBe('2026-03-28T14:00:00.000Z');
    const almost = new Date('2026-03-28T13:55:00.000Z');
    expect(iso(nextPostTime(posting, almost, 'Europe/Berlin', () => 0))).toBe('2026-03-28T13:56:00.000Z');
  });
});

describe('schedule summary', () => {
  it('lists days, else daily times, else says there is none', () => {
    expect(
      scheduleSummary({
        advancedSchedule: { Friday: ['12:00'], Monday: ['09:00'], Wednesday: [] },
        customTimes: ['09:00'],
      }),
    ).toBe('Mon, Fri');
    expect(scheduleSummary({ advancedSchedule: {}, customTimes: ['15:00', '09:00'] })).toBe('Daily at 09:00, 15:00');
    expect(scheduleSummary({ advancedSchedule: {}, customTimes: [] })).toBe('No schedule');
  });
});

describe('start of the day in a time zone', () => {
  it('is local midnight, in UTC terms', () => {
    expect(startOfDay(new Date('2026-11-22T15:00:00Z'), 'Europe/Paris').toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(startOfDay(new Date('2026-11-22T02:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-21T05:00:00.000Z',
    );
  });
  it('is the first moment of the day where DST skips midnight', () => {
    // Santiago springs forward at 00:00 on 2026-09-06: that day begins at 01:00 local, 04:00Z.
    expect(startOfDay(new Date('2026-09-06T12:00:00Z'), 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });
  it('follows the offset of the day itself on a DST change', () => {
    // New York leaves DST on 2026-11-01: that day began at 04:00Z (EDT), the next at 05:00Z (EST).
    expect(startOfDay(new Date('2026-11-01T20:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(startOfDay(new Date('2026-11-02T20:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
  });
});
