import {
  type CalendarDate,
  cellItems,
  dateKey,
  parseDateKey,
  type ScheduledItem,
  sameDate,
  WEEKDAYS,
} from '@plume/core';
import { type DragEvent, type ReactNode, useState } from 'react';
import { cn } from '../../../components/ui/cn';
import { Modal } from '../../../components/ui/modal';
import { formatLongDate, formatShortDate, formatTime } from '../utils/format';
import type { PlannedSlot } from '../utils/planned-slots';
import { CalendarItem, ITEM_DRAG_TYPE } from './calendar-item';

type ViewProps = {
  days: CalendarDate[];
  byDay: Map<string, ScheduledItem[]>;
  /** Automated posting slots with no post yet, by day: shown apart from posts. */
  planned: Map<string, PlannedSlot[]>;
  today: CalendarDate;
  timeZone: string;
  onOpen(item: ScheduledItem): void;
  /** An item dropped on a day (drag and drop); the page decides whether it may move. */
  onMove(itemId: string, day: CalendarDate): void;
};

/** A day that takes dropped items; highlighted while one is dragged over it. */
function useDropTarget(onMove: ViewProps['onMove']) {
  const [over, setOver] = useState<string | null>(null);
  const handlers = (day: CalendarDate) => ({
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes(ITEM_DRAG_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(dateKey(day));
    },
    onDragLeave: () => setOver((key) => (key === dateKey(day) ? null : key)),
    onDrop: (e: DragEvent) => {
      const id = e.dataTransfer.getData(ITEM_DRAG_TYPE);
      setOver(null);
      if (!id) return;
      e.preventDefault();
      onMove(id, day);
    },
  });
  return { over, handlers };
}

