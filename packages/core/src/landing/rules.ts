/**
 * The landing page's pure rules: the persona of the day, the uptime figure, the waitlist's e-mail
 * check and the spec's timings and fallbacks. No zod here: the landing page imports these.
 */

/** The hero's rotating words, every 3 s (spec: Landing page; §9). */
export const HERO_WORDS = ['Wings to Soar', 'Power to Grow', 'Voice to Echo'] as const;
export const HERO_ROTATION_MS = 3000;
/** The how-it-works demo's steps advance every 5 s until a visitor picks one. */
export const DEMO_ROTATION_MS = 5000;
export const DEMO_STEP_COUNT = 3;

/** What the metrics show when they cannot be loaded (spec: States, Landing loaders). */
export const METRICS_FALLBACK = [
  { value: '3 min', label: 'to get started' },
  { value: '10x', label: 'faster content creation' },
  { value: '24/7', label: 'automated engagement' },
  { value: '∞', label: 'growth potential' },
] as const;

/** The spec's log lines when a landing loader fails. */
export const LANDING_LOAD_ERRORS = {
  personaOfTheDay: 'Failed to load persona of the day:',
  recentPosts: 'Failed to load recent posts:',
  metrics: 'Failed to load dynamic metrics:',
} as const;

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** FNV-1a over the text: a small, stable hash (the same in every process and release). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The persona of the day among the candidates' ids: the same all day (UTC) whatever the order
 * they come in, and a different one on most days. Null when there is none.
 */
export function pickOfTheDay(ids: readonly string[], day: string): string | null {
  if (ids.length === 0) return null;
  const sorted = [...new Set(ids)].sort();
  return sorted[fnv1a(day) % sorted.length] ?? null;
}

/** Whole days between two instants (0 on the day itself). */
export function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 86_400_000));
}

const MINUTE = 60_000;

/**
 * Uptime over a window, from the minutes in which a Plume process recorded that it was running:
 * the minutes seen over the minutes that have passed since the window began (the first minute
 * recorded, if later). The current minute counts only once it is recorded. A percentage with two
 * decimals, or null before anything is recorded.
 */
export function uptimePercent(input: {
  /** The first recorded minute inside the window, or null. */
  firstMinute: Date | null;
  /** Distinct minutes recorded inside the window. */
  seenMinutes: number;
  /** Whether the current minute has been recorded yet. */
  currentSeen: boolean;
  now: Date;
}): number | null {
  const { firstMinute, seenMinutes, currentSeen, now } = input;
  if (!firstMinute || seenMinutes <= 0) return null;
  const current = Math.floor(now.getTime() / MINUTE);
  const first = Math.floor(firstMinute.getTime() / MINUTE);
  const expected = Math.max(1, current - first + (currentSeen ? 1 : 0));
  const percent = (Math.min(seenMinutes, expected) / expected) * 100;
  return Math.round(percent * 100) / 100;
}

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Email must be a valid address, like name@example.com';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The waitlist's e-mail rule (spec §5: required, of e-mail format): the problem, or null. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (email === '') return EMAIL_REQUIRED;
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return EMAIL_INVALID;
  return null;
}

/** One waitlist entry per address, whatever its case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The onboarding figure as the metrics show it: '3 min', '45 s', '2.5 h'. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round(hours / 24)} days`;
}
