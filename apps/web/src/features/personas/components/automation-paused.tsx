import { PAUSE_EFFECT, type Persona } from '@plume/core';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatDayTime } from '../../../lib/format';
import { useMay } from '../../../lib/workspace';
import { useResumeAutomation } from '../api/resume-automation';

/**
 * "Automation paused: <why>" with Resume (decision 035), where the persona is shown: its card on
 * the dashboard (compact) and the editor's Automation tab. Nothing when it runs.
 */
export function AutomationPaused({ persona, compact = false }: { persona: Persona; compact?: boolean }) {
  const resume = useResumeAutomation();
  // Resuming is a write: a viewer is told the pause, not offered Resume (the page's note says why).
  const mayWrite = useMay('write');
  const { timeZone } = useTimeZone();
  const pause = persona.automation_pause;
  if (!pause) return null;
  // Under the card's name (h3) on the dashboard, among the tab's sections (h2) in the editor.
  const Heading = compact ? 'h4' : 'h2';
  return (
    // Not a landmark (a named section would be one): several cards may show it at once.
    <div
      data-testid="automation-paused"
      className={cn(
        'space-y-2 rounded-xl border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50',
        compact ? 'p-3 text-sm' : 'p-4',
      )}
    >
      <Heading className={cn('font-semibold', compact ? 'text-sm' : 'text-base')}>Automation paused</Heading>
      <p>{pause.message.charAt(0).toUpperCase() + pause.message.slice(1)}</p>
      <p className="text-xs text-amber-900 dark:text-amber-100">
        Since {formatDayTime(pause.since, timeZone)}. {PAUSE_EFFECT}
      </p>
      {mayWrite && (
        <Button
          variant="secondary"
          className={compact ? 'px-3 py-1.5' : undefined}
          disabled={resume.isPending}
          aria-label={compact ? `Resume automation of ${persona.name}` : 'Resume automation'}
          onClick={() =>
            resume.mutate(persona.id, {
              onSuccess: () => toast.success(`${persona.name}'s automation runs again`),
              onError: (error) => toast.error(`Could not resume: ${error.message}`),
            })
          }
        >
          {resume.isPending ? 'Resuming…' : 'Resume'}
        </Button>
      )}
    </div>
  );
}
