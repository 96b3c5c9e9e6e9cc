import { type PerformanceBadge as Badge, performanceBadge } from '@plume/core';
import { cn } from './cn';

const badgeClass: Record<Badge, string> = {
  Star: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-50',
  High: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-50',
  Good: 'bg-blue-100 text-blue-900 dark:bg-blue-900/60 dark:text-blue-50',
  Growing: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/** The persona's performance badge (Star, High, Good, Growing) from its engagement rate and followers. */
export function PerformanceBadge({ engagementRate, followers }: { engagementRate: number; followers: number }) {
  const badge = performanceBadge(engagementRate, followers);
  return (
    <span
      data-testid="performance-badge"
      className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium', badgeClass[badge])}
    >
      {badge}
    </span>
  );
}
