import { nextPostTime, scheduleSummary } from '@plume/core';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AutomationCard, Facts, SwitchRow } from './editor-automation-fields';
import type { AutomationCardProps } from './editor-automation-types';
import { AdvancedScheduleDialog, FREQUENCIES, PostingSettingsDialog } from './editor-posting-dialogs';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const whenFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Re-renders every minute so a next post time that has passed moves on. */
function useMinuteTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}

export function PostingCard({ automation, commit }: AutomationCardProps) {
  const posting = automation.autoPosting;
  const [dialog, setDialog] = useState<'settings' | 'schedule' | null>(null);
  useMinuteTick();
  // Smart timing's random shift is drawn once per schedule change (by value: a save answers new
  // objects with the same times), not on every render.
  const scheduleKey = JSON.stringify([posting.advancedSchedule, posting.customTimes, posting.smartTiming]);
  const shift = useMemo(() => Math.random(), [scheduleKey]);
  const next = nextPostTime(posting, new Date(), timeZone(), () => shift);
  const setPosting = (patch: Partial<typeof posting>) =>
    commit({ ...automation, autoPosting: { ...posting, ...patch } });
  const mix = posting.contentMix;

  return (
    <AutomationCard
      title="Automated Posting"
      description="Writes and schedules posts in this persona's voice."
      enabled={posting.enabled}
      onToggle={(enabled) => setPosting({ enabled })}
    >
      <Facts
        items={[
          ['Frequency', FREQUENCIES[posting.frequency]],
          ['Schedule', <span data-testid="schedule-summary">{scheduleSummary(posting)}</span>],
          [
            posting.enabled ? 'Next post' : 'Next post once turned on',
            <span data-testid="next-post">
              {next ? whenFormat.format(next) : 'Not scheduled'}
              {next && posting.smartTiming && (
                <span className="font-normal text-slate-600 dark:text-slate-400"> (±15 min smart timing)</span>
              )}
            </span>,
          ],
          ['Content mix', `${mix.original}% original · ${mix.curated}% curated · ${mix.promotional}% promotional`],
        ]}
      />
      <SwitchRow
        label="Smart timing"
        hint="Moves each post by up to 15 minutes either way so it does not look scheduled."
        checked={posting.smartTiming}
        onChange={(smartTiming) => setPosting({ smartTiming })}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setDialog('settings')}>
          Posting settings
        </Button>
        <Button variant="secondary" onClick={() => setDialog('schedule')}>
          Advanced schedule
        </Button>
      </div>
      <PostingSettingsDialog
        open={dialog === 'settings'}
        onOpenChange={(open) => setDialog(open ? 'settings' : null)}
        posting={posting}
        onSave={(saved) => {
          setPosting(saved);
          setDialog(null);
        }}
      />
      <AdvancedScheduleDialog
        open={dialog === 'schedule'}
        onOpenChange={(open) => setDialog(open ? 'schedule' : null)}
        schedule={posting.advancedSchedule}
        onSave={(advancedSchedule) => {
          setPosting({ advancedSchedule });
          setDialog(null);
        }}
      />
    </AutomationCard>
  );
}
