/** What a persona's automation did: the Automation tab's banner figures (real counts, never demo text). */
import { z } from 'zod';
import { timeZoneSchema } from '../personas/schedule';

export const AUTOMATION_ACTION_KINDS = ['post', 'reply', 'like', 'repost', 'follow'] as const;
export type AutomationActionKind = (typeof AUTOMATION_ACTION_KINDS)[number];

/**
 * Minutes a person would spend doing each action by hand: the basis of "time saved".
 * Rough on purpose, and said so on the screen.
 */
export const MINUTES_SAVED_PER_ACTION: Record<AutomationActionKind, number> = {
  post: 5,
  reply: 2,
  like: 0.25,
  repost: 0.5,
  follow: 1,
};

export const automationActivityQuerySchema = z.object({
  timeZone: timeZoneSchema.default('UTC'),
});

export const automationActivitySchema = z
  .object({
    /** The start of "today" in the asked time zone. */
    since: z.iso.datetime({ offset: true }),
    posts: z.number().int().min(0),
    replies: z.number().int().min(0),
    /** Likes, reposts and follows. */
    engagementActions: z.number().int().min(0),
    timeSavedMinutes: z.number().min(0),
  })
  .meta({ id: 'AutomationActivity' });
export type AutomationActivity = z.infer<typeof automationActivitySchema>;

/** Today's figures from per-kind counts. */
export function summarizeActivity(
  since: Date,
  counts: Partial<Record<AutomationActionKind, number>>,
): AutomationActivity {
  const n = (kind: AutomationActionKind) => counts[kind] ?? 0;
  const minutes = AUTOMATION_ACTION_KINDS.reduce((sum, kind) => sum + n(kind) * MINUTES_SAVED_PER_ACTION[kind], 0);
  return {
    since: since.toISOString(),
    posts: n('post'),
    replies: n('reply'),
    engagementActions: n('like') + n('repost') + n('follow'),
    timeSavedMinutes: minutes,
  };
}
