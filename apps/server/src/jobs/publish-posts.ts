import { z } from 'zod';
import type { PublishingService } from '../modules/publishing/publishing.service';
import { defineJob, type JobDefinition, type Queue } from './queue';

export const PUBLISH_POST = 'publish-post';
export const SWEEP_POSTS = 'sweep-posts';
export const RECONCILE_POST = 'reconcile-post';

export const publishPostPayload = z.object({ postId: z.string().min(1) });
export type PublishPostPayload = z.infer<typeof publishPostPayload>;

/** Queues a post's publish job for its time (the claim in the database makes a second delivery harmless). */
export async function sendPublishPost(queue: Queue, payload: PublishPostPayload, options: { at: Date }): Promise<void> {
  await queue.send(PUBLISH_POST, payload, { startAfter: options.at });
}

/** Queues many posts' publish jobs in one statement, each for its time. */
export async function sendPublishPosts(queue: Queue, posts: { postId: string; at: Date }[]): Promise<void> {
  await queue.sendMany(
    PUBLISH_POST,
    posts.map(({ postId, at }) => ({ data: { postId }, options: { startAfter: at } })),
  );
}

/** `check`: which look at the account this is (0 first), so the next one knows its wait. */
export const reconcilePostPayload = z.object({ postId: z.string().min(1), check: z.number().int().min(0) });
export type ReconcilePostPayload = z.infer<typeof reconcilePostPayload>;

/** Queues a look on the account for an unconfirmed post at `at` (a look at a post settled meanwhile does nothing). */
export async function sendReconcilePost(
  queue: Queue,
  payload: ReconcilePostPayload,
  options: { at: Date },
): Promise<void> {
  await queue.send(RECONCILE_POST, payload, { startAfter: options.at });
}

/**
 * A publish-post job per scheduled post, queued for its time (the claim in the database makes a
 * second delivery, or a second worker, harmless), and a sweeper every minute for posts missed
 * while no worker ran and posts left publishing by a process that died; and for a post whose
 * outcome is unknown (unconfirmed), looks on its account with backoff until it is found or not.
 */
export function publishingJobs(publishing: PublishingService): JobDefinition[] {
  return [
    defineJob({
      name: PUBLISH_POST,
      payload: publishPostPayload,
      // Up to 100 posts at a time; a full batch is followed at once by the next (queue.ts). A post
      // due waits for the next look at most half a second (pg-boss's shortest interval; issue 32).
      batchSize: 100,
      pollingIntervalSeconds: 0.5,
      handler: ({ postId }) => publishing.publishScheduled(postId),
      handleBatch: (items) => publishing.publishBatch(items.map((item) => item.postId)),
    }),
    { name: SWEEP_POSTS, cron: '* * * * *', handler: () => publishing.sweep() },
    defineJob({
      name: RECONCILE_POST,
      payload: reconcilePostPayload,
      // An outage leaves many posts unconfirmed at once, their looks due together: 20 side by side
      // (one every 2 s, 500 took a quarter of an hour to be looked at; decision 052).
      batchSize: 20,
      handler: ({ postId, check }) => publishing.reconcile(postId, check),
    }),
  ];
}
