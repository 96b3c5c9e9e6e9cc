import { type Automation, postingSlots, scheduleSummary, weeklyScheduleApplies } from '@plume/core';

type Posting = Automation['autoPosting'];
const DAY = 86_400_000;

/**
 * The posting slots of the persona's schedule in the next `days` days, by the one posting rule
 * (decision 021) that automation and 'Add to queue' follow, as wall-clock times in the user's zone.
 * A projection of the schedule, not a measurement.
 */
export function scheduledSlots(posting: Posting, now: Date, timeZone: string, days: number): Date[] {
  const end = now.getTime() + days * DAY;
  return postingSlots(posting, {
    personaId: 'projection',
    timeZone,
    from: new Date(now.getTime() + 1),
    count: 24 * (days + 1),
    days,
  })
    .map((s) => s.slot)
    .filter((slot) => slot.getTime() <= end);
}

/** The schedule in words, as the rule reads it: 'Mon, Wed, Fri', 'every hour', 'daily at 09:00, 15:00'. */
export function describeSchedule(posting: Posting): string {
  const summary = scheduleSummary(posting);
  if (weeklyScheduleApplies(posting) || summary === 'No schedule') return summary;
  const words = summary.charAt(0).toLowerCase() + summary.slice(1);
  return posting.frequency !== 'hourly' && posting.customTimes.length === 0 ? `${words} (the default times)` : words;
}
