import type { DraftFlag } from '@plume/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { cn } from './ui/cn';

/**
 * What the offline composer wrote says so wherever it is shown (decision 037), with the way to a
 * model one click away: Global Settings, where a local model is found and tested.
 */
export function OfflineBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="offline-badge"
      className={cn(
        'inline-block rounded-full border border-slate-300 bg-slate-50 px-2.5 py-0.5 text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
        className,
      )}
    >
      Written offline from templates —{' '}
      <Link
        to={paths.settings}
        className="font-medium text-violet-700 underline underline-offset-2 hover:text-violet-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 dark:text-violet-300 dark:hover:text-violet-100"
      >
        set up a model
      </Link>
    </span>
  );
}

/** Why the check before review flagged a draft, each reason in words ("repeats your post of 3 Nov"). */
export function DraftFlags({ flags, className }: { flags: readonly DraftFlag[]; className?: string }) {
  if (flags.length === 0) return null;
  return (
    <div
      data-testid="draft-flags"
      className={cn(
        'rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50',
        className,
      )}
    >
      <p className="font-medium">
        <span aria-hidden="true">⚠ </span>
        Check before posting:
      </p>
      <ul className="list-disc pl-5">
        {flags.map((flag) => (
          <li key={`${flag.kind}-${flag.reason}`} data-testid="draft-flag">
            {flag.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
