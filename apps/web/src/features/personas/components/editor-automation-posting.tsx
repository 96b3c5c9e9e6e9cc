import {
  type AutomationPlan,
  type PostStatus,
  platformLabel,
  postingSlots,
  scheduleSummary,
  WAKING_HOURS,
  weeklyScheduleApplies,
} from '@plume/core';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { browserTimeZone } from '../../../lib/time-zones';
import { useAutomationPlan } from '../api/get-automation-plan';
import { AutomationCard, Facts, hintClass, SwitchRow } from './editor-automation-fields';
import { whenIn } from './editor-automation-log';
import type { AutomationCardProps } from './editor-automation-types';
import { AdvancedScheduleDialog, FREQUENCIES, PostingSettingsDialog } from './editor-posting-dialogs';

/** Re-renders every minute so a next post time that has passed moves on. */
function useMinuteTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}

const POST_STATE: Partial<Record<PostStatus, string>> = {
  pending_review: 'written, waiting for review',
  scheduled: 'written, scheduled',
  publishing: 'publishing',
  posted: 'published',
  failed: 'failed',
  canceled: 'rejected',
};

/** How the frequency, the custom times and the weekly schedule combine (decision 021), said plainly. */
function ruleNote(posting: AutomationCardProps['automation']['autoPosting'], wakingHoursOnly: boolean): string {
  const waking = wakingHoursOnly
    ? ` Human-like patterns keep posts between ${WAKING_HOURS.from} and ${WAKING_HOURS.until}.`
    : '';
  if (posting.frequency === 'custom') {
    return weeklyScheduleApplies(posting)
      ? `The weekly schedule decides (Custom); the custom times are not used while it has times.${waking}`
      : `The custom times, every day (the weekly schedule is empty).${waking}`;
  }
  const frequency =
    posting.frequency === 'hourly'
      ? 'Hourly: a post every hour on the hour.'
      : posting.frequency === 'daily'
        ? 'Daily: one post at the first custom time.'
        : 'Twice daily: posts at the first two custom times.';
  return `${frequency} The weekly schedule applies only with Custom times.${waking}`;
}

export function PostingCard({ automation, commit, personaId }: AutomationCardProps) {
  const posting = automation.autoPosting;
  const wakingHoursOnly = automation.safety.humanLikePatterns;
  const [dialog, setDialog] = useState<'settings' | 'schedule' | null>(null);
  useMinuteTick();
  const plan = useAutomationPlan(personaId);
  const timeZone = plan.data?.timeZone ?? browserTimeZone();
  // The rule (one, in @plume/core) gives the slots from the settings on screen, so they follow every
  // change at once; the server's plan adds what was written for each (a saved persona's posts).
  const known = new Map(plan.data?.slots.map((s) => [s.slot, s]) ?? []);
  const slots: AutomationPlan['slots'] = postingSlots(posting, {
    personaId: personaId ?? 'new',
    timeZone,
    // Smart timing may put a slot's post up to 15 minutes before it.
    from: new Date(Date.now() - 15 * 60_000),
    count: 6,
    wakingHoursOnly,
  })
    .map((s) => {
      const server = known.get(s.slot.toISOString());
      return {
        slot: s.slot.toISOString(),
        at: s.at.toISOString(),
        posts: server?.posts ?? [],
        skipped: server?.skipped ?? null,
      };
    })
    // A slot whose time has passed stays listed only with what happened to it.
    .filter((s) => Date.parse(s.at) > Date.now() || s.posts.length > 0 || s.skipped)
    .slice(0, 5);
  const next = slots[0];
  const when = whenIn(timeZone);
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
          ['Schedule', <span data-testid="schedule-summary">{scheduleSummary(posting, { wakingHoursOnly })}</span>],
          [
            posting.enabled ? 'Next post' : 'Next post once turned on',
            <span data-testid="next-post">
              {next ? when.format(new Date(next.at)) : 'Not scheduled'}
              {next && posting.smartTiming && (
                <span className="font-normal text-slate-600 dark:text-slate-400"> (smart timing, ±15 min)</span>
              )}
            </span>,
          ],
          ['Content mix', `${mix.original}% original · ${mix.curated}% curated · ${mix.promotional}% promotional`],
        ]}
      />
      <p className={hintClass} data-testid="posting-rule">
        {ruleNote(posting, wakingHoursOnly)}
      </p>
      {posting.enabled && slots.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">Coming up</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="planned-slots">
            {slots.map((s) => (
              <li key={s.slot} data-slot={s.slot} className="flex flex-wrap justify-between gap-x-3">
                <time dateTime={s.at}>{when.format(new Date(s.at))}</time>
                <span className="text-slate-600 dark:text-slate-400">
                  {s.skipped
                    ? `skipped: ${s.skipped.replace(/^[^:]*: /, '')}`
                    : s.posts.length === 0
                      ? Date.parse(s.slot) - Date.now() < 60 * 60_000
                        ? 'being written'
                        : 'written an hour before'
                      : s.posts
                          .map((p) => `${platformLabel(p.platform)}: ${POST_STATE[p.status] ?? p.status}`)
                          .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <SwitchRow
        label="Publish without review"
        hint={
          posting.publishWithoutReview
            ? 'On: automated posts go out at their slot without anyone reading them first. Plume keeps the platform limits and your Safety settings, but not your judgement.'
            : 'Off: each automated post waits in the review queue; approve it before its slot and it goes out then.'
        }
        checked={posting.publishWithoutReview}
        onChange={(publishWithoutReview) => setPosting({ publishWithoutReview })}
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
