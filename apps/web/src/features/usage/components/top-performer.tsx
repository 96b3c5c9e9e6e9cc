import { formatCount, type Persona } from '@plume/core';
import { topPerformer } from '../utils/usage-view';

/** The persona with the highest engagement rate; a plain sentence while no persona has any. */
export function TopPerformer({ personas }: { personas: Persona[] }) {
  const top = topPerformer(personas);
  return (
    <section
      aria-labelledby="top-performer-title"
      data-testid="top-performer"
      className="rounded-2xl border border-violet-200 bg-violet-50 p-5 dark:border-violet-900 dark:bg-violet-950/60"
    >
      <h2
        id="top-performer-title"
        className="text-sm font-semibold tracking-wide text-violet-800 uppercase dark:text-violet-200"
      >
        Top Performer
      </h2>
      {top ? (
        <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <div className="min-w-0">
            <p className="truncate text-xl font-semibold">{top.name}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {top.name} is leading with {top.stats.engagementRate.toFixed(1)}% engagement
            </p>
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <span className="text-lg font-semibold text-slate-900 dark:text-white">
              {formatCount(top.stats.followers)}
            </span>{' '}
            {top.stats.followers === 1 ? 'follower' : 'followers'}
          </p>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          No persona has any engagement yet: the leader shows here once likes, reposts or replies are read from a
          connected account.
        </p>
      )}
    </section>
  );
}
