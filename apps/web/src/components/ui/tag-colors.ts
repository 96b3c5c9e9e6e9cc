import type { TagColor } from '@plume/core';

/** Tag chip classes per colour, readable in both themes. */
export const tagChipClasses: Record<TagColor, string> = {
  slate: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  red: 'bg-red-100 text-red-900 dark:bg-red-900/70 dark:text-red-50',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-900/70 dark:text-orange-50',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/70 dark:text-amber-50',
  green: 'bg-green-100 text-green-900 dark:bg-green-900/70 dark:text-green-50',
  teal: 'bg-teal-100 text-teal-900 dark:bg-teal-900/70 dark:text-teal-50',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-900/70 dark:text-blue-50',
  indigo: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/70 dark:text-indigo-50',
  violet: 'bg-violet-100 text-violet-900 dark:bg-violet-900/70 dark:text-violet-50',
  pink: 'bg-pink-100 text-pink-900 dark:bg-pink-900/70 dark:text-pink-50',
};
