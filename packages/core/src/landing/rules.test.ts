import { describe, expect, it } from 'vitest';
import { PLANS } from '../billing/plans';
import { demoSampleRequestSchema, waitlistRequestSchema } from './api';
import {
  daysBetween,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  emailError,
  formatDuration,
  normalizeEmail,
  pickOfTheDay,
  uptimePercent,
  utcDay,
} from './rules';

const ids = ['c3', 'a1', 'b2', 'd4', 'e5'];

describe('the persona of the day', () => {
  it('is the same all day whatever order the candidates come in', () => {
    const day = '2026-11-22';
    const pick = pickOfTheDay(ids, day);
    expect(ids).toContain(pick);
    expect(pickOfTheDay([...ids].reverse(), day)).toBe(pick);
    expect(pickOfTheDay([...ids, 'a1'], day)).toBe(pick);
  });

  it('changes from day to day, reaching every candidate over a month', () => {
    const picks = new Set<string | null>();
    for (let d = 1; d <= 30; d++) picks.add(pickOfTheDay(ids, `2026-11-${String(d).padStart(2, '0')}`));
    expect(picks.size).toBe(ids.length);
  });

  it('is null without candidates and the only one with one', () => {
    expect(pickOfTheDay([], '2026-11-22')).toBeNull();
    expect(pickOfTheDay(['only'], '2026-11-22')).toBe('only');
  });

  it('follows the UTC day, not the local one', () => {
    expect(utcDay(new Date('2026-11-22T23:59:59-05:00'))).toBe('2026-11-23');
    expect(utcDay(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
  });
});

describe('days since created', () => {
  it('counts whole days and never goes below 0', () => {
    const created = new Date('2026-11-01T12:00:00Z');
    expect(daysBetween(created, new Date('2026-11-01T23:00:00Z'))).toBe(0);
    expect(daysBetween(created, new Date('2026-11-03T12:00:00Z'))).toBe(2);
    expect(daysBetween(created, new Date('2026-10-01T00:00:00Z'))).toBe(0);
  });
});

describe('uptime', () => {
  const now = new Date('2026-11-22T12:10:30Z');
  it('is null before anything is recorded', () => {
    expect(uptimePercent({ firstMinute: null, seenMinutes: 0, currentSeen: false, now })).toBeNull();
  });
  it('is 100 when every minute since the first was recorded', () => {
    const firstMinute = new Date('2026-11-22T12:00:00Z');
    expect(uptimePercent({ firstMinute, seenMinutes: 11, currentSeen: true, now })).toBe(100);
    // The current minute not yet recorded is not held against it.
    expect(uptimePercent({ firstMinute, seenMinutes: 10, currentSeen: false, now })).toBe(100);
    expect(uptimePercent({ firstMinute: now, seenMinutes: 1, currentSeen: true, now })).toBe(100);
  });
  it('counts the minutes missed', () => {
    const firstMinute = new Date('2026-11-22T12:00:00Z');
    expect(uptimePercent({ firstMinute, seenMinutes: 8, currentSeen: true, now })).toBe(72.73);
  });
});

describe('the waitlist e-mail', () => {
  it('is required and of e-mail format, with messages naming the field', () => {
    expect(emailError('  ')).toBe(EMAIL_REQUIRED);
    expect(emailError('ada')).toBe(EMAIL_INVALID);
    expect(emailError('ada@example')).toBe(EMAIL_INVALID);
    expect(emailError('a da@example.com')).toBe(EMAIL_INVALID);
    expect(emailError(' ada@example.com ')).toBeNull();
    expect(EMAIL_REQUIRED).toMatch(/^Email/);
    expect(EMAIL_INVALID).toMatch(/^Email/);
  });
  it('is one entry whatever its case', () => {
    expect(normalizeEmail(' Ada@Example.COM ')).toBe('ada@example.com');
  });
  it('is checked by the request schema with the same rule', () => {
    expect(waitlistRequestSchema.safeParse({ email: 'nope' }).error?.issues[0]).toMatchObject({
      path: ['email'],
      message: EMAIL_INVALID,
    });
    expect(waitlistRequestSchema.safeParse({}).error?.issues[0]?.path).toEqual(['email']);
    expect(waitlistRequestSchema.parse({ email: ' ada@example.com ' })).toEqual({ email: 'ada@example.com' });
  });
});

describe('the demo sample request', () => {
  it('takes some traits and a short topic', () => {
    expect(demoSampleRequestSchema.parse({ traits: { humor: 75, sarcasm: 60 } })).toEqual({
      traits: { humor: 75, sarcasm: 60 },
    });
    expect(demoSampleRequestSchema.safeParse({ traits: { humor: 101 } }).success).toBe(false);
    expect(demoSampleRequestSchema.safeParse({ topic: 'x'.repeat(81) }).success).toBe(false);
  });
});

describe('onboarding time as shown', () => {
  it('reads in the largest sensible unit', () => {
    expect(formatDuration(20)).toBe('20 s');
    expect(formatDuration(170)).toBe('3 min');
    expect(formatDuration(2.5 * 3600)).toBe('2.5 h');
    expect(formatDuration(5 * 86_400)).toBe('5 days');
  });
});

describe('the plans', () => {
  it('are the spec’s four, with its prices, trials and badges', () => {
    expect(PLANS.map((p) => [p.name, p.price, p.trialDays])).toEqual([
      ['Free Starter', 0, 0],
      ['Growth', 19, 7],
      ['Professional', 49, 14],
      ['Enterprise', null, 0],
    ]);
    expect(PLANS.find((p) => p.id === 'growth')?.badges).toEqual(['Most Popular', 'Best Value']);
    expect(PLANS.find((p) => p.id === 'free')?.limits).toEqual({ personas: 1, postsPerMonth: 50 });
    expect(PLANS.find((p) => p.id === 'growth')?.limits).toEqual({ personas: 3, postsPerMonth: null });
  });
});
