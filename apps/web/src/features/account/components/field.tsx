import { formatDay, formatInstant } from '../../../lib/format';
import { browserTimeZone } from '../../../lib/time-zones';

/** 'May 12, 2026, 14:03' in the browser's zone, as every time in the app reads (lib/format). */
export const formatDateTime = (iso: string) => formatInstant(iso, browserTimeZone());
export const formatDate = (iso: string) => formatDay(iso, browserTimeZone());

/** A card like the other settings screens' sections. */
export const cardClass =
  'space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
