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

type SlotRule = Pick<AutoPosting, 'frequency' | 'customTimes' | 'advancedSchedule'>;

const DEFAULT_TIMES = ['09:00', '15:00'];
const EVERY_HOUR = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
/** Human-like patterns keep automated posts inside these local hours: 08:00 up to 22:00 (decision 021). */
export const WAKING_HOURS = { from: '08:00', until: '22:00' } as const;
const awake = (time: string) => time >= WAKING_HOURS.from && time < WAKING_HOURS.until;

/** Whether an instant falls inside waking hours in the zone. */
export function isWakingTime(at: Date, timeZone: string): boolean {
  const p = partsOf(at.getTime(), timeZone);
  return awake(`${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`);
}

/** `at` when it is inside waking hours, else the next 08:00 in the zone (Human-like patterns). */
export function nextWakingTime(at: Date, timeZone: string): Date {
  if (isWakingTime(at, timeZone)) return at;
  const p = partsOf(at.getTime(), timeZone);
  const today = zonedTimeToInstant({ year: p.year, month: p.month, day: p.day }, WAKING_HOURS.from, timeZone);
  if (today.getTime() > at.getTime()) return today;
  const tomorrow = partsOf(at.getTime() + 12 * 3_600_000, timeZone);
  return zonedTimeToInstant(
    { year: tomorrow.year, month: tomorrow.month, day: tomorrow.day },
    WAKING_HOURS.from,
    timeZone,
  );
}
const hasWeekly = (posting: Pick<AutoPosting, 'advancedSchedule'>) =>
  WEEKDAYS.some((d) => (posting.advancedSchedule[d] ?? []).length > 0);

/**
 * The one posting rule (decision 021): the wall-clock times of a weekday's posting slots. The
 * frequency decides: hourly is every hour on the hour; daily the first custom time (09:00 without
 * one); twice daily the first two (filled with 09:00 and 15:00); custom the weekly schedule's times
 * for that weekday when it has any, else the custom times every day. With human-like patterns only
 * times inside waking hours are kept.
 */
export function slotTimes(posting: SlotRule, day: Weekday, options: { wakingHoursOnly?: boolean } = {}): string[] {
  const custom = [...new Set(posting.customTimes)].sort();
  let times: string[];
  if (posting.frequency === 'hourly') times = EVERY_HOUR;
  else if (posting.frequency === 'daily') times = (custom.length > 0 ? custom : DEFAULT_TIMES).slice(0, 1);
  else if (posting.frequency === 'twice-daily') {
    times = [...custom, ...DEFAULT_TIMES.filter((t) => !custom.includes(t))].slice(0, 2).sort();
  } else if (hasWeekly(posting)) times = [...new Set(posting.advancedSchedule[day] ?? [])].sort();
  else times = custom;
  return options.wakingHoursOnly ? times.filter(awake) : times;
}

/** Whether the weekly schedule is what decides (it is only with the Custom frequency). */
export function weeklyScheduleApplies(posting: SlotRule): boolean {
  return posting.frequency === 'custom' && hasWeekly(posting);
}

/**
 * Smart timing's shift of one slot, -15 to +15 whole minutes: drawn from the persona and the slot
 * (FNV-1a), so the worker, the Automation tab and the calendar agree and a slot never moves twice.
 */
export function smartShiftMinutes(personaId: string, slot: Date): number {
  let hash = 0x811c9dc5;
  for (const char of `${personaId}|${slot.toISOString()}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % (2 * SMART_TIMING_MINUTES + 1)) - SMART_TIMING_MINUTES;
}

/** A posting slot: its wall-clock time as an instant (the slot's identity) and when its post goes out. */
export type PostingSlot = { slot: Date; at: Date };

/**
 * The persona's posting slots whose wall-clock time is at or after `from`, in order, at most
 * `count`, looking `days` days ahead: the rule of slotTimes in the user's zone (a time skipped by DST
 * moves forward by the gap), each shifted by smart timing when it is on.
 */
export function postingSlots(
  posting: SlotRule & Pick<AutoPosting, 'smartTiming'>,
  options: { personaId: string; timeZone: string; from: Date; count: number; days?: number; wakingHoursOnly?: boolean },
): PostingSlot[] {
  const slots: PostingSlot[] = [];
  const start = localDate(options.from.getTime(), options.timeZone);
  for (let offset = 0; offset <= (options.days ?? 8) && slots.length < options.count; offset++) {
    const date = addDays(start, offset);
    for (const time of slotTimes(posting, date.weekday, options)) {
      const slot = zonedTimeToInstant(date, time, options.timeZone);
      if (slot.getTime() < options.from.getTime() || slots.some((s) => s.slot.getTime() === slot.getTime())) continue;
      let shift = posting.smartTiming ? smartShiftMinutes(options.personaId, slot) : 0;
      // Waking hours begin at their first slot: smart timing moves that one later, never before.
      if (options.wakingHoursOnly && time === WAKING_HOURS.from) shift = Math.abs(shift);
      slots.push({ slot, at: new Date(slot.getTime() + shift * MINUTE) });
      if (slots.length === options.count) break;
    }
  }
  return slots;
}

/** 'Every hour', 'Mon, Wed, Fri' (the weekly schedule, with Custom), 'Daily at 09:00, 15:00', or 'No schedule'. */
export function scheduleSummary(posting: SlotRule, options: { wakingHoursOnly?: boolean } = {}): string {
  if (posting.frequency === 'hourly') {
    return options.wakingHoursOnly ? `Every hour, ${WAKING_HOURS.from} to ${WAKING_HOURS.until}` : 'Every hour';
  }
  if (weeklyScheduleApplies(posting)) {
    const order: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const days = order.filter((day) => slotTimes(posting, day, options).length > 0);
    return days.length > 0 ? days.map((day) => day.slice(0, 3)).join(', ') : 'No schedule';
  }
  const times = slotTimes(posting, 'Monday', options);
  return times.length > 0 ? `Daily at ${times.join(', ')}` : 'No schedule';
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
