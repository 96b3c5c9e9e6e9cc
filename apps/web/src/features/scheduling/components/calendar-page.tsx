import {
  CALENDAR_STATUSES,
  type CalendarDate,
  type CalendarView,
  DATE_IN_FUTURE,
  dateKey,
  itemsByDay,
  localDateOf,
  moveToDay,
  parseDateKey,
  type ScheduledItem,
  sameDate,
  shiftAnchor,
  textPart,
  viewDays,
  viewWindow,
} from '@plume/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { LoadMore } from '../../../components/ui/load-more';
import { ReadOnlyNote } from '../../../components/ui/read-only-note';
import { Select } from '../../../components/ui/select';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { usePersonas } from '../../../lib/api/get-personas';
import { useRefusal } from '../../../lib/workspace';
import { useSchedule, useSchedulePages } from '../api/get-schedule';
import { useUpdateScheduledPost } from '../api/update-scheduled-post';
import { formatDateTime, formatMonth, formatShortDate } from '../utils/format';
import { plannedSlotsByDay } from '../utils/planned-slots';
import { isMovable } from './calendar-item';
import { PersonaLegend, StatusLegend } from './calendar-legends';
import { MonthGrid, MonthList, WeekView } from './calendar-views';
import { ItemDialog } from './item-dialog';
import { ReviewQueue } from './review-queue';
import { ScheduleDialog, type ScheduleMode } from './schedule-dialog';
import { TimeZoneSetting } from './time-zone-setting';
import { UpcomingPosts } from './upcoming-posts';

const UPCOMING = ['scheduled'] as const;

/**
 * /calendar (app spec: Content calendar): week and month views in the user's time zone, a persona
 * filter, Previous / Today / Next, legends, the upcoming posts, and the review queue. Posts open to
 * be edited or canceled, and move to another day by drag and drop (or the edit dialog's date).
 */
