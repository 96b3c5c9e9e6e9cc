import {
  goesWhenApproved,
  itemInstant,
  latenessNote,
  MOVABLE_STATUSES,
  PLATFORM_LABELS,
  type ScheduledItem,
} from '@plume/core';
import { cn } from '../../../components/ui/cn';
import { formatTime } from '../utils/format';
import { STATUS_LOOK } from '../utils/status';

/** The drag payload's type: an item id, only understood by the calendar's days. */
export const ITEM_DRAG_TYPE = 'application/x-plume-item';

/** Scheduled or failed, and no part of it out yet (moving it would post those parts again). */
export const isMovable = (item: ScheduledItem) =>
  (MOVABLE_STATUSES as readonly string[]).includes(item.status) && item.postedParts === 0;

/**
 * One post on the calendar: its time, status (symbol and word, not colour alone), persona and text.
 * A click opens it; a scheduled or failed post can be dragged to another day.
 */
export function CalendarItem({
  item,
  timeZone,
  onOpen,
  roomy = false,
}: {
  item: ScheduledItem;
  timeZone: string;
  onOpen(item: ScheduledItem): void;
  /** The week view has room for three lines of text. */
  roomy?: boolean;
}) {
  const look = STATUS_LOOK[item.status];
  const now = new Date();
  const time = goesWhenApproved(item, now) ? 'When approved' : formatTime(itemInstant(item, now), timeZone);
  const movable = isMovable(item);
  const late = latenessNote(item);
  return (
    <button
      type="button"
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.setData(ITEM_DRAG_TYPE, item.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onClick={() => onOpen(item)}
      data-testid="calendar-item"
      data-item-id={item.id}
      data-status={item.status}
      title={`${time} · ${look.label}${late ? ` (${late.toLowerCase()})` : ''} · ${item.personaName} on ${PLATFORM_LABELS[item.platform]}${item.replyTo ? ` · reply to @${item.replyTo.author.replace(/^@/, '')}` : ''}: ${item.content}`}
      className={cn(
        'block w-full rounded-md border px-1.5 py-1 text-left text-xs leading-snug focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-violet-500',
        look.chip,
        movable && 'cursor-grab active:cursor-grabbing',
      )}
    >
      <span className="flex items-center gap-1 font-semibold">
        <span aria-hidden="true">{look.symbol}</span>
        <span>{time}</span>
        <span className="sr-only">{look.label},</span>
        <span className="truncate font-normal">{item.personaName}</span>
        {item.replyTo && (
          <span className="ml-auto shrink-0 rounded bg-sky-100 px-1 text-[10px] font-medium text-sky-900 dark:bg-sky-900 dark:text-sky-100">
            <span aria-hidden="true">reply</span>
            <span className="sr-only">a reply to @{item.replyTo.author.replace(/^@/, '')}</span>
          </span>
        )}
        {item.autoSlot && (
          <span
            className={cn(
              'shrink-0 rounded bg-violet-100 px-1 text-[10px] font-medium text-violet-800 dark:bg-violet-900 dark:text-violet-200',
              !item.replyTo && 'ml-auto',
            )}
          >
            <span aria-hidden="true">auto</span>
            <span className="sr-only">written by automation</span>
          </span>
        )}
      </span>
      {late && (
        <span className="block text-[10px] font-medium text-amber-800 dark:text-amber-200" data-testid="item-late">
          {late}
        </span>
      )}
      <span className={cn('block break-words', roomy ? 'line-clamp-3' : 'truncate')}>{item.content}</span>
    </button>
  );
}
