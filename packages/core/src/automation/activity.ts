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
    /** Posts automation wrote that were published today (not drafts written: those may still wait). */
    posts: z.number().int().min(0),
    /** Replies to mentions published today. */
    replies: z.number().int().min(0),
    /** Likes, reposts and follows taken today. */
    engagementActions: z.number().int().min(0),
    /** Posts and replies waiting in the review queue now, whenever written. */
    waitingForReview: z.number().int().min(0),
    /** What went out today, at MINUTES_SAVED_PER_ACTION each. */
    timeSavedMinutes: z.number().min(0),
  })
  .meta({ id: 'AutomationActivity' });
export type AutomationActivity = z.infer<typeof automationActivitySchema>;

/**
 * Today's figures: posts and replies as published (an action recorded for a post or a reply is
 * the draft written, which may still wait for review), likes, reposts and follows as taken.
 */
export function summarizeActivity(
  since: Date,
  actions: Partial<Record<AutomationActionKind, number>>,
  published: { posts: number; replies: number; waitingForReview: number },
): AutomationActivity {
  const n: Record<AutomationActionKind, number> = {
    post: published.posts,
    reply: published.replies,
    like: actions.like ?? 0,
    repost: actions.repost ?? 0,
    follow: actions.follow ?? 0,
  };
  const minutes = AUTOMATION_ACTION_KINDS.reduce((sum, kind) => sum + n[kind] * MINUTES_SAVED_PER_ACTION[kind], 0);
  return {
    since: since.toISOString(),
    posts: n.post,
    replies: n.reply,
    engagementActions: n.like + n.repost + n.follow,
    waitingForReview: published.waitingForReview,
    timeSavedMinutes: minutes,
  };
}
