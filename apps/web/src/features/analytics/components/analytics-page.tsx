import { ANALYTICS_RANGES, type Analytics, type AnalyticsRange, type Persona, RANGE_DAYS } from '@plume/core';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PersonaSwitcher } from '../../../components/persona-switcher';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Switch } from '../../../components/ui/switch';
import { paths } from '../../../config/paths';
import { usePersona } from '../../../lib/api/get-persona';
import { ApiRequestError } from '../../../lib/api-client';
import { useAnalytics } from '../api/get-analytics';
import { formatDay } from '../utils/format';
import { DraftChecks, KeyEvents, Recommendations, TopPosts, WeeklyInsights } from './analytics-sections';
import { EngagementChart } from './engagement-chart';
import { LastRead } from './last-read';
import { AnalyticsStatCards } from './stat-cards';
import { ZeroPosts } from './zero-posts';

const DEFAULT_RANGE: AnalyticsRange = '30d';
const isRange = (value: string | null): value is AnalyticsRange =>
  (ANALYTICS_RANGES as readonly (string | null)[]).includes(value);

/** A persona that is not there (or not the user's); a malformed id in the address is not one either. */
const isNotFound = (error: Error | null) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/** The clock the relative times and the projection read, moved on every minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Loading() {
  return (
    <p role="status" className="p-8 text-center text-slate-600 dark:text-slate-300">
      Loading...
    </p>
  );
}

function NotFound() {
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-semibold">Persona not found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">It may have been deleted, or the link is wrong.</p>
      <Link to={paths.dashboard} className="mt-4 inline-block text-violet-700 underline dark:text-violet-300">
        Back to the dashboard
      </Link>
    </main>
  );
}

function LoadError({ error, onRetry, retrying }: { error: Error; onRetry(): void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
    >
      <p className="font-medium">Could not load the analytics: {error.message}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

/** /analytics/{id}: one persona's analytics (app spec: Persona analytics screen). */
export function AnalyticsPage() {
  const { id = '' } = useParams();
  const persona = usePersona(id);
  if (isNotFound(persona.error)) return <NotFound />;
  if (persona.isPending) return <Loading />;
  if (persona.isError) {
    return (
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 md:px-8">
        <BackToDashboard />
        <LoadError error={persona.error} onRetry={() => persona.refetch()} retrying={persona.isFetching} />
      </main>
    );
  }
  return <AnalyticsScreen persona={persona.data} />;
}

function AnalyticsScreen({ persona }: { persona: Persona }) {
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get('range');
  const range = isRange(rangeParam) ? rangeParam : DEFAULT_RANGE;
  const compare = params.get('compare') === 'true';
  const analytics = useAnalytics(persona.id, { range, compare });
  const now = useNow();

  // In the address, so a reload, a shared link or the persona switcher keeps them.
  const choose = (next: { range?: AnalyticsRange; compare?: boolean }) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        const r = next.range ?? range;
        const c = next.compare ?? compare;
        if (r === DEFAULT_RANGE) search.delete('range');
        else search.set('range', r);
        if (c) search.set('compare', 'true');
        else search.delete('compare');
        return search;
      },
      { replace: true },
    );

  if (isNotFound(analytics.error)) return <NotFound />;
  const data = analytics.data;
  // The figures on screen are another range's while the chosen one loads.
  const updating = analytics.isPlaceholderData;

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 pb-24 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm font-medium text-violet-700 dark:text-violet-300">Persona analytics</p>
            <h1 className="truncate text-3xl font-semibold tracking-tight">{persona.name}</h1>
            {data && (
              <LastRead
                lastReadAt={data.lastReadAt}
                timeZone={data.timeZone}
                personaId={persona.id}
                hasAccounts={persona.connected_accounts.length > 0}
                now={now}
              />
            )}
          </div>
          <PersonaSwitcher
            persona={persona}
            pathOf={(id) => `${paths.analytics}/${id}${params.size > 0 ? `?${params}` : ''}`}
          />
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">Range</legend>
          <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
            {ANALYTICS_RANGES.map((r) => (
              <button
                key={r}
                type="button"
                aria-pressed={r === range}
                onClick={() => choose({ range: r })}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500',
                  r === range
                    ? 'bg-violet-700 text-white'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                )}
              >
                {r}
                <span className="sr-only"> (last {RANGE_DAYS[r]} days)</span>
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex items-center gap-2">
          <Switch
            checked={compare}
            onCheckedChange={(c) => choose({ compare: c })}
            label="Compare with previous period"
          />
          <span className="text-sm font-medium">Compare with previous period</span>
        </div>
        {data && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {formatDay(data.from)} – {formatDay(data.to)} · days in {data.timeZone}
          </p>
        )}
      </div>

      {analytics.isError && !data ? (
        <LoadError error={analytics.error} onRetry={() => analytics.refetch()} retrying={analytics.isFetching} />
      ) : !data ? (
        <Loading />
      ) : (
        <div aria-busy={updating} className={cn('space-y-6 transition-opacity', updating && 'opacity-60')}>
          {updating && (
            <p role="status" className="sr-only">
              Loading...
            </p>
          )}
          <Figures analytics={data} persona={persona} compare={compare && data.previous !== null} now={now} />
        </div>
      )}
    </main>
  );
}

function Figures({
  analytics,
  persona,
  compare,
  now,
}: {
  analytics: Analytics;
  persona: Persona;
  compare: boolean;
  now: Date;
}) {
  const noPosts = analytics.cards.posts.value === 0 && analytics.topTweets.length === 0;
  return (
    <>
      <AnalyticsStatCards analytics={analytics} compare={compare} />
      {noPosts ? (
        <>
          <ZeroPosts analytics={analytics} persona={persona} now={now} />
          <DraftChecks analytics={analytics} />
        </>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <section
                aria-labelledby="trend-title"
                className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
              >
                <h2 id="trend-title" className="text-lg font-semibold">
                  Engagement trend
                </h2>
                <EngagementChart analytics={analytics} />
              </section>
            </div>
            <div className="min-w-0 space-y-6">
              <WeeklyInsights analytics={analytics} />
              <Recommendations analytics={analytics} />
              <DraftChecks analytics={analytics} />
            </div>
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <TopPosts analytics={analytics} />
            </div>
            <div className="min-w-0">
              <KeyEvents analytics={analytics} />
            </div>
          </div>
        </>
      )}
    </>
  );
}