/** The month view: a 42-day grid from Sunday; each cell shows two posts, then '+N more'. */
export function MonthGrid({
  days,
  byDay,
  planned,
  today,
  timeZone,
  onOpen,
  onMove,
  month,
}: ViewProps & { month: number }) {
  const { over, handlers } = useDropTarget(onMove);
  const [dayOpen, setDayOpen] = useState<string | null>(null);
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const openDay = dayOpen ? parseDateKey(dayOpen) : null;

  return (
    <>
      <table className="w-full table-fixed border-collapse" data-testid="month-grid">
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th
                key={name}
                scope="col"
                className="pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
              >
                <abbr title={name} className="no-underline">
                  {name.slice(0, 3)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dateKey(week[0] ?? today)}>
              {week.map((day) => {
                const key = dateKey(day);
                const items = byDay.get(key) ?? [];
                const { shown, more } = cellItems(items);
                const isToday = sameDate(day, today);
                const outside = day.month !== month;
                return (
                  <td
                    key={key}
                    {...handlers(day)}
                    data-testid="calendar-day"
                    data-date={key}
                    aria-label={`${formatLongDate(day)}${isToday ? ', today' : ''}: ${items.length === 0 ? 'no posts' : items.length === 1 ? '1 post' : `${items.length} posts`}`}
                    className={cn(
                      'h-28 border border-slate-200 p-1 align-top dark:border-slate-800',
                      outside ? 'bg-slate-50 dark:bg-slate-950' : 'bg-white dark:bg-slate-900',
                      over === key && 'bg-violet-100 outline-2 -outline-offset-2 outline-violet-500 dark:bg-violet-950',
                    )}
                  >
                    <div className="mb-1 flex justify-end">
                      <span
                        aria-hidden="true"
                        className={cn(
                          'grid h-6 min-w-6 place-items-center rounded-full px-1 text-xs',
                          isToday
                            ? 'bg-violet-700 font-semibold text-white'
                            : outside
                              ? 'text-slate-500 dark:text-slate-400'
                              : 'text-slate-800 dark:text-slate-200',
                        )}
                      >
                        {day.day}
                      </span>
                    </div>
                    <div className="space-y-1">
                      {shown.map((item) => (
                        <CalendarItem key={item.id} item={item} timeZone={timeZone} onOpen={onOpen} />
                      ))}
                      {more > 0 && (
                        <button
                          type="button"
                          onClick={() => setDayOpen(key)}
                          className="w-full rounded px-1 text-left text-xs font-medium text-violet-700 hover:underline dark:text-violet-300"
                        >
                          +{more} more
                        </button>
                      )}
                      <PlannedSlots slots={planned.get(key) ?? []} timeZone={timeZone} limit={0} />
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Modal
        open={openDay !== null}
        onOpenChange={(open) => !open && setDayOpen(null)}
        title={openDay ? formatLongDate(openDay) : ''}
      >
        <ul className="space-y-2" data-testid="day-list">
          {(dayOpen ? (byDay.get(dayOpen) ?? []) : []).map((item) => (
            <li key={item.id}>
              <CalendarItem
                item={item}
                timeZone={timeZone}
                roomy
                onOpen={(i) => {
                  setDayOpen(null);
                  onOpen(i);
                }}
              />
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}

/** The week view: Sunday to Saturday with every post of each day; stacked on a narrow screen. */
export function WeekView({ days, byDay, planned, today, timeZone, onOpen, onMove }: ViewProps) {
  const { over, handlers } = useDropTarget(onMove);
  return (
    <ol className="grid gap-2 sm:grid-cols-7" data-testid="week-view">
      {days.map((day) => {
        const key = dateKey(day);
        const items = byDay.get(key) ?? [];
        const isToday = sameDate(day, today);
        return (
          <li
            key={key}
            {...handlers(day)}
            data-testid="calendar-day"
            data-date={key}
            className={cn(
              'min-h-24 rounded-xl border border-slate-200 bg-white p-2 sm:min-h-64 dark:border-slate-800 dark:bg-slate-900',
              isToday && 'border-violet-500 dark:border-violet-400',
              over === key && 'bg-violet-100 outline-2 outline-violet-500 dark:bg-violet-950',
            )}
          >
            <h3 className="mb-2 text-sm font-semibold">
              {formatShortDate(day)}
              {isToday && <span className="ml-1 text-xs font-medium text-violet-700 dark:text-violet-300">Today</span>}
            </h3>
            {items.length === 0 ? (
              <p className="text-xs text-slate-600 dark:text-slate-400">No posts</p>
            ) : (
              <ul className="space-y-1.5">
                {items.map((item) => (
                  <li key={item.id}>
                    <CalendarItem item={item} timeZone={timeZone} onOpen={onOpen} roomy />
                  </li>
                ))}
              </ul>
            )}
            <PlannedSlots slots={planned.get(key) ?? []} timeZone={timeZone} limit={3} />
          </li>
        );
      })}
    </ol>
  );
}

/** The month on a narrow screen: its days with posts, as a list (a 7-column grid is unreadable at 375 px). */
export function MonthList({ days, byDay, planned, today, timeZone, onOpen, month }: ViewProps & { month: number }) {
  const withPosts = days.filter(
    (d) =>
      d.month === month && ((byDay.get(dateKey(d)) ?? []).length > 0 || (planned.get(dateKey(d)) ?? []).length > 0),
  );
  if (withPosts.length === 0) {
    return <Empty>No posts this month.</Empty>;
  }
  return (
    <ol className="space-y-3" data-testid="month-list">
      {withPosts.map((day) => {
        const key = dateKey(day);
        return (
          <li key={key} data-testid="calendar-day" data-date={key}>
            <h3 className="mb-1 text-sm font-semibold">
              {formatLongDate(day)}
              {sameDate(day, today) && (
                <span className="ml-1 text-xs font-medium text-violet-700 dark:text-violet-300">Today</span>
              )}
            </h3>
            <ul className="space-y-1.5">
              {(byDay.get(key) ?? []).map((item) => (
                <li key={item.id}>
                  <CalendarItem item={item} timeZone={timeZone} onOpen={onOpen} roomy />
                </li>
              ))}
            </ul>
            <PlannedSlots slots={planned.get(key) ?? []} timeZone={timeZone} limit={0} />
          </li>
        );
      })}
    </ol>
  );
}

const plannedLabel = (n: number) => `${n} planned automated ${n === 1 ? 'slot' : 'slots'}`;

/**
 * Automated slots not written yet: dashed and marked ◌ with words (not colour alone), apart from
 * posts. `limit` shows that many, then a count; 0 shows the count only.
 */
function PlannedSlots({ slots, timeZone, limit }: { slots: PlannedSlot[]; timeZone: string; limit: number }) {
  if (slots.length === 0) return null;
  const shown = slots.slice(0, limit);
  const rest = slots.length - shown.length;
  return (
    <ul className="mt-1 space-y-1" aria-label={plannedLabel(slots.length)} data-testid="planned-slots">
      {shown.map((slot) => (
        <li
          key={`${slot.personaId}|${slot.at}`}
          className="rounded-md border border-dashed border-violet-400 px-1.5 py-0.5 text-xs text-violet-800 dark:border-violet-600 dark:text-violet-200"
        >
          <span aria-hidden="true">◌ </span>
          {formatTime(new Date(slot.at), timeZone)} {slot.personaName}
          <span className="text-slate-600 dark:text-slate-400"> · automated, written an hour before</span>
        </li>
      ))}
      {rest > 0 && (
        <li className="px-1 text-xs text-violet-800 dark:text-violet-200">
          <span aria-hidden="true">◌ </span>
          {shown.length > 0 ? `+${rest} more planned` : plannedLabel(rest)}
        </li>
      )}
    </ul>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {children}
    </p>
  );
}
