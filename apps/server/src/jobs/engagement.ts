import { z } from 'zod';
import type { EngagementService } from '../modules/engagement/engagement.service';
import type { RepliesService } from '../modules/engagement/replies.service';
import { defineJob, type JobDefinition, type Queue } from './queue';

export const MENTIONS_DUE = 'mentions-due';
export const CHECK_MENTIONS = 'check-mentions';
export const ENGAGE_DUE = 'engage-due';
export const ENGAGE = 'engage';

export const checkMentionsPayload = z.object({ accountId: z.string().min(1) });
export type CheckMentionsPayload = z.infer<typeof checkMentionsPayload>;
export const engagePayload = z.object({ personaId: z.string().min(1) });
export type EngagePayload = z.infer<typeof engagePayload>;

/** Queues a read of an account's mentions (one waiting and one running per account). */
export async function sendCheckMentions(queue: Queue, payload: CheckMentionsPayload): Promise<void> {
  await queue.send(CHECK_MENTIONS, payload, { singletonKey: payload.accountId });
}

/**
 * Queues a persona's run of likes, reposts and follows (one waiting and one running per persona),
 * now or `at` (a run waiting for room within the network's limits: sends meanwhile find it queued).
 */
export async function sendEngage(queue: Queue, payload: EngagePayload, options: { at?: Date } = {}): Promise<void> {
  await queue.send(ENGAGE, payload, {
    singletonKey: payload.personaId,
    ...(options.at ? { startAfter: options.at } : {}),
  });
}

/**
 * Every minute, the accounts whose mentions are due to be read, a check-mentions job each (one
 * waiting and one running per account); every 10 minutes, an engage job per persona with likes,
 * reposts or follows on (decision 022).
 */
export function engagementJobs(replies: RepliesService, engagement: EngagementService): JobDefinition[] {
  return [
    { name: MENTIONS_DUE, cron: '* * * * *', handler: () => replies.queueDue() },
    defineJob({
      name: CHECK_MENTIONS,
      payload: checkMentionsPayload,
      policy: 'stately',
      handler: ({ accountId }) => replies.check(accountId),
    }),
    { name: ENGAGE_DUE, cron: '*/10 * * * *', handler: () => engagement.queueDue() },
    defineJob({
      name: ENGAGE,
      payload: engagePayload,
      policy: 'stately',
      handler: ({ personaId }) => engagement.engage(personaId),
    }),
  ];
}
