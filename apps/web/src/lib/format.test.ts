import { describe, expect, it } from 'vitest';
import { formatAgo, formatDay, formatDayTime, formatInstant, formatTime, formatWeekdayInstant } from './format';

describe('instants in the app', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('read in the zone asked for, and as time ago until a month has passed', () => {
    expect(formatInstant('2026-03-08T14:05:00Z', 'Europe/Berlin')).toBe('Mar 8, 2026, 15:05');
    expect(formatAgo('2026-11-24T11:59:30Z', now, 'UTC')).toBe('just now');
    expect(formatAgo('2026-11-24T11:55:00Z', now, 'UTC')).toBe('5 minutes ago');
    expect(formatAgo('2026-11-23T11:00:00Z', now, 'UTC')).toBe('yesterday');
    expect(formatAgo('2026-10-01T12:00:00Z', now, 'UTC')).toBe('on Oct 1, 2026, 12:00');
  });
});

describe('one time style', () => {
  it('writes every time on a 24-hour clock, whatever the parts shown', () => {
    const afternoon = '2026-03-08T14:05:00Z';
    const night = '2026-03-08T00:30:00Z';
    expect(formatTime(afternoon, 'UTC')).toBe('14:05');
    expect(formatTime(new Date(night), 'UTC')).toBe('00:30');
    expect(formatInstant(night, 'UTC')).toBe('Mar 8, 2026, 00:30');
    expect(formatDayTime(afternoon, 'America/New_York')).toBe('Sun, Mar 8, 10:05');
    expect(formatWeekdayInstant(afternoon, 'UTC')).toBe('Sun, Mar 8, 2026, 14:05');
    expect(formatDay(afternoon, 'Pacific/Kiritimati')).toBe('Mar 9, 2026');
    for (const text of [formatTime(afternoon, 'UTC'), formatInstant(afternoon, 'UTC'), formatDayTime(night, 'UTC')]) {
      expect(text).not.toMatch(/AM|PM/);
    }
  });
});
