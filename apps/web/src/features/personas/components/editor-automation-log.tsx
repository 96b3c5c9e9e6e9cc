import { type AutomationLogEntry, type AutomationLogEvent, PLATFORM_LABELS } from '@plume/core';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDayTime } from '../../../lib/format';
import { browserTimeZone } from '../../../lib/time-zones';
import { useAutomationPlan } from '../api/get-automation-plan';
import { useUndoAutomationAction } from '../api/undo-automation-action';
import { AutomationCard, errorClass } from './editor-automation-fields';

/** Each event's symbol and word: the word is always shown, so no entry rests on its symbol alone. */
const EVENTS: Record<AutomationLogEvent, { symbol: string; label: string }> = {
  written: { symbol: '✎', label: 'Post written' },
  skipped: { symbol: '⤼', label: 'Slot skipped' },
  backup: { symbol: '⎘', label: 'Backup saved' },
  replied: { symbol: '↩', label: 'Reply written' },
  passed: { symbol: '⊘', label: 'Not answered' },
  liked: { symbol: '♥', label: 'Liked' },
  reposted: { symbol: '⟳', label: 'Reposted' },
  followed: { symbol: '+', label: 'Followed' },
  undone: { symbol: '↶', label: 'Undone' },
  paused: { symbol: '⏸', label: 'Paused' },
  resumed: { symbol: '▶', label: 'Resumed' },
};

/** A moment as the tab shows it, in the user's zone: 'Sun, Mar 8, 14:05' (the app's one time style). */
export const whenIn = (timeZone: string) => ({ format: (at: Date) => formatDayTime(at, timeZone) });
export type When = ReturnType<typeof whenIn>;

const linkClass = 'text-violet-700 underline underline-offset-2 dark:text-violet-300';

/** The tab's activity card: what automation did for a saved persona, once it did anything. */
export function ActivityCard({ personaId }: { personaId: string | undefined }) {
  const plan = useAutomationPlan(personaId);
  if (!personaId || !plan.data || plan.data.log.length === 0) return null;
  return (
    <AutomationCard
      title="Activity"
      description="Posts written, replies, mentions not answered and why, likes, reposts and follows (which you can undo)."
    >
      <AutomationLog personaId={personaId} log={plan.data.log} when={whenIn(plan.data.timeZone ?? browserTimeZone())} />
    </AutomationCard>
  );
}

/** "What automation did": posts, replies, passed mentions and engagement, newest first; likes, reposts and follows can be undone. */
export function AutomationLog({ personaId, log, when }: { personaId: string; log: AutomationLogEntry[]; when: When }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold">What automation did</summary>
      <ul className="mt-2 space-y-2" data-testid="automation-log">
        {log.map((entry) => (
          <LogEntry key={entry.id} personaId={personaId} entry={entry} when={when} />
        ))}
      </ul>
    </details>
  );
}

function LogEntry({ personaId, entry, when }: { personaId: string; entry: AutomationLogEntry; when: When }) {
  const messageId = useId();
  const undo = useUndoAutomationAction();
  const look = EVENTS[entry.event];
  const platform = entry.platform ? PLATFORM_LABELS[entry.platform] : null;
  const { undoActionId } = entry;

  return (
    <li data-testid="automation-log-entry" data-event={entry.event} className="space-y-1">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <time dateTime={entry.createdAt} className="text-slate-600 dark:text-slate-400">
          {when.format(new Date(entry.createdAt))}
        </time>
        <span className="font-medium">
          <span aria-hidden="true">{look.symbol} </span>
          {look.label}
          {platform && <span className="font-normal text-slate-600 dark:text-slate-400"> on {platform}</span>}
        </span>
        {entry.undone && (
          <StatusBadge tone="off" testId="undone-badge">
            Undone
          </StatusBadge>
        )}
        <span id={messageId} className="min-w-0 break-words">
          {entry.message}
        </span>
        {entry.url && (
          <a
            href={entry.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={platform ? `View on ${platform}` : undefined}
            className={linkClass}
          >
            View
          </a>
        )}
        {undoActionId && (
          <Button
            variant="secondary"
            className="px-2 py-0.5 text-xs"
            aria-describedby={messageId}
            disabled={undo.isPending}
            onClick={() =>
              undo.mutate({ personaId, actionId: undoActionId }, { onSuccess: () => toast.success('Undone') })
            }
          >
            {undo.isPending ? 'Undoing...' : 'Undo'}
          </Button>
        )}
      </div>
      {undo.isError && (
        <p role="alert" className={errorClass}>
          Could not undo: {undo.error.message}
        </p>
      )}
    </li>
  );
}
