import { describe, expect, it } from 'vitest';
import { textPart } from './post-parts';
import {
  canMove,
  overLimitProblems,
  POST_STATUSES,
  type PublishResult,
  postParts,
  publishRequestSchema,
  publishToast,
  requestedPlatforms,
} from './publishing';

const result = (
  platform: 'x' | 'bluesky',
  status: PublishResult['status'],
  error: string | null = null,
): PublishResult => ({
  platform,
  postId: 'p',
  status,
  externalId: null,
  url: null,
  error,
});

describe('the publish request', () => {
  it("takes the spec's { platform, content } and a list of platforms", () => {
    expect(publishRequestSchema.parse({ platform: 'x', content: ' hi ' })).toEqual({ platform: 'x', content: 'hi' });
    const both = publishRequestSchema.parse({ platform: ['x', 'bluesky'], content: 'hi' });
    expect(requestedPlatforms(both)).toEqual(['x', 'bluesky']);
    expect(requestedPlatforms(publishRequestSchema.parse({ platform: ['bluesky', 'bluesky'], content: 'hi' }))).toEqual(
      ['bluesky'],
    );
  });

  it('needs content and known platforms', () => {
    const empty = publishRequestSchema.safeParse({ platform: 'x', content: '   ' });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe('Content is required');
    expect(publishRequestSchema.safeParse({ platform: 'threads', content: 'hi' }).success).toBe(false);
    expect(publishRequestSchema.safeParse({ platform: [], content: 'hi' }).success).toBe(false);
  });

  it("posts a thread's parts, else the content alone", () => {
    expect(postParts({ content: 'one', parts: [textPart('a'), textPart('b')] })).toEqual([
      textPart('a'),
      textPart('b'),
    ]);
    expect(postParts({ content: 'one' })).toEqual([textPart('one')]);
  });

  it('reads each part sent as its text alone or as a whole part', () => {
    const link = { url: 'https://example.com', title: 'Example', description: '', imageId: null };
    const request = publishRequestSchema.parse({
      platform: 'bluesky',
      content: 'one',
      parts: [' one ', { text: ' two ', langs: ['en'], link }],
    });
    expect(request.parts).toEqual([
      textPart('one'),
      { text: 'two', media: [], link: { ...link, imageUrl: null }, langs: ['en'] },
    ]);
  });

  it('names the empty part, sent either way', () => {
    const issues = (parts: unknown[]) => {
      const parsed = publishRequestSchema.safeParse({ platform: 'x', content: 'one', parts });
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues(['one', '  '])).toEqual(['parts.1: A thread part is empty']);
    expect(issues(['one', { text: ' ' }])).toEqual(['parts.1.text: A thread part is empty']);
  });
});

describe('platform limits', () => {
  it('names each part over a limit as the counters do', () => {
    expect(overLimitProblems([textPart('a'.repeat(300))], ['bluesky'])).toEqual([]);
    expect(overLimitProblems([textPart('a'.repeat(301))], ['bluesky'])).toEqual([
      'content: too long for Bluesky (301/300)',
    ]);
    // X weighs an emoji as two.
    expect(overLimitProblems([textPart('ok'), textPart('🙂'.repeat(141))], ['x'])).toEqual([
      'part 2: too long for X (282/280)',
    ]);
    // Alt text by each network's own limit: 1,500 characters fit Bluesky, not X.
    const described = { ...textPart('A photo'), media: [{ id: 'm1', alt: 'a'.repeat(1500) }] };
    expect(overLimitProblems([described], ['bluesky'])).toEqual([]);
    expect(overLimitProblems([described], ['x'])).toEqual([
      "content: image 1's alt text is too long for X (1500/1,000)",
    ]);
  });
});

describe('the toast after posting', () => {
  it("says 'Posted to X, Bluesky' for those that posted", () => {
    expect(publishToast([result('x', 'posted'), result('bluesky', 'posted')])).toEqual({
      posted: 'Posted to X, Bluesky',
      failed: null,
    });
  });

  it("says 'Post failed' with the platform's message", () => {
    expect(publishToast([result('x', 'posted'), result('bluesky', 'failed', 'Rate limit exceeded')])).toEqual({
      posted: 'Posted to X',
      failed: 'Post failed: Bluesky: Rate limit exceeded',
    });
    expect(publishToast([result('x', 'unconfirmed')]).failed).toBe('Post failed: X: the outcome is unknown');
  });
});

describe('the post state machine', () => {
  it('publishes only through a claim, and never leaves posted or canceled', () => {
    const into = (to: (typeof POST_STATUSES)[number]) => POST_STATUSES.filter((from) => canMove(from, to));
    expect(into('publishing')).toEqual(['scheduled']);
    for (const to of POST_STATUSES) {
      expect(canMove('posted', to)).toBe(false);
      expect(canMove('canceled', to)).toBe(false);
    }
  });

  it('settles a publish as posted, failed or unconfirmed, or sends it back before anything was sent', () => {
    expect(POST_STATUSES.filter((to) => canMove('publishing', to))).toEqual([
      'pending_review',
      'scheduled',
      'posted',
      'failed',
      'unconfirmed',
    ]);
  });

  it('sends what automation scheduled without review back to the review queue when its automation pauses', () => {
    expect(canMove('scheduled', 'pending_review')).toBe(true);
    expect(canMove('publishing', 'pending_review')).toBe(true); // held at its claim
    expect(canMove('posted', 'pending_review')).toBe(false);
  });

  it('leaves an unknown outcome to be found on the account or decided by the user, and cannot cancel what is in flight', () => {
    expect(canMove('unconfirmed', 'posted')).toBe(true); // found, or Mark as posted
    expect(canMove('unconfirmed', 'scheduled')).toBe(true); // Retry
    // A publish the sweeper took for lost, settled by the platform's late answer.
    expect(canMove('unconfirmed', 'failed')).toBe(true);
    expect(canMove('unconfirmed', 'unconfirmed')).toBe(true);
    expect(canMove('publishing', 'canceled')).toBe(false);
    expect(canMove('pending_review', 'publishing')).toBe(false); // a draft is approved first
  });
});
