import { formatTimeSaved } from '@plume/core';
import { useId } from 'react';
import { cn } from '../../../components/ui/cn';
import { useAutomationActivity } from '../api/get-automation-activity';
import { hintClass } from './editor-automation-fields';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Active, Paused (it paused itself) or Inactive, and what automation really did today in the
 * owner's zone (never demo figures): what was published, and apart from it the drafts that wait.
 */
export function AutomationBanner({
  personaId,
  active: switchedOn,
  paused = false,
}: {
  personaId: string | undefined;
  active: boolean;
  paused?: boolean;
}) {
  const active = switchedOn && !paused;
  const headingId = useId();
  const activity = useAutomationActivity(personaId, timeZone());
  const show = (value: (a: NonNullable<typeof activity.data>) => string): string => {
    if (!personaId) {
      return value({ since: '', posts: 0, replies: 0, engagementActions: 0, waitingForReview: 0, timeSavedMinutes: 0 });
    }
    if (activity.data) return value(activity.data);
    return activity.isError ? '—' : '…';
  };
  const figures: [string, string][] = [
    // What went out, not what was written: a draft counts once it is published.
    ['Posts published today', show((a) => String(a.posts))],
    ['Replies published today', show((a) => String(a.replies))],
    ['Likes, reposts, follows today', show((a) => String(a.engagementActions))],
    ['Drafts waiting for review', show((a) => String(a.waitingForReview))],
    ['Time saved today', show((a) => formatTimeSaved(a.timeSavedMinutes))],
  ];

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'space-y-4 rounded-2xl border p-5',
        active
          ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/50'
          : 'border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden="true"
          className={cn('h-3 w-3 rounded-full', active ? 'bg-emerald-600' : 'bg-slate-400 dark:bg-slate-500')}
        />
        <h2 id={headingId} className="text-lg font-semibold">
          Automation{' '}
          <span data-testid="automation-status">{active ? 'Active' : switchedOn ? 'Paused' : 'Inactive'}</span>
        </h2>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-3 dark:bg-slate-950/60">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-1">
        {personaId ? (
          activity.isError && <p className={hintClass}>Today's activity could not be loaded.</p>
        ) : (
          <p className={hintClass}>Activity appears here once the persona is saved and automation runs.</p>
        )}
        <p className={hintClass}>Time saved is an estimate of the manual effort these actions would take.</p>
        <p className={hintClass}>
          Plume acts only within these limits; nothing is posted without your review unless you allow it.
        </p>
      </div>
    </section>
  );
}
