/**
 * How dates and times read in the app: one formatter for all of them, en-US words and a 24-hour
 * clock ('14:05') in the user's zone, so two times on one screen never differ in style.
 */

type Options = Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'hour12' | 'hourCycle'>;

const cache = new Map<string, Intl.DateTimeFormat>();

/** The formatter of these parts in the zone, built once per zone and parts; hours always 00-23. */
export function dateTimeFormat(timeZone: string, options: Options): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    const clock: Intl.DateTimeFormatOptions = options.hour ? { hour: '2-digit', hourCycle: 'h23' } : {};
    format = new Intl.DateTimeFormat('en-US', { ...options, ...clock, timeZone });
    cache.set(key, format);
  }
  return format;
}

const instantOf = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at);

/** '14:05' */
export const formatTime = (at: string | Date, timeZone: string): string =>
  dateTimeFormat(timeZone, { hour: '2-digit', minute: '2-digit' }).format(instantOf(at));

/** An instant as the user's zone reads it: 'Mar 8, 2026, 14:05'. */
export const formatInstant = (at: string | Date, timeZone: string): string =>
  dateTimeFormat(timeZone, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instantOf(at));

/** A moment of the last days or the next: 'Sun, Mar 8, 14:05'. */
export const formatDayTime = (at: string | Date, timeZone: string): string =>
  dateTimeFormat(timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instantOf(at));

/** 'Thu, Jul 9, 2026, 14:30' */
export const formatWeekdayInstant = (at: string | Date, timeZone: string): string =>
  dateTimeFormat(timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instantOf(at));

/** The day of an instant in the zone: 'Mar 8, 2026'. */
export const formatDay = (at: string | Date, timeZone: string): string =>
  dateTimeFormat(timeZone, { year: 'numeric', month: 'short', day: 'numeric' }).format(instantOf(at));

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
