/** What a persona's automated posting will do and did: the Automation tab's plan and log. */
import { z } from 'zod';
import { platformSchema } from '../platforms/platform-schema';
import { POST_STATUSES, type PostStatus } from '../publishing/publishing';

/**
 * written: a post for a slot; skipped: a slot left out, and why; backup: a version saved first;
 * replied: a reply written to a mention; passed: a mention not answered, and why; liked, reposted,
 * followed: an engagement action (undoable); undone: one taken back; paused: the automation
 * paused itself, and why; resumed: its owner resumed it.
 */
export const AUTOMATION_LOG_EVENTS = [
  'written',
  'skipped',
  'backup',
  'replied',
  'passed',
  'liked',
  'reposted',
  'followed',
  'undone',
  'paused',
  'resumed',
] as const;
export type AutomationLogEvent = (typeof AUTOMATION_LOG_EVENTS)[number];

export const automationLogEntrySchema = z
  .object({
    id: z.string(),
    event: z.enum(AUTOMATION_LOG_EVENTS),
    message: z.string(),
    slot: z.iso.datetime({ offset: true }).nullable(),
    postId: z.string().nullable(),
    /** Where it happened, and a link to what it acted on (the mention, the post liked, the account followed). */
    platform: platformSchema.nullable(),
    url: z.string().nullable(),
    /** The action to undo (POST …/automation/actions/{actionId}/undo) while it can be undone; else null. */
    undoActionId: z.string().nullable(),
    /** The linked post's status now (the message tells it as it is now, not as it was); null: no post. */
    postStatus: z.enum(POST_STATUSES).nullable(),
    /** A like, repost or follow that was taken back since. */
    undone: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AutomationLogEntry' });
export type AutomationLogEntry = z.infer<typeof automationLogEntrySchema>;

/** The clause a written post's or reply's entry ended with when it went to the review queue. */
const REVIEW_TAIL = /; waiting in the review queue[^;]*$/;
/** The clause it ended with when it was scheduled without review. */
const SCHEDULED_TAIL = /; scheduled[^;]*$/;

/**
 * A post's or reply's log message as it is now: "waiting in the review queue" when it was written
 * becomes "posted", "rejected in review"… once its post moved on (the log keeps what happened;
 * the screen tells the post's present state).
 */
export function logMessageNow(entry: { event: string; message: string; postStatus: PostStatus | null }): string {
  const { event, message, postStatus: status } = entry;
  if ((event !== 'written' && event !== 'replied') || status === null) return message;
  const reviewed = REVIEW_TAIL.test(message);
  const tail = reviewed ? REVIEW_TAIL : SCHEDULED_TAIL;
  const now: Record<PostStatus, string | null> = {
    draft: null,
    pending_review: null,
    scheduled: reviewed ? 'approved, scheduled.' : null,
    publishing: 'going out now.',
    posted: reviewed ? 'approved and posted.' : 'posted.',
    failed: 'posting it failed.',
    unconfirmed: 'posting it was not confirmed.',
    canceled: reviewed ? 'rejected in review.' : 'canceled.',
  };
  const words = now[status];
  return words ? message.replace(tail, `; ${words}`) : message;
}

/** GET /api/personas/{id}/automation/plan: the next slots, each with the posts written for it, and the log. */
export const automationPlanSchema = z
  .object({
    timeZone: z.string(),
    /** Whether the persona posts on its own now (posting on, the persona active, its automation not paused). */
    posting: z.boolean(),
    slots: z.array(
      z.object({
        /** The slot's wall-clock time, and when its post goes out (smart timing's shift). */
        slot: z.iso.datetime({ offset: true }),
        at: z.iso.datetime({ offset: true }),
        posts: z.array(z.object({ id: z.string(), platform: platformSchema, status: z.enum(POST_STATUSES) })),
        /** Why the slot was skipped (the log's words); null: it was not. */
        skipped: z.string().nullable(),
      }),
    ),
    log: z.array(automationLogEntrySchema),
  })
  .meta({ id: 'AutomationPlan' });
export type AutomationPlan = z.infer<typeof automationPlanSchema>;
