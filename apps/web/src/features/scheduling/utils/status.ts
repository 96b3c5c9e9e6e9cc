import type { PostStatus } from '@plume/core';

/**
 * How each status looks on the calendar: a colour, and always a symbol and a word too, so the
 * status never rests on colour alone. Colours keep 4.5:1 text contrast in both themes.
 */
export const STATUS_LOOK: Record<PostStatus, { label: string; symbol: string; chip: string; meaning: string }> = {
  scheduled: {
    label: 'Scheduled',
    symbol: '◷',
    chip: 'border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-100',
    meaning: 'waits for its time',
  },
  publishing: {
    label: 'Publishing',
    symbol: '↑',
    chip: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100',
    meaning: 'is being sent now',
  },
  posted: {
    label: 'Posted',
    symbol: '✓',
    chip: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
    meaning: 'went out',
  },
  failed: {
    label: 'Failed',
    symbol: '✕',
    chip: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100',
    meaning: 'did not go out: retry or reschedule it',
  },
  unconfirmed: {
    label: 'Unconfirmed',
    symbol: '?',
    chip: 'border-amber-400 bg-amber-50 text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100',
    meaning: 'may have gone out: check the account, then retry or mark it posted',
  },
  pending_review: {
    label: 'Pending review',
    symbol: '✎',
    chip: 'border-dashed border-slate-400 bg-white text-slate-800 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100',
    meaning: 'waits for your approval',
  },
  draft: {
    label: 'Draft',
    symbol: '…',
    chip: 'border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
    meaning: 'not sent for review',
  },
  canceled: {
    label: 'Canceled',
    symbol: '⊘',
    chip: 'border-slate-300 bg-slate-50 text-slate-700 line-through dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
    meaning: 'will not go out',
  },
};

/** The statuses the legend explains, in the order a post moves through them. */
export const LEGEND_STATUSES: PostStatus[] = [
  'pending_review',
  'scheduled',
  'publishing',
  'posted',
  'failed',
  'unconfirmed',
];
