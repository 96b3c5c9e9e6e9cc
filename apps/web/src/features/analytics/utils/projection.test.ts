import { defaultAutomation } from '@plume/core';
import { describe, expect, it } from 'vitest';
import { describeSchedule, scheduledSlots } from './projection';

// The default weekly schedule (Monday 09:00, Wednesday 15:00, Friday 12:00) decides with Custom times.
const posting = { ...defaultAutomation().autoPosting, frequency: 'custom' as const };

describe("the posting schedule's projection", () => {
  it('counts the slots of the advanced schedule in the next days, in the user zone', () => {
    // Monday 2026-03-02 08:00 in Paris: Monday 09:00, Wednesday 15:00, Friday 12:00 each week.
    const now = new Date('2026-03-02T07:00:00Z');
    const week = scheduledSlots(posting, now, 'Europe/Paris', 7);
    expect(week.map((d) => d.toISOString())).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-04T14:00:00.000Z',
      '2026-03-06T11:00:00.000Z',
    ]);
    // The 30 days up to Wednesday 1 April 09:00: 13 slots, the last Monday 30 March at 09:00 summer time.
    const month = scheduledSlots(posting, now, 'Europe/Paris', 30);
    expect(month).toHaveLength(13);
    expect(month.at(-1)?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('leaves out a slot already past today', () => {
    const now = new Date('2026-03-02T09:30:00Z');
    expect(scheduledSlots(posting, now, 'UTC', 7).map((d) => d.toISOString())).toEqual([
      '2026-03-04T15:00:00.000Z',
      '2026-03-06T12:00:00.000Z',
      '2026-03-09T09:00:00.000Z',
    ]);
  });

  it('uses the custom times daily without an advanced schedule, and says so', () => {
    const daily = { ...posting, advancedSchedule: {}, customTimes: ['15:00', '09:00'] };
    expect(scheduledSlots(daily, new Date('2026-03-02T00:00:00Z'), 'UTC', 7)).toHaveLength(14);
    // Daily is one post a day, at the first custom time, whatever the weekly schedule says.
    expect(scheduledSlots({ ...posting, frequency: 'daily' }, new Date('2026-03-02T00:00:00Z'), 'UTC', 7)).toHaveLength(
      7,
    );
    expect(describeSchedule({ ...posting, frequency: 'daily' })).toBe('daily at 09:00');
    expect(describeSchedule(daily)).toBe('daily at 09:00, 15:00');
    expect(describeSchedule(posting)).toBe('Mon, Wed, Fri');
    expect(describeSchedule({ ...daily, frequency: 'hourly' })).toBe('every hour');
    expect(describeSchedule({ ...daily, customTimes: [] })).toBe('No schedule');
    expect(describeSchedule({ ...daily, frequency: 'twice-daily', customTimes: [] })).toBe(
      'daily at 09:00, 15:00 (the default times)',
    );
  });
});
