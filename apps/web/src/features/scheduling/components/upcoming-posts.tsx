import { PLATFORM_LABELS, type ScheduledItem, upcomingItems } from '@plume/core';
import { Tooltip } from 'radix-ui';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../utils/format';

/** The upcoming-posts tooltip (app spec: Content calendar): the next three posts to go out. */
export function UpcomingPosts({ items, now, timeZone }: { items: ScheduledItem[]; now: Date; timeZone: string }) {
  const next = upcomingItems(items, now);
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger className={cn(buttonBase, buttonClasses.secondary, 'py-1.5')} data-testid="upcoming-trigger">
          Upcoming posts
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            align="end"
            sideOffset={6}
            className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            {next.length === 0 ? (
              <p>No posts are scheduled.</p>
            ) : (
              <ol className="space-y-2" data-testid="upcoming-list">
                {next.map((item) => (
                  <li key={item.id}>
                    <p className="text-xs font-semibold text-slate-700 dark:text-slate-300">
                      {formatDateTime(new Date(item.scheduledFor ?? ''), timeZone)} · {item.personaName} on{' '}
                      {PLATFORM_LABELS[item.platform]}
                    </p>
                    <p className="line-clamp-2">{item.content}</p>
                  </li>
                ))}
              </ol>
            )}
            <Tooltip.Arrow className="fill-white dark:fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
