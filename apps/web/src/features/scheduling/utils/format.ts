import { type CalendarDate, dateKey } from '@plume/core';

/** Formats in the user's zone; formatters are built once per zone and style. */
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** '14:30' */
export const formatTime = (instant: Date, timeZone: string) =>
  formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

/** 'Thu, Jul 9, 2026, 14:30' */
export const formatDateTime = (instant: Date, timeZone: string) =>
  formatter(timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

// Calendar dates carry no zone: they are formatted as UTC dates so no offset can shift them.
const utc = (date: CalendarDate) => new Date(`${dateKey(date)}T12:00:00Z`);

/** 'Thursday, July 9, 2026' */
export const formatLongDate = (date: CalendarDate) =>
  formatter('UTC', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(utc(date));

/** 'Thu, Jul 9' */
export const formatShortDate = (date: CalendarDate) =>
  formatter('UTC', { weekday: 'short', month: 'short', day: 'numeric' }).format(utc(date));

/** 'July 2026' */
export const formatMonth = (date: CalendarDate) =>
  formatter('UTC', { month: 'long', year: 'numeric' }).format(utc(date));
