import { describe, expect, it } from 'vitest';
import { sendPublishPost } from './publish-posts';
import { createQueuePort } from './queue';

describe('the queue port', () => {
  it('refuses a send until the queue has started and after it stopped, and sends through it meanwhile', async () => {
    const queue = createQueuePort();
    const at = new Date('2026-01-01T10:00:00Z');
    await expect(sendPublishPost(queue, { postId: 'p1' }, { at })).rejects.toThrow(
      'The job queue is not running (publish-post was not queued)',
    );
    const sent: unknown[] = [];
    queue.attach({
      send: async (...args) => {
        sent.push(args);
        return 'job-1';
      },
      sendMany: async () => {},
    });
    await sendPublishPost(queue, { postId: 'p1' }, { at });
    expect(sent).toEqual([['publish-post', { postId: 'p1' }, { startAfter: at }]]);
    queue.attach(undefined);
    await expect(queue.send('publish-post', { postId: 'p2' })).rejects.toThrow('The job queue is not running');
  });
});
