import { personaCounts, type ScheduledItem } from '@plume/core';
import { cn } from '../../../components/ui/cn';
import { LEGEND_STATUSES, STATUS_LOOK } from '../utils/status';

/** What each colour means, with the symbol and word each post also carries. */
export function StatusLegend() {
  return (
    <section aria-labelledby="status-legend" className="space-y-2">
      <h2 id="status-legend" className="text-sm font-semibold">
        Status
      </h2>
      <ul className="flex flex-wrap gap-2" data-testid="status-legend">
        {LEGEND_STATUSES.map((status) => {
          const look = STATUS_LOOK[status];
          return (
            <li key={status} className={cn('flex items-center gap-1.5 rounded-md border px-2 py-1 text-xs', look.chip)}>
              <span aria-hidden="true">{look.symbol}</span>
              <span className="font-semibold">{look.label}</span>
              <span>— {look.meaning}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The personas on the view with their number of posts. */
export function PersonaLegend({ items }: { items: ScheduledItem[] }) {
  const counts = personaCounts(items);
  return (
    <section aria-labelledby="persona-legend" className="space-y-2">
      <h2 id="persona-legend" className="text-sm font-semibold">
        Personas
      </h2>
      {counts.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No posts in this view.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="persona-legend">
          {counts.map((p) => (
            <li
              key={p.personaId}
              className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              <span
                aria-hidden="true"
                className="grid h-5 w-5 place-items-center rounded-full bg-violet-700 text-[0.65rem] font-semibold text-white uppercase"
              >
                {p.personaName.charAt(0) || '?'}
              </span>
              <span>{p.personaName}</span>
              <span className="rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                {p.count}
                <span className="sr-only"> {p.count === 1 ? 'post' : 'posts'}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
