import { type CalendarDate, dateKey } from '@plume/core';
import { dateTimeFormat, formatTime, formatWeekdayInstant } from '../../../lib/format';

/** '14:30' (the app's one time formatter). */
export { formatTime };

/** 'Thu, Jul 9, 2026, 14:30' */
export const formatDateTime = (instant: Date, timeZone: string) => formatWeekdayInstant(instant, timeZone);

// Calendar dates carry no zone: they are formatted as UTC dates so no offset can shift them.
const utc = (date: CalendarDate) => new Date(`${dateKey(date)}T12:00:00Z`);

/** 'Thursday, July 9, 2026' */
export const formatLongDate = (date: CalendarDate) =>
  dateTimeFormat('UTC', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(utc(date));

/** 'Thu, Jul 9' */
export const formatShortDate = (date: CalendarDate) =>
  dateTimeFormat('UTC', { weekday: 'short', month: 'short', day: 'numeric' }).format(utc(date));

/** 'July 2026' */
export const formatMonth = (date: CalendarDate) =>
  dateTimeFormat('UTC', { month: 'long', year: 'numeric' }).format(utc(date));
