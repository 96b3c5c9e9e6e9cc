import { randomBytes } from 'node:crypto';
import {
  PLATFORM_LABELS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_MAX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookWithSecret,
} from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../crypto/secret-box';
import { BadRequestError, invalidField, NotFoundError } from '../../errors';
import { WEBHOOKS_PRIVATE_REFUSAL, type WebhookSender } from '../../integrations/net/webhook-sender';
import type { Queue } from '../../jobs/queue';
import { sendDeliverWebhook } from '../../jobs/webhooks';
import type { InboxRepository } from '../inbox/inbox.repository';
import type { UnitOfWork } from '../repositories';
import { signWebhook } from './signature';
import { toEndpoint, type WebhooksRepository } from './webhooks.repository';

/**
 * When a failed delivery is tried again, each wait from the attempt before: 8 attempts over about
 * 23.6 hours (1 min, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h).
 */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 28_800_000, 28_800_000] as const;

/** How the retries and the turning off go; the defaults unless a test makes them quick. */
export type WebhookTiming = {
  retryDelaysMs: readonly number[];
  /** Failed attempts in a row (any of the endpoint's deliveries) after which it is turned off. */
  disableAfterFailures: number;
  /** Or: failing without a success for this long. */
  disableAfterMs: number;
};
export const DEFAULT_WEBHOOK_TIMING: WebhookTiming = {
  retryDelaysMs: RETRY_DELAYS_MS,
  disableAfterFailures: 20,
  disableAfterMs: 86_400_000,
};

/** How long events and their delivery log are kept (cleanup-expired removes them after). */
export const WEBHOOK_LOG_KEEP_MS = 30 * 86_400_000;
/** A delivery attempt is held this long before the sweeper takes it as lost (its worker died). */
const ATTEMPT_LEASE_MS = 120_000;
const SECRET_PURPOSE = 'webhook-secret';
const DELIVERIES_SHOWN = 50;

/** An event a service tells (the events port): `key` names what happened, so telling it twice is harmless. */
export type WebhookEventInput = {
  workspaceId: string;
  type: WebhookEventType;
  key: string;
  data: Record<string, unknown>;
};

/**
 * The events port the services hold (decision 054): where each event is decided, it is
 * told once here, and this turns it into one delivery per endpoint that hears it. Never throws
 * at its caller: a webhook that cannot be queued must not fail a publish.
 */
export type WebhookEvents = {
  emit(events: WebhookEventInput[]): Promise<void>;
  /**
   * A post reached posted, failed or unconfirmed: its event as the row now says (once per post and
   * outcome). `owner`, when the caller has it loaded, spares reading the persona again.
   */
  postSettled(postId: string, owner?: PostOwner): Promise<void>;
  /** A reply drafted into the review queue (`owner` as for postSettled). */
  replyDrafted(postId: string, owner?: PostOwner): Promise<void>;
};

const POST_SETTLED_EVENTS = [
  'post.published',
  'post.failed',
  'post.unconfirmed',
] as const satisfies readonly WebhookEventType[];

/** Whose post it is, as a publish job already loaded it. */
export type PostOwner = { workspaceId: string; personaName: string };

const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
const prefixOf = (secret: string) => `${secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4)}…`;

