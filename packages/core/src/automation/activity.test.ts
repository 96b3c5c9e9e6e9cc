import { describe, expect, it } from 'vitest';
import { automationActivityQuerySchema, summarizeActivity } from './activity';

describe('automation activity', () => {
  it('counts posts and replies published (not drafts written), engagement actions, and the manual minutes they saved', () => {
    const since = new Date('2026-11-22T00:00:00.000Z');
    const published = { posts: 1, replies: 2, waitingForReview: 5 };
    expect(summarizeActivity(since, { post: 3, reply: 7, like: 10, repost: 2, follow: 1 }, published)).toEqual({
      since: '2026-11-22T00:00:00.000Z',
      posts: 1,
      replies: 2,
      engagementActions: 13,
      waitingForReview: 5,
      timeSavedMinutes: 1 * 5 + 2 * 2 + 10 * 0.25 + 2 * 0.5 + 1,
    });
  });
  it('is all zero before automation has done anything', () => {
    expect(summarizeActivity(new Date(0), {}, { posts: 0, replies: 0, waitingForReview: 0 })).toMatchObject({
      posts: 0,
      replies: 0,
      engagementActions: 0,
      timeSavedMinutes: 0,
    });
  });
  it('takes IANA time zones and refuses anything else', () => {
    expect(automationActivityQuerySchema.parse({}).timeZone).toBe('UTC');
    expect(automationActivityQuerySchema.parse({ timeZone: 'Europe/Paris' }).timeZone).toBe('Europe/Paris');
    expect(automationActivityQuerySchema.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
  });
});
