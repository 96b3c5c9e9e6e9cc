import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relative time', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime('2026-11-24T11:59:30Z', now, 'en')).toBe('just now');
    expect(relativeTime('2026-11-24T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-11-23T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-11-10T12:00:00Z', now, 'en')).toBe('2 weeks ago');
  });
});
