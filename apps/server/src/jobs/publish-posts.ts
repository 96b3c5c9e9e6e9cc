import { z } from 'zod';
import type { PublishingService } from '../modules/publishing/publishing.service';
import { defineJob, type JobDefinition, type Queue } from './queue';

export const PUBLISH_POST = 'publish-post';
export const SWEEP_POSTS = 'sweep-posts';

export const publishPostPayload = z.object({ postId: z.string().min(1) });
export type PublishPostPayload = z.infer<typeof publishPostPayload>;

/** Queues a post's publish job for its time (the claim in the database makes a second delivery harmless). */
export async function sendPublishPost(queue: Queue, payload: PublishPostPayload, options: { at: Date }): Promise<void> {
  await queue.send(PUBLISH_POST, payload, { startAfter: options.at });
}

/**
 * A publish-post job per scheduled post, queued for its time (the claim in the database makes a
 * second delivery, or a second worker, harmless), and a sweeper every minute for posts missed
 * while no worker ran and posts left publishing by a process that died.
 */
export function publishingJobs(publishing: PublishingService): JobDefinition[] {
  return [
    defineJob({
      name: PUBLISH_POST,
      payload: publishPostPayload,
      // Up to 100 posts at a time; a full batch is followed at once by the next (queue.ts).
      batchSize: 100,
      pollingIntervalSeconds: 1,
      handler: ({ postId }) => publishing.publishScheduled(postId),
      handleBatch: (items) => publishing.publishBatch(items.map((item) => item.postId)),
    }),
    { name: SWEEP_POSTS, cron: '* * * * *', handler: () => publishing.sweep() },
  ];
}
