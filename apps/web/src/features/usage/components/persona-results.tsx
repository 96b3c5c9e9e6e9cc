import { formatCount, type Persona } from '@plume/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { engagementTextClass } from '../../../components/ui/engagement-colors';
import { PerformanceBadge } from '../../../components/ui/performance-badge';
import { paths } from '../../../config/paths';
import { formatAverage, formatCreated } from '../utils/usage-view';
import { ActiveStatus } from './active-status';

const linkClass = 'text-violet-700 underline-offset-2 hover:underline dark:text-violet-300';

function UsagePersonaCard({ persona, timeZone }: { persona: Persona; timeZone: string }) {
  const titleId = useId();
  const { stats } = persona;
  const figures = [
    ['Followers', formatCount(stats.followers), null],
    ['Posts', formatCount(stats.totalTweets), null],
    ['Avg Likes', formatAverage(stats.avgLikes), null],
    ['Engagement', `${stats.engagementRate.toFixed(1)}%`, engagementTextClass(stats.engagementRate, stats.followers)],
  ] as const;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="usage-persona"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 truncate text-lg font-semibold">
          {persona.name}
        </h3>
        <PerformanceBadge engagementRate={stats.engagementRate} followers={stats.followers} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <ActiveStatus active={persona.is_active} />
      </p>
      <dl className="grid grid-cols-2 gap-3">
        {figures.map(([label, value, tone]) => (
          <div key={label}>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className={cn('text-lg font-semibold', tone)}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm dark:border-slate-800">
        <span className="text-slate-600 dark:text-slate-400">
          Created <time dateTime={persona.created_at}>{formatCreated(persona.created_at, timeZone)}</time>
        </span>
        <Link
          to={`${paths.analytics}/${persona.id}`}
          aria-label={`View analytics for ${persona.name}`}
          className={cn(linkClass, 'font-medium')}
        >
          View analytics
        </Link>
      </div>
    </article>
  );
}

export function PersonaGrid({ personas, timeZone }: { personas: Persona[]; timeZone: string }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {personas.map((persona) => (
        <UsagePersonaCard key={persona.id} persona={persona} timeZone={timeZone} />
      ))}
    </div>
  );
}

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
const num = 'px-3 py-2 text-right tabular-nums';

export function PersonaTable({ personas }: { personas: Persona[] }) {
  return (
    // A narrow screen scrolls the table, not the page.
    <section
      aria-label="Personas table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-violet-500 dark:border-slate-800 dark:bg-slate-900"
    >
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Personas and their figures</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={th}>
              Persona
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Followers
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Posts
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Avg Likes
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Engagement
            </th>
            <th scope="col" className={th}>
              Performance
            </th>
          </tr>
        </thead>
        <tbody>
          {personas.map((p) => (
            <tr
              key={p.id}
              data-testid="usage-row"
              className="border-b border-slate-100 last:border-0 dark:border-slate-800"
            >
              <th scope="row" className="max-w-56 truncate px-3 py-2 text-left font-medium">
                <Link to={`${paths.analytics}/${p.id}`} className={linkClass}>
                  {p.name}
                </Link>
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                <ActiveStatus active={p.is_active} />
              </td>
              <td className={num}>{formatCount(p.stats.followers)}</td>
              <td className={num}>{formatCount(p.stats.totalTweets)}</td>
              <td className={num}>{formatAverage(p.stats.avgLikes)}</td>
              <td className={cn(num, engagementTextClass(p.stats.engagementRate, p.stats.followers))}>
                {p.stats.engagementRate.toFixed(1)}%
              </td>
              <td className="px-3 py-2">
                <PerformanceBadge engagementRate={p.stats.engagementRate} followers={p.stats.followers} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
