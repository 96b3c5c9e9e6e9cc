import { type EngagementColor, engagementColor } from '@plume/core';

/** Text classes per engagement colour, readable in both themes. */
const engagementText: Record<EngagementColor, string> = {
  green: 'text-emerald-700 dark:text-emerald-300',
  blue: 'text-blue-700 dark:text-blue-300',
  yellow: 'text-amber-700 dark:text-amber-300',
  grey: 'text-slate-600 dark:text-slate-400',
};

/** The text class of an engagement rate (in percent), by the spec's thresholds; neutral on too few followers. */
export const engagementTextClass = (engagementRate: number, followers: number): string =>
  engagementText[engagementColor(engagementRate, followers)];
