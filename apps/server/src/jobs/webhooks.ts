import { z } from 'zod';
import type { WebhooksService } from '../modules/webhooks/webhooks.service';
import { defineJob, type JobDefinition, type Queue } from './queue';

export const DELIVER_WEBHOOK = 'deliver-webhook';
export const SWEEP_WEBHOOKS = 'sweep-webhooks';

export const deliverWebhookPayload = z.object({ deliveryId: z.uuid() });
export type DeliverWebhookPayload = z.infer<typeof deliverWebhookPayload>;

/** Queues one attempt of a delivery at `at` (the claim in the database makes a second job for it harmless). */
export async function sendDeliverWebhook(
  queue: Queue,
  payload: DeliverWebhookPayload,
  options: { at: Date },
): Promise<void> {
  await queue.send(DELIVER_WEBHOOK, payload, { startAfter: options.at });
}

/**
 * Each webhook delivery attempt is a job at its time (retries are new jobs at the next wait, so
 * the waits and the early stops are Plume's rule, not pg-boss's); every minute a sweep sends the
 * deliveries due whose job was lost.
 */
export function webhookJobs(webhooks: WebhooksService): JobDefinition[] {
  return [
    defineJob({
      name: DELIVER_WEBHOOK,
      payload: deliverWebhookPayload,
      // Receivers answer slowly (up to 10 s each): several attempts run side by side.
      batchSize: 10,
      pollingIntervalSeconds: 1,
      handler: ({ deliveryId }) => webhooks.deliver(deliveryId),
    }),
    { name: SWEEP_WEBHOOKS, cron: '* * * * *', handler: () => webhooks.sweep() },
  ];
}