export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  unitOfWork: UnitOfWork;
  secretBox: SecretBox;
  sender: WebhookSender;
  queue: Queue;
  inbox: Pick<InboxRepository, 'add'>;
  log: FastifyBaseLogger;
  timing?: Partial<WebhookTiming> | undefined;
  now?: () => Date;
}) {
  const { repository, secretBox, sender, queue, log, now = () => new Date() } = deps;
  const timing = { ...DEFAULT_WEBHOOK_TIMING, ...deps.timing };

  async function own(workspaceId: string, id: string) {
    const row = await repository.find(workspaceId, id);
    if (!row) throw new NotFoundError('Webhook not found');
    return row;
  }

  async function refuseUnreachable(url: string): Promise<void> {
    if (await sender.refuses(url)) throw invalidField('body.url', WEBHOOKS_PRIVATE_REFUSAL);
  }

  /** Signs and posts an event's body to an endpoint once. */
  async function attempt(
    endpoint: { url: string; secretSealed: string },
    event: { id: string; type: string; payload: Record<string, unknown> },
  ) {
    const body = JSON.stringify(event.payload);
    const t = Math.floor(now().getTime() / 1000);
    let secret: string;
    try {
      secret = secretBox.open(endpoint.secretSealed, SECRET_PURPOSE);
    } catch {
      // Sealed under another APP_SECRET (a restore without it): nothing can be signed until a new one is made.
      return {
        ok: false as const,
        status: null,
        error: 'The signing secret cannot be read (APP_SECRET changed?): make a new secret',
        refused: true,
      };
    }
    return sender.post(
      endpoint.url,
      {
        'plume-event-id': event.id,
        'plume-event-type': event.type,
        'plume-timestamp': String(t),
        'plume-signature': signWebhook(secret, body, t),
      },
      body,
    );
  }

  /** Turns an endpoint off after its run of failures, and tells its owner why and how to turn it on again. */
  async function countFailure(
    endpoint: { id: string; workspaceId: string; url: string },
    why: string,
    gone: boolean,
  ): Promise<boolean> {
    const at = now();
    const run = await repository.failed(endpoint.id, at);
    if (!run) return false;
    const tooMany = run.failuresInARow >= timing.disableAfterFailures;
    const tooLong = at.getTime() - run.failingSince.getTime() >= timing.disableAfterMs;
    if (!gone && !tooMany && !tooLong) return false;
    const reason = gone
      ? `The receiver answered 410 Gone: it says this address is no longer in use.`
      : `${run.failuresInARow} deliveries in a row failed${tooLong && !tooMany ? ' over a day' : ''} (the last: ${why}).`;
    if (!(await repository.disable(endpoint.id, reason, at))) return true;
    log.info({ endpointId: endpoint.id, failures: run.failuresInARow }, 'a webhook endpoint was turned off');
    await deps.inbox.add([
      {
        workspaceId: endpoint.workspaceId,
        personaId: null,
        kind: 'platform_update',
        severity: 'update',
        title: 'A webhook was turned off',
        message: `Plume stopped sending events to ${endpoint.url}. ${reason} Once the receiver works, turn it back on in Account settings, Webhooks.`,
        link: '/account-settings?tab=webhooks',
        dedupeKey: `webhook-off:${endpoint.id}:${at.toISOString()}`,
      },
    ]);
    return true;
  }

  const events: WebhookEvents = {
    async emit(list) {
      for (const input of list) {
        try {
          const listeners = await repository.listeners([input.workspaceId], input.type);
          // Nobody listens: nothing is kept (an endpoint added later hears what happens from then on).
          if (listeners.length === 0) continue;
          const at = now();
          const made = await deps.unitOfWork(async (tx) => {
            const id = crypto.randomUUID();
            const payload: WebhookPayload = { id, type: input.type, createdAt: at.toISOString(), data: input.data };
            const eventId = await tx.webhooks.addEvent(
              { id, workspaceId: input.workspaceId, type: input.type, key: input.key, payload },
              at,
            );
            if (!eventId) return [];
            return tx.webhooks.addDeliveries(
              eventId,
              listeners.map((l) => l.id),
              at,
            );
          });
          for (const deliveryId of made) await sendDeliverWebhook(queue, { deliveryId }, { at });
        } catch (error) {
          // The sweeper sends a delivery whose job was not queued; an event not stored is logged.
          log.warn({ err: error, type: input.type, key: input.key }, 'a webhook event could not be queued');
        }
      }
    },

    async postSettled(postId, owner) {
      // A publish job knows whose post it is: nobody listening (the usual case) costs one look.
      if (owner && !(await repository.hears(owner.workspaceId, POST_SETTLED_EVENTS).catch(() => true))) return;
      const post = await repository.postFacts(postId, owner).catch(() => undefined);
      if (!post) return;
      const type = ({ posted: 'post.published', failed: 'post.failed', unconfirmed: 'post.unconfirmed' } as const)[
        post.status as 'posted' | 'failed' | 'unconfirmed'
      ];
      if (!type) return;
      await events.emit([{ workspaceId: post.workspaceId, type, key: `${type}:${post.postId}`, data: postData(post) }]);
    },

    async replyDrafted(postId, owner) {
      const post = await repository.postFacts(postId, owner).catch(() => undefined);
      if (!post) return;
      await events.emit([
        {
          workspaceId: post.workspaceId,
          type: 'reply.drafted',
          key: `reply.drafted:${post.postId}`,
          data: {
            ...postData(post),
            inReplyTo: post.replyTo
              ? { author: post.replyTo.author, text: post.replyTo.text, url: post.replyTo.url }
              : null,
          },
        },
      ]);
    },
  };

  return {
    events,

    async list(workspaceId: string): Promise<WebhookEndpoint[]> {
      return (await repository.list(workspaceId)).map(toEndpoint);
    },

    async create(workspaceId: string, input: { url: string; events: WebhookEventType[] }): Promise<WebhookWithSecret> {
      if ((await repository.countFor(workspaceId)) >= WEBHOOKS_MAX) {
        throw new BadRequestError(`At most ${WEBHOOKS_MAX} webhooks: delete one you no longer use first`);
      }
      await refuseUnreachable(input.url);
      const secret = newSecret();
      const row = await repository.insert({
        id: crypto.randomUUID(),
        workspaceId,
        url: input.url,
        events: input.events,
        secretSealed: secretBox.seal(secret, SECRET_PURPOSE),
        secretPrefix: prefixOf(secret),
      });
      return { endpoint: toEndpoint(row), secret };
    },

    async update(
      workspaceId: string,
      id: string,
      patch: { url?: string | undefined; events?: WebhookEventType[] | undefined; enabled?: boolean | undefined },
    ): Promise<WebhookEndpoint> {
      const current = await own(workspaceId, id);
      if (patch.url !== undefined && patch.url !== current.url) await refuseUnreachable(patch.url);
      const row = await repository.update(
        workspaceId,
        id,
        {
          ...(patch.url !== undefined ? { url: patch.url } : {}),
          ...(patch.events !== undefined ? { events: patch.events } : {}),
          // Turned on again, its run of failures starts over; turned off by its owner, no reason is shown.
          ...(patch.enabled !== undefined
            ? {
                enabled: patch.enabled,
                disabledReason: null,
                ...(patch.enabled ? { failuresInARow: 0, failingSince: null } : {}),
              }
            : {}),
        },
        now(),
      );
      if (!row) throw new NotFoundError('Webhook not found');
      return toEndpoint(row);
    },

    async rotateSecret(workspaceId: string, id: string): Promise<WebhookWithSecret> {
      await own(workspaceId, id);
      const secret = newSecret();
      const row = await repository.update(
        workspaceId,
        id,
        { secretSealed: secretBox.seal(secret, SECRET_PURPOSE), secretPrefix: prefixOf(secret) },
        now(),
      );
      if (!row) throw new NotFoundError('Webhook not found');
      return { endpoint: toEndpoint(row), secret };
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      if (!(await repository.remove(workspaceId, id))) throw new NotFoundError('Webhook not found');
    },

    async deliveries(workspaceId: string, id: string): Promise<WebhookDelivery[]> {
      await own(workspaceId, id);
      return repository.deliveries(id, DELIVERIES_SHOWN);
    },

    /**
     * The test button: a `webhook.test` event sent to this endpoint now, once, whether it is on or
     * off and whatever it hears; the answer is the delivery as logged. It does not count in the
     * endpoint's run of failures.
     */
    async test(workspaceId: string, id: string): Promise<WebhookDelivery> {
      const endpoint = await own(workspaceId, id);
      const at = now();
      const eventId = crypto.randomUUID();
      const payload: WebhookPayload = {
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        createdAt: at.toISOString(),
        data: { message: 'A test event from Plume: your endpoint receives and verifies webhooks.' },
      };
      await repository.addEvent(
        { id: eventId, workspaceId, type: WEBHOOK_TEST_EVENT, key: `${WEBHOOK_TEST_EVENT}:${eventId}`, payload },
        at,
      );
      const answer = await attempt(endpoint, { id: eventId, type: WEBHOOK_TEST_EVENT, payload });
      const delivered = answer.ok && answer.status >= 200 && answer.status < 300;
      const deliveryId = await repository.addTried(eventId, endpoint.id, at, {
        status: delivered ? 'delivered' : 'failed',
        responseStatus: answer.status,
        responseExcerpt: answer.ok ? answer.excerpt : null,
        error: answer.ok ? (delivered ? null : `HTTP ${answer.status}`) : answer.error,
      });
      const [delivery] = (await repository.deliveries(endpoint.id, DELIVERIES_SHOWN)).filter(
        (d) => d.id === deliveryId,
      );
      if (!delivery) throw new Error('test delivery not recorded');
      return delivery;
    },

    /**
     * The deliver-webhook job: one attempt of one delivery. A 2xx ends it; anything else (another
     * status, no answer in 10 s, a refused connection) is tried again after the next wait of
     * `retryDelaysMs`, with the same body and event id, until they run out (about a day). Two
     * answers end it at once: 410 Gone (the endpoint is turned off) and an address the SSRF rule
     * refuses (DNS may have moved it since registration). Each failure counts in the endpoint's run.
     */
    async deliver(deliveryId: string): Promise<string> {
      const work = await repository.work(deliveryId);
      if (work?.delivery.status !== 'pending') return 'settled already';
      const { endpoint, event } = work;
      if (!endpoint.enabled) {
        await repository.record(deliveryId, {
          status: 'failed',
          responseStatus: null,
          responseExcerpt: null,
          error: 'Not sent: the webhook is turned off',
          nextAttemptAt: null,
        });
        return 'endpoint off';
      }
      const at = now();
      const attemptNo = await repository.claim(deliveryId, at, new Date(at.getTime() + ATTEMPT_LEASE_MS));
      if (attemptNo === undefined) return 'not due';
      const answer = await attempt(endpoint, { id: event.id, type: event.type, payload: event.payload });
      if (answer.ok && answer.status >= 200 && answer.status < 300) {
        await repository.record(deliveryId, {
          status: 'delivered',
          responseStatus: answer.status,
          responseExcerpt: answer.excerpt,
          error: null,
          nextAttemptAt: null,
        });
        await repository.succeeded(endpoint.id);
        return 'delivered';
      }
      const gone = answer.ok && answer.status === 410;
      const why = answer.ok ? `HTTP ${answer.status}` : answer.error;
      // Counted first: an endpoint this failure turns off is not tried again.
      const turnedOff = await countFailure(endpoint, why, gone);
      const stop = turnedOff || gone || (!answer.ok && answer.refused);
      const wait = stop ? undefined : timing.retryDelaysMs[attemptNo - 1];
      const next = wait === undefined ? null : new Date(now().getTime() + wait);
      await repository.record(deliveryId, {
        status: next ? 'pending' : 'failed',
        responseStatus: answer.status,
        responseExcerpt: answer.ok ? answer.excerpt : null,
        error: next ? `${why}; trying again` : why,
        nextAttemptAt: next,
      });
      if (next) await sendDeliverWebhook(queue, { deliveryId }, { at: next });
      return next ? 'retry queued' : 'failed';
    },

    /** Every minute: deliveries due whose job was lost (queued after a crash, a worker that died mid-attempt). */
    async sweep(): Promise<{ requeued: number }> {
      const at = now();
      const due = await repository.overdue(new Date(at.getTime() - 30_000), 200);
      for (const deliveryId of due) await sendDeliverWebhook(queue, { deliveryId }, { at });
      return { requeued: due.length };
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;

type PostFacts = NonNullable<Awaited<ReturnType<WebhooksRepository['postFacts']>>>;

/** A post as every post event tells it. */
function postData(post: PostFacts): Record<string, unknown> {
  return {
    postId: post.postId,
    personaId: post.personaId,
    personaName: post.personaName,
    platform: post.platform,
    platformLabel: PLATFORM_LABELS[post.platform],
    status: post.status,
    content: post.content,
    url: post.url,
    externalId: post.externalIds[0] ?? null,
    error: post.error,
    scheduledFor: post.scheduledFor?.toISOString() ?? null,
    postedAt: post.postedAt?.toISOString() ?? null,
  };
}
