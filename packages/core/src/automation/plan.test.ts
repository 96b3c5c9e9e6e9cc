import { describe, expect, it } from 'vitest';
import { logMessageNow } from './plan';

describe('logMessageNow', () => {
  const reply = 'Wrote a reply to a mention from @bob (“hi”); waiting in the review queue.';
  const post = '09:00: wrote an original post for Bluesky; scheduled for its slot (Publish without review).';

  it('tells a reply or post that waited for review as it is now', () => {
    expect(logMessageNow({ event: 'replied', message: reply, postStatus: 'pending_review' })).toBe(reply);
    expect(logMessageNow({ event: 'replied', message: reply, postStatus: 'posted' })).toBe(
      'Wrote a reply to a mention from @bob (“hi”); approved and posted.',
    );
    expect(logMessageNow({ event: 'replied', message: reply, postStatus: 'canceled' })).toBe(
      'Wrote a reply to a mention from @bob (“hi”); rejected in review.',
    );
    expect(
      logMessageNow({
        event: 'written',
        message: `${reply.slice(0, -1)}, as it was flagged.`,
        postStatus: 'scheduled',
      }),
    ).toMatch(/; approved, scheduled\.$/);
  });

  it('tells a post scheduled without review once it is out or failed; leaves other events alone', () => {
    expect(logMessageNow({ event: 'written', message: post, postStatus: 'scheduled' })).toBe(post);
    expect(logMessageNow({ event: 'written', message: post, postStatus: 'failed' })).toBe(
      '09:00: wrote an original post for Bluesky; posting it failed.',
    );
    expect(logMessageNow({ event: 'passed', message: reply, postStatus: 'posted' })).toBe(reply);
    expect(logMessageNow({ event: 'replied', message: reply, postStatus: null })).toBe(reply);
  });
});
