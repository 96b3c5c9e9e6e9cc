/** What a persona's automated posting will do and did: the Automation tab's plan and log. */
import { z } from 'zod';
import { platformSchema } from '../platforms/platform-schema';
import { POST_STATUSES } from '../publishing/publishing';

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
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AutomationLogEntry' });
export type AutomationLogEntry = z.infer<typeof automationLogEntrySchema>;

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
