import { z } from 'zod';
import type { AutomatedLabelService } from '../modules/accounts/automated-label.service';
import { defineJob, type JobDefinition, type Queue } from './queue';

export const LABEL_AUTOMATED = 'label-automated';
export const LABEL_AUTOMATED_DUE = 'label-automated-due';

export const labelAutomatedPayload = z.object({ personaId: z.string().min(1) });
export type LabelAutomatedPayload = z.infer<typeof labelAutomatedPayload>;

/** Queues a persona's label job: one waiting and one running per persona, the waiting one reads the latest settings. */
export async function sendLabelAutomated(queue: Queue, payload: LabelAutomatedPayload): Promise<void> {
  await queue.send(LABEL_AUTOMATED, payload, { singletonKey: payload.personaId });
}

/** The automated label (decision 034): a job per persona when its effect changes, and an hourly look for the rest. */
export function automatedLabelJobs(labels: AutomatedLabelService): JobDefinition[] {
  return [
    { name: LABEL_AUTOMATED_DUE, cron: '41 * * * *', handler: () => labels.queueDue() },
    defineJob({
      name: LABEL_AUTOMATED,
      payload: labelAutomatedPayload,
      policy: 'stately',
      handler: ({ personaId }) => labels.apply(personaId),
    }),
  ];
}
