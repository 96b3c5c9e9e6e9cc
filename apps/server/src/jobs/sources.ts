import { z } from 'zod';
import type { SourcesService } from '../modules/sources/sources.service';
import { defineJob, type JobDefinition, type Queue, workspaceFromUserId } from './queue';

export const SOURCES_DUE = 'sources-due';
export const POLL_SOURCE = 'poll-source';

export const pollSourcePayload = z.preprocess(
  workspaceFromUserId,
  z.object({
    personaId: z.string().min(1),
    workspaceId: z.string().min(1),
    url: z.string().min(1),
  }),
);
export type PollSourcePayload = z.infer<typeof pollSourcePayload>;

/** Queues the scheduled read of one source (its key is the persona and the source). */
export async function sendPollSource(queue: Queue, payload: PollSourcePayload): Promise<void> {
  await queue.send(POLL_SOURCE, payload, { singletonKey: `${payload.personaId}:${payload.url}` });
}

/** Every minute, the enabled sources whose read is due; a poll-source job each (keyed by persona and source). */
export function sourceJobs(sources: SourcesService): JobDefinition[] {
  return [
    { name: SOURCES_DUE, cron: '* * * * *', handler: () => sources.queueDue() },
    defineJob({
      name: POLL_SOURCE,
      payload: pollSourcePayload,
      handler: ({ personaId, workspaceId, url }) => sources.poll({ personaId, workspaceId, url }),
    }),
  ];
}
