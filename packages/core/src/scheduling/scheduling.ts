/**
 * Scheduling, the review queue and queue slots (app spec: Calls /schedule; Entities: Scheduled
 * item; Validation: Schedule dialog). Times travel as ISO instants (UTC); recurring slots are
 * wall-clock times in the user's IANA time zone, so they keep their hour across DST changes.
 */
import { z } from 'zod';
import { pageQuerySchema } from '../api/paging';
import type { Automation } from '../personas/persona';
import { slotTimes, timeZoneSchema, WEEKDAYS, type Weekday, zonedTimeToInstant } from '../personas/schedule';
import { platformSchema } from '../platforms/platform-schema';
import { postPartSchema } from '../publishing/post-parts';
import { POST_STATUSES, threadPartsSchema } from '../publishing/publishing';
import { postHistoryEntrySchema } from '../workspaces/approval';
import { WRITERS } from '../writing/api';
import { draftFlagSchema } from '../writing/draft-check';

export const CONTENT_REQUIRED = 'Content is required';
export const DATE_IN_FUTURE = 'Date must be in the future';
/** The Schedule Post dialog's defaults (app spec §5). */
export const DEFAULT_SCHEDULE_PLATFORM = 'bluesky' as const;
export const DEFAULT_SCHEDULE_OFFSET_MS = 60 * 60_000;

/** The caller's (browser's) zone: queue slots use it while the user has saved none. */
const callerZone = timeZoneSchema.optional();
const content = z.string().trim().min(1, CONTENT_REQUIRED).max(10_000);
const parts = threadPartsSchema;
const instant = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

/** What a post automation wrote for a slot was written from (kept with the post). */
export const postOriginSchema = z
  .object({
    kind: z.enum(['original', 'curated', 'promotional']),
    /** The strategy an original post follows, by name. */
    strategy: z.string().nullable(),
    /** The source item a curated post shares. */
    source: z.object({ title: z.string(), url: z.string().nullable() }).nullable(),
    /** The promotion a promotional post is for, by its label. */
    promotion: z.string().nullable(),
  })
  .meta({ id: 'PostOrigin' });
export type PostOrigin = z.infer<typeof postOriginSchema>;
export const CONNECTION_STATES = ['connected', 'reconnect', 'missing'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** An item on the schedule (the spec's Scheduled item) with what the calendar and queue show. */
export const scheduledItemSchema = z
  .object({
    id: z.string(),
    personaId: z.string(),
    personaName: z.string(),
    platform: platformSchema,
    content: z.string(),
    parts: z.array(postPartSchema),
    scheduledFor: z.string().nullable(),
    status: z.enum(POST_STATUSES),
    postedAt: z.string().nullable(),
    url: z.string().nullable(),
    error: z.string().nullable(),
    /**
     * Parts already on the platform. A failed thread with some is not edited, moved or retried
     * (that would post them again): the user posts the rest there, then marks it as posted.
     */
    postedParts: z.number().int().min(0),
    createdAt: z.string(),
    /** The posting slot automation wrote it for; null when a person wrote it. */
    autoSlot: z.string().nullable(),
    /** Who wrote it (the model's provider, or the offline composer); null: a person. */
    writer: z.enum(WRITERS).nullable(),
    /** Why the check before review found it not ready (decision 037), in words; [] when it passed. */
    flags: z.array(draftFlagSchema),
    /** The post a reply answers (written by automation for a mention); null for a post of its own. */
    replyTo: z.object({ author: z.string(), text: z.string(), url: z.string().nullable() }).nullable(),
    /**
     * Why automation wrote it (a slot's post): the content mix's kind, and the strategy, source item
     * or promotion it was written from; null for a reply or a person's post.
     */
    origin: postOriginSchema.nullable(),
    /**
     * The persona's account on its platform: `connected`, `reconnect` (the network refused the
     * connection: nothing goes out until it is reconnected) or `missing` (none connected).
     */
    connection: z.enum(CONNECTION_STATES),
    /**
     * Who wrote, edited, approved or rejected it and when (decision 056-approval-that-blocks),
     * oldest first: on the review queue's items and on GET /api/posts/{id}; absent elsewhere.
     */
    history: z.array(postHistoryEntrySchema).optional(),
  })
  .meta({ id: 'ScheduledItem' });
export type ScheduledItem = z.infer<typeof scheduledItemSchema>;
export const scheduledItemListSchema = z.array(scheduledItemSchema);

/** GET /api/review/count: how many drafts wait for review (the navigation's figure). */
export const reviewCountSchema = z.object({ waiting: z.number().int().min(0) }).meta({ id: 'ReviewCount' });
export type ReviewCount = z.infer<typeof reviewCountSchema>;

/**
 * How a page of the schedule is ordered: `time`, each post's own time (scheduled, else posted, else
 * written); `created`, when it was written (the review queue's order). Decision 044-list-paging.
 */
export const SCHEDULE_ORDERS = ['time', 'created'] as const;
export type ScheduleOrder = (typeof SCHEDULE_ORDERS)[number];

/**
 * GET /schedule: optionally a window (the calendar's view), one persona, some statuses; with
 * `limit` or `cursor`, one page in `order` and the next page's cursor in the X-Next-Cursor header.
 */
export const scheduleQuerySchema = pageQuerySchema.extend({
  order: z.enum(SCHEDULE_ORDERS, 'must be time or created').optional(),
  from: instant.optional(),
  to: instant.optional(),
  personaId: z.uuid('must be a persona id').optional(),
  status: z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(POST_STATUSES)))
    .optional(),
});

