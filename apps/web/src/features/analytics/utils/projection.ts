import {
  type Automation,
  addDays,
  localDateOf,
  scheduleSummary,
  slotTimes,
  WEEKDAYS,
  weekdayOf,
  zonedTimeToInstant,
} from '@plume/core';

type Posting = Automation['autoPosting'];
const DAY = 86_400_000;

/**
 * The posting slots of the persona's schedule in the next `days` days: the same slots 'Add to queue'
 * fills (the advanced schedule, else every hour, else the custom times, else 09:00 and 15:00),
 * as wall-clock times in the user's zone. A projection of the schedule, not a measurement.
 */
export function scheduledSlots(posting: Posting, now: Date, timeZone: string, days: number): Date[] {
  const start = now.getTime();
  const end = start + days * DAY;
  const today = localDateOf(now, timeZone);
  const slots: Date[] = [];
  for (let offset = 0; offset <= days; offset++) {
    const date = addDays(today, offset);
    const weekday = WEEKDAYS[weekdayOf(date)] ?? 'Sunday';
    for (const time of slotTimes(posting, weekday)) {
      const at = zonedTimeToInstant(date, time, timeZone).getTime();
      if (at > start && at <= end) slots.push(new Date(at));
    }
  }
  return slots.sort((a, b) => a.getTime() - b.getTime());
}

/** The schedule in words, as slotTimes reads it: 'Mon, Wed, Fri', 'every hour', 'daily at 09:00, 15:00'. */
export function describeSchedule(posting: Posting): string {
  const summary = scheduleSummary(posting);
  const advanced = WEEKDAYS.some((day) => (posting.advancedSchedule[day] ?? []).length > 0);
  if (advanced) return summary;
  if (posting.frequency === 'hourly') return 'every hour';
  if (posting.customTimes.length > 0) return `daily at ${[...posting.customTimes].sort().join(', ')}`;
  return `daily at ${slotTimes(posting, 'Monday').join(', ')} (the default times)`;
}
