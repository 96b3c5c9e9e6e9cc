/**
 * The rules of a persona's engagement (decision 022): which mentions get a reply and with which
 * template, how many replies a thread or a person may get, and what X does not allow. The engagement
 * service applies them; the Automation tab states them.
 */
import { z } from 'zod';
import type { Automation, ReplyTemplate } from '../personas/persona';
import { PLATFORM_RULES, type Platform } from '../platforms/platforms';
import { escapeRegExp } from '../regexp';

/** What the persona was sent: a post that names it, a reply to one of its posts, a quote of one. */
export const MENTION_KINDS = ['mention', 'reply', 'quote'] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

export type Sentiment = 'positive' | 'neutral' | 'negative';

/** VADER's own cut-offs for its compound score (Hutto & Gilbert 2014): ±0.05. */
export function sentimentOfScore(compound: number): Sentiment {
  if (compound >= 0.05) return 'positive';
  if (compound <= -0.05) return 'negative';
  return 'neutral';
}

/** Whether the Sentiment filter lets a mention of this sentiment through. */
export function sentimentAllowed(filter: Automation['autoReplies']['sentimentFilter'], sentiment: Sentiment): boolean {
  if (filter === 'all') return true;
  if (filter === 'positive') return sentiment === 'positive';
  return sentiment !== 'negative';
}

/** At most this many replies of a persona in one thread, and to one person, a day (no reply loops). */
export const REPLIES_PER_THREAD_PER_DAY = 2;
export const REPLIES_PER_PERSON_PER_DAY = 3;

/** The choices of "Check X for mentions every". */
export const X_CHECK_MINUTE_CHOICES = [5, 15, 30, 60, 180, 720, 1440] as const;
/** Likes, reposts and follows are looked for this often; each run does its share of the caps. */
export const ENGAGE_EVERY_MINUTES = 10;

/**
 * How many actions one run may take: the cap's share of the window (an hour for likes, the waking
 * day for reposts and follows), at least one while the cap is not reached, never more than is left.
 */
export function actionsThisRun(cap: number, doneInWindow: number, windowMinutes: number): number {
  const left = Math.max(0, cap - doneInWindow);
  return Math.min(left, Math.max(1, Math.ceil((cap * ENGAGE_EVERY_MINUTES) / windowMinutes)));
}

/**
 * Who likes, reposts and follows go to, and why (Bluesky's guidance for automated accounts: "only
 * interact … if the user has tagged the bot account. It must be an opt-in interaction, or else
 * your bot may be taken for spam"; decision 032). The engagement service applies it.
 */
export const OPT_IN_ENGAGEMENT_RULE =
  'Likes, reposts and follows go only to people who mentioned, replied to, quoted or followed this persona first, because Bluesky asks automated accounts to interact only when people opt in or be taken for spam; target accounts, keywords and the follower range choose among them.';

/** Why a switch is Bluesky-only (X's 2026 rules, DESIGN.md; decision 022). */
export const X_ENGAGEMENT_UNAVAILABLE =
  'Bluesky only. X removed likes and follows from self-serve API apps in April 2026 and bans automated likes; it allows automated reposts only where they are not bulk or coordinated, so Plume does not repost on X.';
export const X_REPLIES_RULE =
  'On X, the persona replies only to posts that mention or quote it, and every reply waits for your approval (X’s rules for AI-written replies).';
export const DM_NOT_ANSWERED =
  'Direct messages are not answered yet: neither X nor Bluesky grants Plume access to them.';

/** A template's context matches the mention's kind ('any' matches all; a quote counts as a mention). */
function contextMatches(template: ReplyTemplate, kind: MentionKind): boolean {
  if (template.context === 'any') return true;
  if (template.context === 'dm') return false;
  return template.context === (kind === 'quote' ? 'mention' : kind);
}

/** Whether the text holds the trigger: a word or phrase on word boundaries, or a symbol such as '?' anywhere. */
export function hasTrigger(text: string, trigger: string): boolean {
  const t = trigger.trim().toLowerCase();
  if (!t) return false;
  const lower = text.toLowerCase();
  if (!/[\p{L}\p{N}]/u.test(t)) return lower.includes(t);
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(t)}($|[^\\p{L}\\p{N}])`, 'u').test(lower);
}

/**
 * The template a reply follows: among the active ones whose context and sentiment fit, the first
 * whose trigger words appear in the mention; else the first fitting one without triggers; else none
 * (the reply is written in the persona's voice alone).
 */
export function chooseTemplate(
  templates: ReplyTemplate[],
  mention: { kind: MentionKind; text: string; sentiment: Sentiment },
): ReplyTemplate | null {
  const fitting = templates.filter(
    (t) =>
      t.isActive && contextMatches(t, mention.kind) && (t.sentiment === 'any' || t.sentiment === mention.sentiment),
  );
  return (
    fitting.find((t) => t.triggers.some((trigger) => hasTrigger(mention.text, trigger))) ??
    fitting.find((t) => t.triggers.length === 0) ??
    null
  );
}

/** Whether a persona's replies on this platform wait in the review queue (always on X). */
export function repliesNeedReview(autoReplies: Automation['autoReplies'], platform: Platform): boolean {
  return PLATFORM_RULES[platform].repliesAlwaysReviewed || !autoReplies.publishWithoutReview;
}

/** How often a platform's mentions are read for a persona, in minutes. */
export function mentionCheckMinutes(autoReplies: Automation['autoReplies'], platform: Platform): number {
  const rule = PLATFORM_RULES[platform].mentionsCheck;
  return 'fixedMinutes' in rule ? rule.fixedMinutes : (autoReplies.xCheckMinutes ?? rule.defaultMinutes);
}

/** How often a platform's mentions are read when that is not the persona's to set; null where it is. */
export function fixedMentionCheckMinutes(platform: Platform): number | null {
  const rule = PLATFORM_RULES[platform].mentionsCheck;
  return 'fixedMinutes' in rule ? rule.fixedMinutes : null;
}

/** Whether a text matches any keyword (case-insensitive, on word boundaries); no keywords: none matches. */
export function matchesKeywords(text: string, keywords: string[]): boolean {
  return keywords.some((k) => hasTrigger(text, k));
}

/** POST /api/personas/{id}/automation/actions/{actionId}/undo. */
export const automationActionParamsSchema = z.object({
  id: z.uuid('must be a persona id'),
  actionId: z.uuid('must be an action id'),
});
export const ACTION_NOT_FOUND = 'Action not found';
export const ACTION_NOT_UNDOABLE = 'Only a like, repost or follow that has not been undone can be undone';
