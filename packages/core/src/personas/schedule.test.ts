import { describe, expect, it } from 'vitest';
import {
  postingSlots,
  scheduleSummary,
  slotTimes,
  smartShiftMinutes,
  startOfDay,
  weeklyScheduleApplies,
  zonedTimeToInstant,
} from './schedule';

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

type Rule = Parameters<typeof postingSlots>[0];
const rule = (over: Partial<Rule>): Rule => ({
  frequency: 'custom',
  advancedSchedule: {},
  customTimes: [],
  smartTiming: false,
  ...over,
});
const PERSONA = '00000000-0000-4000-8000-000000000001';
const slotsOf = (posting: Rule, from: Date, timeZone: string, count = 3, wakingHoursOnly = false) =>
  postingSlots(posting, { personaId: PERSONA, timeZone, from, count, wakingHoursOnly }).map((s) => iso(s.at));

describe('posting slots: one rule for the worker, the Automation tab and the calendar', () => {
  // Saturday 2026-03-28, 10:00 in Berlin (09:00 UTC); Berlin springs forward on the 29th.
  const saturdayMorning = new Date('2026-03-28T09:00:00.000Z');

  it('hourly is every hour on the hour, whatever the weekly schedule says', () => {
    const posting = rule({ frequency: 'hourly', advancedSchedule: { Monday: ['09:00'] } });
    expect(slotsOf(posting, saturdayMorning, 'Europe/Berlin')).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-28T10:00:00.000Z',
      '2026-03-28T11:00:00.000Z',
    ]);
    expect(slotTimes(posting, 'Tuesday')).toHaveLength(24);
  });

  it('hourly across the spring change skips the hour that does not exist, once (Berlin, 29 March)', () => {
    const night = new Date('2026-03-28T23:30:00.000Z'); // 00:30 CET on the 29th
    expect(slotsOf(rule({ frequency: 'hourly' }), night, 'Europe/Berlin', 3)).toEqual([
      '2026-03-29T00:00:00.000Z', // 01:00 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST: 02:00 did not happen, and is not a second slot
      '2026-03-29T02:00:00.000Z', // 04:00 CEST
    ]);
  });

  it('daily is the first custom time; twice daily the first two, filled from 09:00 and 15:00', () => {
    expect(slotTimes(rule({ frequency: 'daily', customTimes: ['18:00', '07:30'] }), 'Monday')).toEqual(['07:30']);
    expect(slotTimes(rule({ frequency: 'daily' }), 'Monday')).toEqual(['09:00']);
    expect(slotTimes(rule({ frequency: 'twice-daily', customTimes: ['18:00'] }), 'Monday')).toEqual(['09:00', '18:00']);
    expect(slotTimes(rule({ frequency: 'twice-daily', customTimes: ['20:00', '07:00', '12:00'] }), 'Monday')).toEqual([
      '07:00',
      '12:00',
    ]);
  });

  it('custom follows the weekly schedule when it has times, else the custom times every day', () => {
    const weekly = rule({ advancedSchedule: { Monday: ['09:00'], Wednesday: ['15:00'] }, customTimes: ['12:00'] });
    // Monday 2026-03-30 09:00 Berlin is after the change: 07:00 UTC.
    expect(slotsOf(weekly, saturdayMorning, 'Europe/Berlin', 2)).toEqual([
      '2026-03-30T07:00:00.000Z',
      '2026-04-01T13:00:00.000Z',
    ]);
    expect(weeklyScheduleApplies(weekly)).toBe(true);
    expect(weeklyScheduleApplies({ ...weekly, frequency: 'daily' })).toBe(false);
    expect(slotsOf(rule({ customTimes: ['15:00', '09:00'] }), saturdayMorning, 'Europe/Berlin', 3)).toEqual([
      '2026-03-28T14:00:00.000Z',
      '2026-03-29T07:00:00.000Z', // summer time from the 29th
      '2026-03-29T13:00:00.000Z',
    ]);
  });

  it('keeps wall-clock times across the autumn change in New York (1 November 2026)', () => {
    const friday = new Date('2026-10-30T12:00:00.000Z');
    expect(slotsOf(rule({ frequency: 'daily' }), friday, 'America/New_York', 3)).toEqual([
      '2026-10-30T13:00:00.000Z', // 09:00 EDT
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z', // 09:00 EST
    ]);
  });

  it('uses the local date of the zone, not of UTC', () => {
    // 23:30 UTC Friday is already Saturday 08:30 in Tokyo.
    const now = new Date('2026-03-27T23:30:00.000Z');
    expect(slotsOf(rule({ advancedSchedule: { Saturday: ['09:00'] } }), now, 'Asia/Tokyo', 1)).toEqual([
      '2026-03-28T00:00:00.000Z',
    ]);
  });

  it('keeps human-like posting inside waking hours, 08:00 up to 22:00', () => {
    const awake = slotTimes(rule({ frequency: 'hourly' }), 'Monday', { wakingHoursOnly: true });
    expect(awake[0]).toBe('08:00');
    expect(awake.at(-1)).toBe('21:00');
    expect(awake).toHaveLength(14);
    expect(slotTimes(rule({ customTimes: ['06:00', '23:15', '12:00'] }), 'Monday', { wakingHoursOnly: true })).toEqual([
      '12:00',
    ]);
  });

  it('moves each slot by smart timing within -15 to +15 minutes, the same way every time', () => {
    const posting = rule({ frequency: 'hourly', smartTiming: true });
    const slots = postingSlots(posting, {
      personaId: PERSONA,
      timeZone: 'UTC',
      from: new Date('2026-03-02T00:00:00Z'),
      count: 500,
      days: 30,
    });
    const shifts = slots.map((s) => (s.at.getTime() - s.slot.getTime()) / 60_000);
    expect(Math.min(...shifts)).toBe(-15);
    expect(Math.max(...shifts)).toBe(15);
    expect(shifts.every(Number.isInteger)).toBe(true);
    // Not a fixed rhythm: many different shifts, and the same answer when asked again.
    expect(new Set(shifts).size).toBeGreaterThan(20);
    expect(
      postingSlots(posting, { personaId: PERSONA, timeZone: 'UTC', from: slots[7]?.slot ?? new Date(), count: 1 })[0],
    ).toEqual(slots[7]);
    expect(smartShiftMinutes('another persona', slots[7]?.slot ?? new Date())).not.toBeNaN();
    // Inside waking hours, the 08:00 slot is only ever moved later.
    const awake = postingSlots(posting, {
      personaId: PERSONA,
      timeZone: 'UTC',
      from: new Date('2026-03-02T00:00:00Z'),
      count: 14 * 30,
      days: 30,
      wakingHoursOnly: true,
    });
    expect(awake.every((s) => s.at.toISOString().slice(11, 16) >= '08:00')).toBe(true);
  });
});

describe('schedule summary', () => {
  it('names the frequency’s times, the weekly days with Custom, or says there is none', () => {
    expect(
      scheduleSummary(
        rule({ advancedSchedule: { Friday: ['12:00'], Monday: ['09:00'], Wednesday: [] }, customTimes: ['09:00'] }),
      ),
    ).toBe('Mon, Fri');
    expect(scheduleSummary(rule({ frequency: 'daily', advancedSchedule: { Friday: ['12:00'] } }))).toBe(
      'Daily at 09:00',
    );
    expect(scheduleSummary(rule({ customTimes: ['15:00', '09:00'] }))).toBe('Daily at 09:00, 15:00');
    expect(scheduleSummary(rule({ frequency: 'hourly' }))).toBe('Every hour');
    expect(scheduleSummary(rule({ frequency: 'hourly' }), { wakingHoursOnly: true })).toBe(
      'Every hour, 08:00 to 22:00',
    );
    expect(scheduleSummary(rule({ customTimes: ['23:00'] }), { wakingHoursOnly: true })).toBe('No schedule');
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
