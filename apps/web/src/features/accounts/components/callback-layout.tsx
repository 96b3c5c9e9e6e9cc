import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';

export type CallbackState = 'pending' | 'success' | 'error';

const marks: Record<CallbackState, { symbol: string; tone: string }> = {
  pending: { symbol: '…', tone: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-50' },
  success: { symbol: '✓', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-50' },
  error: { symbol: '!', tone: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-50' },
};

/** The popup pages' frame: a centred card with the state's mark, heading, text and buttons. */
export function CallbackLayout({
  state,
  title,
  children,
  actions,
}: {
  state: CallbackState;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-4 dark:bg-slate-950">
      <div className="w-full max-w-md space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <Logo />
        <div
          role={state === 'error' ? 'alert' : 'status'}
          data-testid="callback-status"
          data-state={state}
          className="space-y-3"
        >
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className={`grid h-10 w-10 shrink-0 place-items-center rounded-full text-lg font-bold ${marks[state].tone} ${state === 'pending' ? 'motion-safe:animate-pulse' : ''}`}
            >
              {marks[state].symbol}
            </span>
            <h1 className="text-xl font-semibold">{title}</h1>
          </div>
          {children}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </main>
  );
}
