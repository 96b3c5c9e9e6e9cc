/**
 * Automated posting's next post time and schedule summary (editor spec: Business constants),
 * computed in the user's IANA time zone so wall-clock times survive DST changes.
 */
import { z } from 'zod';
import type { Automation } from './persona';

type AutoPosting = Automation['autoPosting'];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const SMART_TIMING_MINUTES = 15;

/** An IANA time zone name the runtime knows. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Europe/Paris');
const MINUTE = 60_000;

type LocalDate = { year: number; month: number; day: number; weekday: Weekday };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'long',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading (date, time, weekday) of an instant in the zone. */
export function partsOf(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday as Weekday,
  };
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time happens in the zone; a time skipped by DST moves forward by the gap. */
export function zonedTimeToInstant(date: Omit<LocalDate, 'weekday'>, time: string, timeZone: string): Date {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const o1 = offsetAt(guess, timeZone);
  const o2 = offsetAt(guess - o1, timeZone);
  const second = guess - o2;
  const p = partsOf(second, timeZone);
  if (p.day === date.day && p.hour === hour && p.minute === minute) return new Date(second);
  // In a DST gap the clock jumps forward, so the offset before the jump is the smaller one: using it
  // lands the same distance past the jump (02:30 -> 03:30), east and west of UTC alike.
  const o3 = offsetAt(second, timeZone);
  return new Date(guess - Math.min(o1, o2, o3));
}

function localDate(instant: number, timeZone: string): LocalDate {
  const p = partsOf(instant, timeZone);
  return { year: p.year, month: p.month, day: p.day, weekday: p.weekday };
}

/** The local date `days` after the given one (calendar arithmetic, not 24-hour steps). */
function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: WEEKDAYS[d.getUTCDay()] as Weekday,
  };
}

function firstAfter(now: number, date: LocalDate, times: string[], timeZone: string): Date | null {
  for (const time of [...times].sort()) {
    const at = zonedTimeToInstant(date, time, timeZone);
    if (at.getTime() > now) return at;
  }
  return null;
}

/**
 * The next post: the advanced schedule over the next 7 days first, then the custom times today
 * or tomorrow; null ('Not scheduled') when neither has one. Smart timing moves it by a random
 * -15 to +15 minutes, never into the past.
 */
export function nextPostTime(
  posting: Pick<AutoPosting, 'advancedSchedule' | 'customTimes' | 'smartTiming'>,
  now: Date,
  timeZone: string,
  random: () => number = Math.random,
): Date | null {
  const at = now.getTime();
  const today = localDate(at, timeZone);
  let next: Date | null = null;
  // Today through the same weekday next week (a one-day schedule whose time passed today).
  for (let offset = 0; offset <= 7 && !next; offset++) {
    const date = addDays(today, offset);
    next = firstAfter(at, date, posting.advancedSchedule[date.weekday] ?? [], timeZone);
  }
  for (let offset = 0; offset < 2 && !next; offset++) {
    next = firstAfter(at, addDays(today, offset), posting.customTimes, timeZone);
  }
  if (!next || !posting.smartTiming) return next;
  const shift = Math.round((random() * 2 - 1) * SMART_TIMING_MINUTES) * MINUTE;
  return new Date(Math.max(next.getTime() + shift, at + MINUTE));
}

/** 'Mon, Wed, Fri' for an advanced schedule, else 'Daily at 09:00, 15:00', else 'No schedule'. */
export function scheduleSummary(posting: Pick<AutoPosting, 'advancedSchedule' | 'customTimes'>): string {
  const order: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const days = order.filter((day) => (posting.advancedSchedule[day] ?? []).length > 0);
  if (days.length > 0) return days.map((day) => day.slice(0, 3)).join(', ');
  if (posting.customTimes.length > 0) return `Daily at ${[...posting.customTimes].sort().join(', ')}`;
  return 'No schedule';
}

/** The instant the local day containing `now` began in the zone (midnight, or the first time after a DST gap). */
export function startOfDay(now: Date, timeZone: string): Date {
  const today = localDate(now.getTime(), timeZone);
  let at = zonedTimeToInstant(today, '00:00', timeZone).getTime();
  // Where DST skips midnight (America/Santiago, Asia/Beirut), 00:00 lands in the day before:
  // the day began at the first quarter hour that is already on its date.
  for (let step = 0; step < 16 && localDate(at, timeZone).day !== today.day; step++) at += 15 * MINUTE;
  return new Date(at);
}
