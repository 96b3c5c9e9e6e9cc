import { describe, expect, it } from 'vitest';
import { formatAgo, formatInstant } from './format';

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