/**
 * POST /schedule: the spec's `{ personaId, platform, content, runAt }`; `queue: true` instead of
 * `runAt` takes the persona's next free posting slot; `parts` schedules a thread.
 */
export const scheduleCreateSchema = z
  .object({
    personaId: z.uuid('must be a persona id'),
    platform: platformSchema,
    content,
    parts: parts.optional(),
    runAt: instant.optional(),
    queue: z.boolean().optional(),
    timeZone: callerZone,
    /** Who wrote it, when a writer did (the studio's post): its label, and its voice is checked. */
    writer: z.enum(WRITERS).optional(),
  })
  .refine((v) => v.queue === true || v.runAt !== undefined, { path: ['runAt'], message: 'Pick a date and time' })
  .meta({ id: 'ScheduleCreate' });
export type ScheduleCreate = z.infer<typeof scheduleCreateSchema>;

/** How many posts one POST /api/schedule/batch may schedule. */
export const SCHEDULE_BATCH_MAX = 500;

/**
 * POST /api/schedule/batch: many posts at once, each as POST /schedule takes one; all or nothing
 * (one refused item refuses the batch, its errors naming `body.items.N.<field>`).
 */
export const scheduleBatchSchema = z
  .object({
    items: z
      .array(scheduleCreateSchema)
      .min(1, 'Add at least one post')
      .max(SCHEDULE_BATCH_MAX, `At most ${SCHEDULE_BATCH_MAX} posts at once`),
  })
  .meta({ id: 'ScheduleBatch' });
export type ScheduleBatch = z.infer<typeof scheduleBatchSchema>;

/** PATCH /schedule/{id}: edit or reschedule an item that has not gone out. */
export const scheduleUpdateSchema = z
  .object({
    platform: platformSchema.optional(),
    content: content.optional(),
    parts: parts.optional(),
    runAt: instant.optional(),
    queue: z.boolean().optional(),
    timeZone: callerZone,
  })
  .meta({ id: 'ScheduleUpdate' });
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>;

/** POST /api/review: a draft waits for a human (from the generator, the draft panel, automation later). */
export const reviewCreateSchema = z
  .object({
    personaId: z.uuid('must be a persona id'),
    platform: platformSchema,
    content,
    parts: parts.optional(),
    /** Who wrote it, when a writer did (the studio's post or draft): its label, and its voice is checked. */
    writer: z.enum(WRITERS).optional(),
  })
  .meta({ id: 'ReviewCreate' });
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

