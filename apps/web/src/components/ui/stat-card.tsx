import type { ReactNode } from 'react';
import { cn } from './cn';

/** A row of figure cards: two columns on a phone, four on a wide screen. */
export function StatCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={label}>
      {children}
    </ul>
  );
}

/** One figure: its name, its value, and under them what it counts or how it changed (`StatNote`). */
export function StatCard({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <li
      data-testid={testId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {children}
    </li>
  );
}

/** The line under a figure; `tone` replaces the muted colour (a change up or down). */
export function StatNote({ tone, testId, children }: { tone?: string; testId?: string; children: ReactNode }) {
  return (
    <p data-testid={testId} className={cn('mt-1 text-sm', tone ?? 'text-slate-600 dark:text-slate-400')}>
      {children}
    </p>
  );
}
