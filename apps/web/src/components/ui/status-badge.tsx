import type { ReactNode } from 'react';
import { cn } from './cn';

/** What a status says at a glance; its word always says it too (colour is never the only sign). */
export type StatusTone = 'good' | 'waiting' | 'bad' | 'off';

const toneClass: Record<StatusTone, string> = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-50',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-50',
  bad: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-50',
  off: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/** A status word in a coloured pill: a connection's, a source's. */
export function StatusBadge({ tone, testId, children }: { tone: StatusTone; testId?: string; children: ReactNode }) {
  return (
    <span data-testid={testId} className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', toneClass[tone])}>
      {children}
    </span>
  );
}