/**
 * POST /api/review/{id}/approve: with none of `runAt`, `queue` or `now`, at the draft's own time
 * (the slot it was written for, a reply's time; now when that time has passed); `runAt` a chosen
 * time; `queue: true` the persona's next free posting slot (GET /api/schedule/next-slot says
 * which); `now: true` at once.
 */
export const reviewApproveSchema = z
  .object({
    runAt: instant.optional(),
    queue: z.boolean().optional(),
    now: z.boolean().optional(),
    timeZone: callerZone,
  })
  .refine((v) => [v.runAt !== undefined, v.queue === true, v.now === true].filter(Boolean).length <= 1, {
    path: ['runAt'],
    message: 'Pick one of runAt, queue and now',
  })
  .meta({ id: 'ReviewApprove' });
export type ReviewApprove = z.infer<typeof reviewApproveSchema>;

/** GET /api/schedule/next-slot: the persona's next free posting slot ('Add to queue'), as approving or scheduling would take it now. */
export const nextSlotQuerySchema = z.object({
  personaId: z.uuid('must be a persona id'),
  timeZone: callerZone,
});
export const nextSlotSchema = z.object({ at: z.string().nullable(), timeZone: z.string() }).meta({ id: 'NextSlot' });
export type NextSlot = z.infer<typeof nextSlotSchema>;

/** POST /api/review/bulk: approve (each at its own time, else the next free slot; or now) or reject several drafts at once. */
export const reviewBulkSchema = z
  .object({
    action: z.enum(['approve', 'reject']),
    ids: z.array(z.uuid('must be an item id')).min(1, 'Pick at least one draft').max(100),
    /** Approve: at once rather than at each draft's own time. */
    now: z.boolean().optional(),
    /** The browser's zone, for a draft with no time of its own (it takes the next free slot). */
    timeZone: callerZone,
  })
  .meta({ id: 'ReviewBulk' });
export type ReviewBulk = z.infer<typeof reviewBulkSchema>;
export const reviewBulkResultSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        /** done: approved or rejected by this call; refused: it was not (why in `error`), nothing changed. */
        outcome: z.enum(['done', 'refused']),
        item: scheduledItemSchema.nullable(),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ReviewBulkResult' });
export type ReviewBulkResult = z.infer<typeof reviewBulkResultSchema>;

export const itemParamsSchema = z.object({ id: z.uuid('must be an item id') });

/** GET/PUT /api/me/preferences: the user's time zone (defaults to the browser's until set). */
export const preferencesSchema = z.object({ timeZone: timeZoneSchema.nullable() }).meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;

/** Statuses that can still be edited, rescheduled or canceled. */
export const EDITABLE_STATUSES = ['draft', 'pending_review', 'scheduled', 'failed', 'unconfirmed'] as const;
export function isEditable(status: string): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(status);
}

type AutoPosting = Automation['autoPosting'];
const MINUTE = 60_000;
/**
 * 'Add to queue': the persona's first posting slot after `now` (plus a minute) that no other item
 * holds within `gapMinutes`. Slots are wall-clock times in `timeZone`, so 09:00 stays 09:00 across
 * DST changes. Looks 60 days ahead; null when the schedule has no slot at all.
 */
export function nextFreeSlot(
  posting: Pick<AutoPosting, 'advancedSchedule' | 'customTimes' | 'frequency'>,
  taken: Date[],
  now: Date,
  timeZone: string,
  gapMinutes = 5,
): Date | null {
  const earliest = now.getTime() + MINUTE;
  const gap = gapMinutes * MINUTE;
  const startParts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const [year = 0, month = 1, day = 1] = startParts.split('-').map(Number);
  for (let offset = 0; offset < 60; offset++) {
    const date = new Date(Date.UTC(year, month - 1, day + offset));
    const local = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    const weekday = WEEKDAYS[date.getUTCDay()] as Weekday;
    for (const time of slotTimes(posting, weekday)) {
      const at = zonedTimeToInstant(local, time, timeZone).getTime();
      if (at < earliest) continue;
      if (taken.some((t) => Math.abs(t.getTime() - at) < gap)) continue;
      return new Date(at);
    }
  }
  return null;
}
