import { type PerformanceBadge as Badge, performanceBadge } from '@plume/core';
import { cn } from '../../../components/ui/cn';

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

/** The active dot and its word: the colour is never the only sign. */
export function ActiveStatus({ active }: { active: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className={cn('h-2 w-2 shrink-0 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-400 dark:bg-slate-500')}
      />
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
