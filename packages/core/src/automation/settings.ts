/** Automation tab rules (editor spec: States, Validation, Business constants). */
import type { Automation, ReplyTemplate } from '../personas/persona';

/** Only this many reply templates are shown on the tab. */
export const VISIBLE_REPLY_TEMPLATES = 4;
export const NEW_CUSTOM_TIME = '12:00';
export const NEW_SCHEDULE_TIME = '09:00';

/** Active when posting, replies or engagement is on. */
export function automationActive(a: Automation): boolean {
  return a.autoPosting.enabled || a.autoReplies.enabled || a.engagement.enabled;
}

/**
 * Whether the persona acts with no person looking first: it publishes its posts or its replies
 * without review, or likes, reposts or follows on its own.
 */
export function actsWithoutReview(a: Automation): boolean {
  const { autoPosting, autoReplies, engagement } = a;
  const engages =
    engagement.enabled &&
    (engagement.autoLike.enabled || engagement.autoRetweet.enabled || engagement.autoFollow.enabled);
  return (
    (autoPosting.enabled && autoPosting.publishWithoutReview) ||
    (autoReplies.enabled && autoReplies.publishWithoutReview) ||
    engages
  );
}

/**
 * Whether the persona's account says it is automated (Bluesky's `bot` self-label): the switch is
 * offered, on by default, while the persona acts without review, and counts only then.
 */
export function labelsAccountAsAutomated(a: Automation): boolean {
  return actsWithoutReview(a) && a.safety.labelAutomated;
}

/** 'a, b ,, c' -> ['a', 'b', 'c']: comma separated, trimmed, empties dropped. */
export function parseKeywordList(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

/** A keyword list as the one-line text the user edits. */
export function formatKeywordList(list: string[]): string {
  return list.join(', ');
}

/** What is wrong with a typed keyword list, by the schema's limits (50 entries of 100 characters). */
export function keywordListError(text: string, label: string): string | null {
  const list = parseKeywordList(text);
  if (list.length > 50) return `${label} can hold at most 50 entries`;
  if (list.some((k) => k.length > 100)) return `Each entry in ${label} must be at most 100 characters`;
  return null;
}

/**
 * A number as typed into a limit field: null when it is a whole number in range, otherwise a
 * message naming the field. Typed text is checked, never coerced, so a bad value is never saved.
 */
export function integerFieldError(text: string, label: string, min: number, max?: number): string | null {
  const n = Number(text);
  const ok = text.trim() !== '' && Number.isSafeInteger(n) && n >= min && (max === undefined || n <= max);
  if (ok) return null;
  return max === undefined
    ? `${label} must be a whole number of ${min} or more`
    : `${label} must be a whole number from ${min} to ${max}`;
}

/** Minutes as the banner shows them: '45 min', '2.5 min', or hours with one decimal from 60 minutes. */
export function formatTimeSaved(minutes: number): string {
  if (minutes >= 60) return `${(minutes / 60).toFixed(1)} hours`;
  const rounded = Math.round(minutes * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} min`;
}

/** What Add Template opens with. */
export function newReplyTemplate(id: string): ReplyTemplate {
  return {
    id,
    name: 'New Template',
    text: '',
    triggers: [],
    context: 'mention',
    sentiment: 'neutral',
    isActive: false,
  };
}

/** Save: replaces the template with the same id, or appends it. */
export function upsertReplyTemplate(templates: ReplyTemplate[], template: ReplyTemplate): ReplyTemplate[] {
  return templates.some((t) => t.id === template.id)
    ? templates.map((t) => (t.id === template.id ? template : t))
    : [...templates, template];
}

export function removeReplyTemplate(templates: ReplyTemplate[], id: string): ReplyTemplate[] {
  return templates.filter((t) => t.id !== id);
}
