import { parseDateKey } from '@plume/core';

const dayFormats = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
};

/** A calendar day of the API (YYYY-MM-DD, already in the user's zone): 'Mar 8' or 'Sun, Mar 8'. */
export function formatDay(key: string, style: keyof typeof dayFormats = 'short'): string {
  const date = parseDateKey(key);
  if (!date) return key;
  return dayFormats[style].format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}
