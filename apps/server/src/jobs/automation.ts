import { z } from 'zod';
import type { AutoPostingService } from '../modules/automation/auto-posting.service';
import { defineJob, type JobDefinition, type Queue, workspaceFromUserId } from './queue';

export const AUTO_POSTING_DUE = 'auto-posting-due';
export const WRITE_SLOT = 'write-slot';

export const writeSlotPayload = z.preprocess(
  workspaceFromUserId,
  z.object({
    personaId: z.string().min(1),
    workspaceId: z.string().min(1),
    slot: z.iso.datetime(),
  }),
);
export type WriteSlotPayload = z.infer<typeof writeSlotPayload>;

/** Queues the writing of one slot's post; its key is the persona and the slot, so a slot waits in the queue once. */
export async function sendWriteSlot(
  queue: Queue,
  job: { personaId: string; workspaceId: string; slot: Date },
): Promise<void> {
  const payload: WriteSlotPayload = {
    personaId: job.personaId,
    workspaceId: job.workspaceId,
    slot: job.slot.toISOString(),
  };
  await queue.send(WRITE_SLOT, payload, { singletonKey: `${job.personaId}:${payload.slot}` });
}

/** Asks for the look at the slots due now (a persona switched to posting); one look waits at a time. */
export async function sendAutoPostingDue(queue: Queue): Promise<void> {
  await queue.send(AUTO_POSTING_DUE, {}, { singletonKey: 'now' });
}

/**
 * Every minute, the slots less than an hour away that have no post yet; a write-slot job per
 * slot (its key is the persona and the slot, so a slot waits in the queue once).
 */
export function automationJobs(autoPosting: AutoPostingService): JobDefinition[] {
  return [
    { name: AUTO_POSTING_DUE, cron: '* * * * *', handler: () => autoPosting.planDue() },
    defineJob({
      name: WRITE_SLOT,
      payload: writeSlotPayload,
      // Up to 20 slots a second: an hour's slots of a thousand hourly personas in under a minute.
      batchSize: 20,
      pollingIntervalSeconds: 1,
      handler: ({ personaId, workspaceId, slot }) =>
        autoPosting.writeSlot({ personaId, workspaceId, slot: new Date(slot) }),
    }),
  ];
}
