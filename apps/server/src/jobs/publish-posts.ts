import type { PublishingService } from '../modules/publishing/publishing.service';
import type { JobDefinition } from './queue';

export const PUBLISH_POST = 'publish-post';
export const SWEEP_POSTS = 'sweep-posts';

const idOf = (data: Record<string, unknown>) => (typeof data.postId === 'string' ? data.postId : '');

/**
 * A publish-post job per scheduled post, queued for its time (the claim in the database makes a
 * second delivery, or a second worker, harmless), and a sweeper every minute for posts missed
 * while no worker ran and posts left publishing by a process that died.
 */
export function publishingJobs(publishing: PublishingService): JobDefinition[] {
  return [
    {
      name: PUBLISH_POST,
      // Up to 100 posts at a time; a full batch is followed at once by the next (queue.ts).
      batchSize: 100,
      pollingIntervalSeconds: 1,
      handler: async (data) => {
        const postId = idOf(data);
        return postId ? publishing.publishScheduled(postId) : 'no post id';
      },
      handleBatch: (items) => publishing.publishBatch(items.map(idOf)),
    },
    { name: SWEEP_POSTS, cron: '* * * * *', handler: () => publishing.sweep() },
  ];
}
