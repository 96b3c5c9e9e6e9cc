import { z } from 'zod';

/*
 * Webhooks (issue 34, decision 054): a user registers URLs for events; each delivery is a
 * signed POST (`Plume-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`) carrying the event's
 * id as its idempotency key (`Plume-Event-Id`), retried with backoff for about a day.
 */

/** The events an endpoint may subscribe to, with what each says to a person choosing them. */
export const WEBHOOK_EVENT_TYPES = [
  'post.published',
  'post.failed',
  'post.unconfirmed',
  'draft.waiting_review',
  'reply.drafted',
  'connection.broken',
  'engagement.spike',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test button's event: sent to one endpoint whatever it subscribes to, never retried. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'post.published': 'A post was published',
  'post.failed': 'A post failed',
  'post.unconfirmed': 'A post may not have gone out (unconfirmed)',
  'draft.waiting_review': 'Drafts are waiting for review (once a day)',
  'reply.drafted': 'A reply was drafted for review',
  'connection.broken': 'A connected account needs reconnecting',
  'engagement.spike': 'A post is taking off (engagement spike)',
};

export const WEBHOOKS_MAX = 10;
/** How far a receiver should let a signature's time be from its own clock (replays older than this are refused). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2048;

const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`);
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'choose at least one event')
  .transform((events) => [...new Set(events)]);

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    /** Why Plume turned it off (repeated failures); null when on or turned off by its owner. */
    disabledReason: z.string().nullable(),
    /** The secret's first characters ('whsec_AbC1…'), to tell secrets apart; never the whole secret. */
    secretPrefix: z.string(),
    /** Failed deliveries in a row since the last success. */
    failuresInARow: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

export const webhookCreateSchema = z.object({ url: webhookUrl, events: webhookEvents }).meta({ id: 'WebhookCreate' });
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/** Changes the fields sent; `enabled: true` turns an endpoint Plume disabled back on (its count of failures starts again). */
export const webhookUpdateSchema = z
  .object({ url: webhookUrl.optional(), events: webhookEvents.optional(), enabled: z.boolean().optional() })
  .meta({ id: 'WebhookUpdate' });
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

/** The answer to creating an endpoint or rotating its secret: the only time the secret is sent. */
export const webhookWithSecretSchema = z
  .object({ endpoint: webhookEndpointSchema, secret: z.string() })
  .meta({ id: 'WebhookWithSecret' });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    /** The idempotency key: the same on every attempt of this event (Plume-Event-Id). */
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** The receiver's HTTP status at the last attempt; null when it did not answer. */
    responseStatus: z.number().int().nullable(),
    /** The start of the receiver's answer (at most 500 characters). */
    responseExcerpt: z.string().nullable(),
    /** Why the last attempt failed, when it did. */
    error: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

export const webhookIdParamsSchema = z.object({ id: z.uuid('must be a webhook id') });

/** What every delivery's body is: the event, signed as sent. */
export type WebhookPayload = { id: string; type: string; createdAt: string; data: Record<string, unknown> };
