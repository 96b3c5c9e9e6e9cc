import { describe, expect, it } from 'vitest';
import { defaultAutomation } from '../personas/defaults';
import { slotTimes } from '../personas/schedule';
import { DATE_IN_FUTURE, nextFreeSlot, scheduleCreateSchema } from './scheduling';

type Posting = ReturnType<typeof defaultAutomation>['autoPosting'];
const posting = (over: Partial<Posting> = {}): Posting => ({
  ...defaultAutomation().autoPosting,
  frequency: 'custom',
  advancedSchedule: {},
  customTimes: ['09:00', '15:00'],
  ...over,
});

describe('queue slots', () => {
  it('are the custom times each day when there is no advanced schedule (Custom; none: no slots)', () => {
    expect(slotTimes(posting({ customTimes: ['15:00', '09:00'] }), 'Monday')).toEqual(['09:00', '15:00']);
    expect(slotTimes(posting({ customTimes: [] }), 'Monday')).toEqual([]);
    expect(slotTimes(posting({ frequency: 'twice-daily', customTimes: [] }), 'Monday')).toEqual(['09:00', '15:00']);
    expect(slotTimes(posting({ frequency: 'hourly' }), 'Monday')).toHaveLength(24);
  });

  it("follow the advanced schedule's weekdays when it has any", () => {
    const p = posting({ advancedSchedule: { Monday: ['10:30'], Friday: ['12:00'] } });
    expect(slotTimes(p, 'Monday')).toEqual(['10:30']);
    expect(slotTimes(p, 'Tuesday')).toEqual([]);
  });

  it('take the first free slot after now, skipping those already held', () => {
    const now = new Date('2026-03-02T08:00:00Z'); // a Monday, 08:00 in UTC
    const nine = new Date('2026-03-02T09:00:00Z');
    expect(nextFreeSlot(posting(), [], now, 'UTC')).toEqual(nine);
    expect(nextFreeSlot(posting(), [nine], now, 'UTC')).toEqual(new Date('2026-03-02T15:00:00Z'));
    expect(nextFreeSlot(posting(), [nine, new Date('2026-03-02T15:02:00Z')], now, 'UTC')).toEqual(
      new Date('2026-03-03T09:00:00Z'),
    );
  });

  it('keep their wall-clock hour across a DST change (New York, spring forward on 8 March 2026)', () => {
    const p = posting({ customTimes: ['09:00'] });
    const before = nextFreeSlot(p, [], new Date('2026-03-07T15:00:00Z'), 'America/New_York');
    expect(before).toEqual(new Date('2026-03-08T13:00:00Z')); // 09:00 EDT (UTC-4) on the 8th
    const saturday = nextFreeSlot(p, [], new Date('2026-03-07T12:00:00Z'), 'America/New_York');
    expect(saturday).toEqual(new Date('2026-03-07T14:00:00Z')); // 09:00 EST (UTC-5) on the 7th
  });

  it('keep their wall-clock hour across the autumn change in Paris (25 October 2026)', () => {
    const p = posting({ customTimes: ['09:00'] });
    expect(nextFreeSlot(p, [], new Date('2026-10-24T08:00:00Z'), 'Europe/Paris')).toEqual(
      new Date('2026-10-25T08:00:00Z'), // 09:00 CET (UTC+1); the day before it was 07:00 UTC
    );
  });

  it('is null only when every slot in the next 60 days is held', () => {
    const p = posting({ advancedSchedule: { Monday: ['10:00'] } });
    const now = new Date('2026-03-02T08:00:00Z');
    const mondays = Array.from({ length: 9 }, (_, week) => new Date(Date.UTC(2026, 2, 2 + week * 7, 10)));
    expect(nextFreeSlot(p, mondays, now, 'UTC')).toBeNull();
    expect(nextFreeSlot(p, mondays.slice(0, 8), now, 'UTC')).toEqual(mondays[8]);
  });
});

describe('the schedule request', () => {
  it("needs content and a time, or 'Add to queue'", () => {
    const base = { personaId: '0b9a5b8c-3f43-4c5b-9b7e-1f2d3c4b5a69', platform: 'bluesky' };
    const empty = scheduleCreateSchema.safeParse({ ...base, content: ' ', runAt: '2030-01-01T00:00:00Z' });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe('Content is required');
    expect(scheduleCreateSchema.safeParse({ ...base, content: 'hi' }).success).toBe(false);
    expect(scheduleCreateSchema.safeParse({ ...base, content: 'hi', queue: true }).success).toBe(true);
    expect(DATE_IN_FUTURE).toBe('Date must be in the future');
  });
});
