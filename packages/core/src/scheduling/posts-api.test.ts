import { describe, expect, it } from 'vitest';
import { lateSecondsOf, postsQuerySchema } from './posts-api';

describe('the posts API', () => {
  it('says how late a posted post went out, and nothing of one not posted', () => {
    const at = '2026-11-26T10:00:00.000Z';
    expect(lateSecondsOf({ status: 'posted', scheduledFor: at, postedAt: '2026-11-26T10:00:02.500Z' })).toBe(2.5);
    expect(lateSecondsOf({ status: 'posted', scheduledFor: at, postedAt: '2026-11-26T09:59:59.000Z' })).toBe(0);
    expect(lateSecondsOf({ status: 'posted', scheduledFor: null, postedAt: at })).toBeNull();
    expect(lateSecondsOf({ status: 'failed', scheduledFor: at, postedAt: null })).toBeNull();
  });

  it('takes up to 100 posts a page and statuses as a comma list', () => {
    expect(postsQuerySchema.parse({ limit: '100', status: 'posted,failed' })).toMatchObject({
      limit: 100,
      status: ['posted', 'failed'],
    });
    expect(postsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(postsQuerySchema.safeParse({ q: '  ' }).success).toBe(false);
  });
});
