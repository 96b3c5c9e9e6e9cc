/** How instants read in the app: in a time zone, and as time ago. */

/** An instant as the user's zone reads it: 'Mar 8, 2026, 14:05'. */
export function formatInstant(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 days ago'; a month and more: the date itself. */
export function formatAgo(iso: string, now: Date, timeZone: string): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (elapsed < 60_000) return 'just now';
  if (elapsed >= 30 * 86_400_000) return `on ${formatInstant(iso, timeZone)}`;
  for (const [unit, size] of STEPS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}