export function CalendarPage() {
  const ids = { persona: useId() };
  const { timeZone } = useTimeZone();
  const [params, setParams] = useSearchParams();
  const wide = useMediaQuery('(min-width: 640px)');
  const [now] = useState(() => new Date());
  const today = localDateOf(now, timeZone);
  // A viewer reads the calendar and changes nothing (issue 33).
  const readOnly = useRefusal('write');

  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const anchor = parseDateKey(params.get('date') ?? '') ?? today;
  const personaId = params.get('persona') ?? '';
  const setView = (next: Partial<{ view: CalendarView; date: CalendarDate; persona: string }>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next.view) out.set('view', next.view);
        if (next.date) out.set('date', dateKey(next.date));
        if (next.persona !== undefined) {
          if (next.persona) out.set('persona', next.persona);
          else out.delete('persona');
        }
        return out;
      },
      { replace: true },
    );

  const days = viewDays(view, anchor);
  const range = viewWindow(days, timeZone);
  const personas = usePersonas();
  // Page by page in time order (decision 044-list-paging): the list view loads more as it is
  // scrolled; the grids, which show the whole window at once, load every page.
  const schedule = useSchedulePages({
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    status: CALENDAR_STATUSES,
    order: 'time',
    ...(personaId ? { personaId } : {}),
  });
  const listView = view === 'month' && !wide;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = schedule;
  useEffect(() => {
    if (!listView && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [listView, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const upcoming = useSchedule({ from: now.toISOString(), status: UPCOMING, ...(personaId ? { personaId } : {}) });
  const items = useMemo(() => schedule.items ?? [], [schedule.items]);
  const byDay = useMemo(() => itemsByDay(items, timeZone), [items, timeZone]);
  const shownPersonas = (personas.data ?? []).filter((p) => !personaId || p.id === personaId);
  const planned = plannedSlotsByDay(shownPersonas, items, range, now, timeZone);
  const update = useUpdateScheduledPost();

  const [openId, setOpenId] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState<ScheduleMode | null>(null);
  const [lastMode, setLastMode] = useState<ScheduleMode>({ kind: 'create', parts: [textPart('')] });
  const openItem = openId ? (items.find((i) => i.id === openId) ?? null) : null;

  const openSchedule = (mode: ScheduleMode) => {
    setLastMode(mode);
    setScheduling(mode);
  };

  const move = (id: string, day: CalendarDate) => {
    const item = items.find((i) => i.id === id);
    if (!item || !isMovable(item) || !item.scheduledFor) return;
    const from = new Date(item.scheduledFor);
    if (sameDate(localDateOf(from, timeZone), day)) return;
    const runAt = moveToDay(from, day, timeZone);
    if (runAt.getTime() <= Date.now()) {
      toast.error('Failed to schedule', { description: DATE_IN_FUTURE });
      return;
    }
    update.mutate(
      { id, body: { runAt: runAt.toISOString() } },
      {
        onSuccess: (saved) =>
          toast.success('Event scheduled', {
            description: `Moved to ${formatDateTime(new Date(saved.scheduledFor ?? runAt), timeZone)}`,
          }),
        onError: (error) => toast.error('Failed to schedule', { description: error.message }),
      },
    );
  };

  const title =
    view === 'month'
      ? formatMonth(anchor)
      : `${formatShortDate(days[0] ?? anchor)} – ${formatShortDate(days[6] ?? anchor)}, ${(days[6] ?? anchor).year}`;
  const viewProps = {
    days,
    byDay,
    planned,
    today,
    timeZone,
    onOpen: (item: ScheduledItem) => setOpenId(item.id),
    onMove: move,
  };

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 pb-24 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-semibold tracking-tight">Content Calendar</h1>
            <TimeZoneSetting />
          </div>
          <div className="flex flex-wrap gap-2">
            <a
              href="#review"
              className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
            >
              Review queue
            </a>
            <UpcomingPosts items={upcoming.data ?? []} now={now} timeZone={timeZone} />
            {!readOnly && (
              <Button onClick={() => openSchedule({ kind: 'create', parts: [textPart('')] })}>Schedule post</Button>
            )}
          </div>
        </div>
        <ReadOnlyNote reason={readOnly} />
      </header>

      <section
        aria-labelledby="calendar-title"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-3 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <fieldset className="flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
              <legend className="sr-only">View</legend>
              {(['month', 'week'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => setView({ view: v })}
                  className={cn(
                    'rounded-md px-3 py-1 text-sm font-medium',
                    view === v
                      ? 'bg-violet-700 text-white'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                  )}
                >
                  {v === 'month' ? 'Month' : 'Week'}
                </button>
              ))}
            </fieldset>
            <Button
              variant="secondary"
              className="py-1.5"
              onClick={() => setView({ date: shiftAnchor(view, anchor, -1) })}
            >
              Previous
            </Button>
            <Button variant="secondary" className="py-1.5" onClick={() => setView({ date: today })}>
              Today
            </Button>
            <Button
              variant="secondary"
              className="py-1.5"
              onClick={() => setView({ date: shiftAnchor(view, anchor, 1) })}
            >
              Next
            </Button>
          </div>
          <Select
            id={ids.persona}
            label="Persona"
            size="sm"
            labelPlacement="beside"
            value={personaId}
            options={[
              { value: '', label: 'All personas' },
              ...(personas.data ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
            onChange={(persona) => setView({ persona })}
          />
        </div>

        <h2 id="calendar-title" className="text-xl font-semibold" aria-live="polite" data-testid="calendar-title">
          {title}
        </h2>

        {schedule.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Failed to fetch schedule: {schedule.error.message}{' '}
            <button type="button" className="underline" onClick={() => void schedule.refetch()}>
              Try again
            </button>
          </p>
        )}
        {schedule.isPending ? (
          <p role="status" className="text-sm">
            Loading...
          </p>
        ) : view === 'week' ? (
          <WeekView {...viewProps} />
        ) : wide ? (
          <MonthGrid {...viewProps} month={anchor.month} />
        ) : (
          <>
            <MonthList {...viewProps} month={anchor.month} />
            <LoadMore
              hasMore={hasNextPage}
              loading={isFetchingNextPage}
              onLoad={() => void fetchNextPage()}
              label="Load more posts"
            />
          </>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Drag a scheduled post to another day to move it; it keeps its time of day. Or open it and change its date.
        </p>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <PersonaLegend items={items} />
        <StatusLegend />
      </div>

      <ReviewQueue
        personaId={personaId || undefined}
        timeZone={timeZone}
        onApprove={(item) => openSchedule({ kind: 'approve', item })}
      />

      <ItemDialog
        item={openItem}
        timeZone={timeZone}
        onClose={() => setOpenId(null)}
        onApprove={(item) => {
          setOpenId(null);
          openSchedule({ kind: 'approve', item });
        }}
      />
      <ScheduleDialog
        open={scheduling !== null}
        onOpenChange={(open) => !open && setScheduling(null)}
        // Kept while the dialog closes, so its content does not change during the animation.
        mode={scheduling ?? lastMode}
        successMessage={(scheduling ?? lastMode).kind === 'approve' ? 'Scheduled' : 'Event scheduled'}
      />
    </main>
  );
}
