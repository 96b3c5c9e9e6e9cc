import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint, WebhookEventType } from '@plume/core';
import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '../../db/client';
import { coalesced } from '../../db/coalesced';
import { personas, posts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEvent = {
  workspaceId: string;
  type: string;
  /** Names what happened, once per user: a second event with the same key is not made. */
  key: string;
  payload: Record<string, unknown>;
};
/** A delivery as its job sees it: the endpoint and the event with it. */
export type DeliveryWork = {
  delivery: typeof webhookDeliveries.$inferSelect;
  endpoint: EndpointRow;
  event: typeof webhookEvents.$inferSelect;
};

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  secretPrefix: row.secretPrefix,
  failuresInARow: row.failuresInARow,
  createdAt: row.createdAt.toISOString(),
});

export function createWebhooksRepository(db: Db) {
  // Asked after every post that settles (a worker's publish): one prepared statement for all the
  // workspaces asked about meanwhile (issue 32, decision 062).
  const enabledIn = preparedOnce(() =>
    db
      .select({ workspaceId: webhookEndpoints.workspaceId, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(
        and(
          sql`${webhookEndpoints.workspaceId} = any(${sql.placeholder('workspaceIds')}::text[])`,
          eq(webhookEndpoints.enabled, true),
        ),
      )
      .prepare('webhooks_enabled_in'),
  );
  const hearing = coalesced<{ workspaceId: string; types: readonly string[] }, boolean>(async (asks) => {
    const rows = await enabledIn().execute({ workspaceIds: [...new Set(asks.map((a) => a.workspaceId))] });
    return asks.map(({ workspaceId, types }) =>
      rows.some((row) => row.workspaceId === workspaceId && (row.events as string[]).some((e) => types.includes(e))),
    );
  });
  return {
    async list(workspaceId: string): Promise<EndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    },

    async countFor(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    /** One of the workspace's endpoints; undefined when it is not theirs (or not there). */
    async find(workspaceId: string, id: string): Promise<EndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)));
      return row;
    },

    async insert(row: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
      const [created] = await db.insert(webhookEndpoints).values(row).returning();
      if (!created) throw new Error('webhook endpoint not inserted');
      return created;
    },

    async update(
      workspaceId: string,
      id: string,
      patch: Partial<
        Pick<
          EndpointRow,
          | 'url'
          | 'events'
          | 'enabled'
          | 'disabledReason'
          | 'failuresInARow'
          | 'failingSince'
          | 'secretSealed'
          | 'secretPrefix'
        >
      >,
      at: Date,
    ): Promise<EndpointRow | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...patch, updatedAt: at })
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
        .returning();
      return row;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** Whether the workspace has an endpoint on that hears any of `types` (one cheap look before reading more). */
    async hears(workspaceId: string, types: readonly string[]): Promise<boolean> {
      return hearing({ workspaceId, types });
    },

    /** The users' enabled endpoints that hear `type`. */
    async listeners(workspaceIds: string[], type: string): Promise<EndpointRow[]> {
      if (workspaceIds.length === 0) return [];
      return db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            inArray(webhookEndpoints.workspaceId, workspaceIds),
            eq(webhookEndpoints.enabled, true),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
          ),
        );
    },

    /**
     * The event, once: answers its id when this call made it, undefined when an event with its key
     * was already told (a publish job run again, a second worker).
     */
    async addEvent(event: NewWebhookEvent & { id: string }, at: Date): Promise<string | undefined> {
      const [row] = await db
        .insert(webhookEvents)
        .values({ ...event, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      return row?.id;
    },

    /** One pending delivery per endpoint, due at `at`; answers their ids. */
    async addDeliveries(eventId: string, endpointIds: string[], at: Date): Promise<string[]> {
      if (endpointIds.length === 0) return [];
      const rows = await db
        .insert(webhookDeliveries)
        .values(
          endpointIds.map((endpointId) => ({
            id: crypto.randomUUID(),
            endpointId,
            eventId,
            status: 'pending',
            nextAttemptAt: at,
            createdAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id });
      return rows.map((r) => r.id);
    },

    async work(deliveryId: string): Promise<DeliveryWork | undefined> {
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, deliveryId));
      return row;
    },

    /**
     * Takes a pending delivery due by `at` (a second of slack for the queue's clock) for one
     * attempt, counted now and held until `leaseUntil` (then the sweeper takes it as lost): of two
     * jobs for the same attempt, one gets it. Answers the attempt's number, or undefined.
     */
    async claim(deliveryId: string, at: Date, leaseUntil: Date): Promise<number | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: at, nextAttemptAt: leaseUntil })
        .where(
          and(
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, new Date(at.getTime() + 1000)),
          ),
        )
        .returning({ attempts: webhookDeliveries.attempts });
      return row?.attempts;
    },

    /** What the attempt came to: delivered, failed for good, or pending again at `nextAttemptAt`. */
    async record(
      deliveryId: string,
      outcome: {
        status: WebhookDeliveryStatus;
        responseStatus: number | null;
        responseExcerpt: string | null;
        error: string | null;
        nextAttemptAt: Date | null;
      },
    ): Promise<void> {
      await db.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, deliveryId));
    },

    /** A delivery made and tried at once (the test button): recorded as it went. */
    async addTried(
      eventId: string,
      endpointId: string,
      at: Date,
      outcome: {
        status: WebhookDeliveryStatus;
        responseStatus: number | null;
        responseExcerpt: string | null;
        error: string | null;
      },
    ): Promise<string> {
      const id = crypto.randomUUID();
      await db
        .insert(webhookDeliveries)
        .values({ id, endpointId, eventId, attempts: 1, lastAttemptAt: at, createdAt: at, ...outcome });
      return id;
    },

    /** A success ends the endpoint's run of failures. */
    async succeeded(endpointId: string): Promise<void> {
      await db
        .update(webhookEndpoints)
        .set({ failuresInARow: 0, failingSince: null })
        .where(eq(webhookEndpoints.id, endpointId));
    },

    /** Counts a failure in the endpoint's run; answers the run (how many, since when). */
    async failed(endpointId: string, at: Date): Promise<{ failuresInARow: number; failingSince: Date } | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          failuresInARow: sql`${webhookEndpoints.failuresInARow} + 1`,
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning({ failuresInARow: webhookEndpoints.failuresInARow, failingSince: webhookEndpoints.failingSince });
      return row?.failingSince ? { failuresInARow: row.failuresInARow, failingSince: row.failingSince } : undefined;
    },

    /** Plume turns an endpoint off; true when this call did (it was on). */
    async disable(endpointId: string, reason: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason, updatedAt: at })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** The endpoint's newest deliveries, with their event's type. */
    async deliveries(endpointId: string, limit: number): Promise<WebhookDelivery[]> {
      const rows = await db
        .select({ d: webhookDeliveries, type: webhookEvents.type })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
      return rows.map(({ d, type }) => ({
        id: d.id,
        eventId: d.eventId,
        eventType: type,
        status: d.status as WebhookDeliveryStatus,
        attempts: d.attempts,
        responseStatus: d.responseStatus,
        responseExcerpt: d.responseExcerpt,
        error: d.error,
        lastAttemptAt: iso(d.lastAttemptAt),
        nextAttemptAt: iso(d.nextAttemptAt),
        createdAt: d.createdAt.toISOString(),
      }));
    },

    /** Events made before `before` with nothing left to deliver, and their deliveries; answers how many events. */
    async deleteEventsBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(webhookEvents)
        .where(
          and(
            lt(webhookEvents.createdAt, before),
            sql`not exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.eventId} = ${webhookEvents.id}
              and ${webhookDeliveries.status} = 'pending')`,
          ),
        )
        .returning({ id: webhookEvents.id });
      return rows.length;
    },

    /** Pending deliveries due before `before` (a job lost between the insert and the queue, a worker that died). */
    async overdue(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, before)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * A post as an event tells it: its persona, owner, network, status, text and link. With its
     * owner given (a publish job loaded it), only the post is read.
     */
    async postFacts(postId: string, owner?: { workspaceId: string; personaName: string }) {
      const [row] = await db.select().from(posts).where(eq(posts.id, postId));
      if (!row) return undefined;
      let known = owner;
      if (!known) {
        const [persona] = await db
          .select({ workspaceId: personas.workspaceId, personaName: personas.name })
          .from(personas)
          .where(eq(personas.id, row.personaId));
        known = persona;
      }
      if (!known) return undefined;
      return {
        postId: row.id,
        workspaceId: known.workspaceId,
        personaId: row.personaId,
        personaName: known.personaName,
        platform: row.platform,
        status: row.status,
        content: row.content,
        url: row.url,
        externalIds: row.externalIds,
        error: row.error,
        scheduledFor: row.scheduledFor,
        postedAt: row.postedAt,
        replyTo: row.replyTo,
      };
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
