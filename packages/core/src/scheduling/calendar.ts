/**
 * The content calendar's date math (app spec: Content calendar): days are local calendar dates in
 * the user's IANA time zone, weeks start on Sunday, the month view is a 42-day grid, and moving an
 * item to another day keeps its wall-clock time there (DST-correct: 09:00 stays 09:00).
 */
import { partsOf, startOfDay, zonedTimeToInstant } from '../personas/schedule';
import type { PostPart } from '../publishing/post-parts';
import type { PostStatus } from '../publishing/publishing';
import { CONTENT_REQUIRED, DATE_IN_FUTURE, type ScheduledItem } from './scheduling';

/** A calendar date with no time and no zone; month is 1-12. */
export type CalendarDate = { year: number; month: number; day: number };
export type CalendarView = 'month' | 'week';

/** Cells in the month view: six weeks, so every month fits whatever weekday it starts on. */
export const MONTH_GRID_DAYS = 42;
/** Items a month cell shows before '+N more'. */
export const ITEMS_PER_CELL = 2;
/** Posts the upcoming-posts tooltip lists. */
export const UPCOMING_COUNT = 3;
/** What the calendar shows: everything but drafts never sent for review and canceled posts. */
export const CALENDAR_STATUSES = [
  'pending_review',
  'scheduled',
  'publishing',
  'posted',
  'failed',
  'unconfirmed',
] as const satisfies readonly PostStatus[];
/** What can be dragged to another day: posts waiting to go out, and failed ones given a new time. */
export const MOVABLE_STATUSES = ['scheduled', 'failed'] as const satisfies readonly PostStatus[];
export const PICK_DATE_AND_TIME = 'Pick a date and time';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD', the value of a date input and a stable key for a day. */
export function dateKey(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** A 'YYYY-MM-DD' key back to a date; null when it is not a real date. */
export function parseDateKey(key: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The date `days` later (calendar arithmetic, never 24-hour steps). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The first day of the month `months` later. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: 1 };
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function sameDate(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

const wallClock = (instant: Date, timeZone: string) => partsOf(instant.getTime(), timeZone);

/** The local date of an instant in the zone. */
export function localDateOf(instant: Date, timeZone: string): CalendarDate {
  const p = wallClock(instant, timeZone);
  return { year: p.year, month: p.month, day: p.day };
}

/** The local wall-clock time of an instant, 'HH:MM' (a time input's value). */
export function localTimeOf(instant: Date, timeZone: string): string {
  const p = wallClock(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** Days' starts already worked out (a zone's rules do not change while the process runs); bounded. */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 20_000;

/** The instant a local day begins (midnight, or the first moment after a DST gap that skips it). */
export function dayStart(date: CalendarDate, timeZone: string): Date {
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    // Noon is on the day in every zone; startOfDay walks back to the day's first moment.
    start = startOfDay(zonedTimeToInstant(date, '12:00', timeZone), timeZone).getTime();
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/** The month view: 42 days from the Sunday on or before the 1st of the month holding `anchor`. */
export function monthGrid(anchor: CalendarDate): CalendarDate[] {
  const first = { year: anchor.year, month: anchor.month, day: 1 };
  const start = addDays(first, -weekdayOf(first));
  return Array.from({ length: MONTH_GRID_DAYS }, (_, i) => addDays(start, i));
}

/** The week view: Sunday to Saturday around `anchor`. */
export function weekDays(anchor: CalendarDate): CalendarDate[] {
  const start = addDays(anchor, -weekdayOf(anchor));
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** The days a view shows around `anchor`. */
export function viewDays(view: CalendarView, anchor: CalendarDate): CalendarDate[] {
  return view === 'month' ? monthGrid(anchor) : weekDays(anchor);
}

/** Previous / Next: a month or a week away (a month moves to the 1st, so the 31st never skips one). */
export function shiftAnchor(view: CalendarView, anchor: CalendarDate, direction: 1 | -1): CalendarDate {
  return view === 'month' ? addMonths(anchor, direction) : addDays(anchor, 7 * direction);
}

/** The instants a view covers, [from, to), for GET /schedule?from=&to=. */
export function viewWindow(days: CalendarDate[], timeZone: string): { from: Date; to: Date } {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) throw new Error('A view has at least one day');
  return { from: dayStart(first, timeZone), to: dayStart(addDays(last, 1), timeZone) };
}

/**
 * The instant on `target` (a local date) at the same wall-clock time `instant` has in the zone:
 * dragging a 09:30 post to another day keeps 09:30 there, whatever DST does in between. Seconds
 * and milliseconds are kept too. A time the target day skips (DST gap) moves forward by the gap.
 */
export function moveToDay(instant: Date, target: CalendarDate, timeZone: string): Date {
  const p = wallClock(instant, timeZone);
  const at = zonedTimeToInstant(target, `${pad(p.hour)}:${pad(p.minute)}`, timeZone);
  return new Date(at.getTime() + p.second * 1000 + instant.getUTCMilliseconds());
}

/** A date input's and a time input's values as an instant in the zone; null when either is not valid. */
export function instantFromInputs(date: string, time: string, timeZone: string): Date | null {
  const day = parseDateKey(date);
  if (!day || !/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(time)) return null;
  return zonedTimeToInstant(day, time.slice(0, 5), timeZone);
}

/** An instant as a date input's and a time input's values in the zone. */
export function inputsFromInstant(instant: Date, timeZone: string): { date: string; time: string } {
  return { date: dateKey(localDateOf(instant, timeZone)), time: localTimeOf(instant, timeZone) };
}

type Placed = Pick<ScheduledItem, 'scheduledFor' | 'postedAt' | 'createdAt' | 'status'> &
  Partial<Pick<ScheduledItem, 'replyTo'>>;

/**
 * A draft waiting for review that goes out when it is approved, not at a time of its own: a reply
 * (approved, it goes at once), or a draft whose time has passed. The server's window mirrors this
 * (posts.repository listForUser).
 */
export function goesWhenApproved(item: Placed, now: Date): boolean {
  if (item.status !== 'pending_review') return false;
  if (item.replyTo) return true;
  return item.scheduledFor !== null && Date.parse(item.scheduledFor) <= now.getTime();
}

/**
 * When an item sits on the calendar: its time, else when it went out, else when it was written
 * (the server's window); a draft that goes when approved sits at now, never at a past time as if
 * it were scheduled then.
 */
export function itemInstant(item: Placed, now: Date = new Date()): Date {
  if (goesWhenApproved(item, now)) return now;
  return new Date(item.scheduledFor ?? item.postedAt ?? item.createdAt);
}

/** Items by local day ('YYYY-MM-DD'), each day in time order. */
export function itemsByDay<T extends Placed>(items: T[], timeZone: string, now: Date = new Date()): Map<string, T[]> {
  const sorted = [...items].sort((a, b) => itemInstant(a, now).getTime() - itemInstant(b, now).getTime());
  const days = new Map<string, T[]>();
  for (const item of sorted) {
    const key = dateKey(localDateOf(itemInstant(item, now), timeZone));
    const list = days.get(key);
    if (list) list.push(item);
    else days.set(key, [item]);
  }
  return days;
}

/** A month cell: the first items, and how many more the '+N more' button holds. */
export function cellItems<T>(items: T[], max = ITEMS_PER_CELL): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** The next posts to go out after `now`, soonest first. */
export function upcomingItems<T extends Pick<ScheduledItem, 'scheduledFor' | 'status'>>(
  items: T[],
  now: Date,
  count = UPCOMING_COUNT,
): T[] {
  return items
    .filter((i) => i.status === 'scheduled' && i.scheduledFor !== null && new Date(i.scheduledFor) > now)
    .sort((a, b) => Date.parse(a.scheduledFor ?? '') - Date.parse(b.scheduledFor ?? ''))
    .slice(0, count);
}

/** The persona legend: each persona on the view with its number of items, by name. */
export function personaCounts(
  items: Pick<ScheduledItem, 'personaId' | 'personaName'>[],
): { personaId: string; personaName: string; count: number }[] {
  const counts = new Map<string, { personaId: string; personaName: string; count: number }>();
  for (const item of items) {
    const entry = counts.get(item.personaId);
    if (entry) entry.count += 1;
    else counts.set(item.personaId, { personaId: item.personaId, personaName: item.personaName, count: 1 });
  }
  return [...counts.values()].sort((a, b) => a.personaName.localeCompare(b.personaName));
}

export type ScheduleFormErrors = { content?: string; runAt?: string };

/**
 * The Schedule Post dialog's checks (app spec §5): content required; a chosen date and time must be
 * in the future. 'Add to queue' needs no time: the server picks the persona's next free slot.
 */
export function validateScheduleForm(
  form: { parts: readonly Pick<PostPart, 'text'>[]; queue: boolean; date: string; time: string },
  now: Date,
  timeZone: string,
): { errors: ScheduleFormErrors; runAt: Date | null } {
  const errors: ScheduleFormErrors = {};
  if (form.parts.length === 0 || form.parts.some((p) => p.text.trim().length === 0)) errors.content = CONTENT_REQUIRED;
  let runAt: Date | null = null;
  if (!form.queue) {
    runAt = instantFromInputs(form.date, form.time, timeZone);
    if (!runAt) errors.runAt = PICK_DATE_AND_TIME;
    else if (runAt.getTime() <= now.getTime()) errors.runAt = DATE_IN_FUTURE;
  }
  return { errors, runAt };
}

/** A post that went out later than this after its time says so (the calendar, the post's details). */
export const LATE_NOTE_AFTER_MS = 5_000;

/**
 * "Went out 12 s late": how late a posted post went out (`postedAt - scheduledFor`), when more than
 * LATE_NOTE_AFTER_MS; null when it was on time, is not posted, or has no time of its own.
 */
export function latenessNote(item: { status: string; scheduledFor: string | null; postedAt: string | null }) {
  if (item.status !== 'posted' || !item.scheduledFor || !item.postedAt) return null;
  const late = new Date(item.postedAt).getTime() - new Date(item.scheduledFor).getTime();
  if (!(late > LATE_NOTE_AFTER_MS)) return null;
  const seconds = Math.round(late / 1000);
  if (seconds < 60) return `Went out ${seconds} s late`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `Went out ${minutes} min late`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `Went out ${hours} h${rest > 0 ? ` ${rest} min` : ''} late`;
}
