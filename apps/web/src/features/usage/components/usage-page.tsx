import { Link } from 'react-router';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { ReadOnlyNote } from '../../../components/ui/read-only-note';
import { paths } from '../../../config/paths';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { usePersonas } from '../../../lib/api/get-personas';
import { useUsage } from '../../../lib/api/get-usage';
import { formatInstant } from '../../../lib/format';
import { useRefusal } from '../../../lib/workspace';
import { useMetricsRefresh } from '../hooks/use-metrics-refresh';
import { useUsageView } from '../hooks/use-usage-view';
import { toCsv } from '../utils/csv';
import { downloadCsv } from '../utils/download';
import { DEFAULT_VIEW, exportRows, isoDay, shownPersonas } from '../utils/usage-view';
import { PersonaGrid, PersonaTable } from './persona-results';
import { PlatformBudgets } from './platform-budgets';
import { TopPerformer } from './top-performer';
import { UsageCards } from './usage-cards';
import { UsageControls } from './usage-controls';

const alertClass =
  'rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100';

/** /usage: Persona Analytics, every persona's figures side by side. */
export function UsagePage() {
  const personas = usePersonas();
  const usage = useUsage();
  const { timeZone } = useTimeZone();
  const refresh = useMetricsRefresh();
  // Reading the accounts now spends the workspace's platform reads: a write (decision 057-role-matrix).
  const readOnly = useRefusal('write');
  const { view, update } = useUsageView();

  const all = personas.data ?? [];
  const shown = shownPersonas(all, view);
  const lastReadAt = usage.data?.lastReadAt;

  const exportShown = () =>
    downloadCsv(`plume-personas-${isoDay(new Date(), timeZone)}.csv`, toCsv(exportRows(shown, timeZone)));

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 pb-32 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-semibold tracking-tight">Persona Analytics</h1>
            <p className="mt-1 text-slate-700 dark:text-slate-300">Track performance across all your AI personas</p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={exportShown} disabled={!personas.isSuccess || shown.length === 0}>
              Export
            </Button>
            <Button
              onClick={refresh.start}
              disabled={readOnly !== null || refresh.busy}
              aria-describedby={readOnly ? 'usage-read-only' : undefined}
            >
              {refresh.busy ? 'Refreshing…' : 'Refresh'}
            </Button>
          </div>
        </div>
        {readOnly && (
          <div id="usage-read-only">
            <ReadOnlyNote reason={readOnly} />
          </div>
        )}
        <div className="space-y-1 text-sm text-slate-600 dark:text-slate-400">
          {lastReadAt !== undefined && (
            <p data-testid="last-read">
              {lastReadAt === null ? (
                'Not read yet'
              ) : (
                <>
                  Last read <time dateTime={lastReadAt}>{formatInstant(lastReadAt, timeZone)}</time>
                </>
              )}
            </p>
          )}
          {usage.data && (usage.data.xReads.accounts > 0 || usage.data.xReads.last30Days > 0) && (
            <p data-testid="x-reads">{xReadsText(usage.data.xReads.last30Days, usage.data.xReads.mentions)}</p>
          )}
          <p role="status" data-testid="refresh-status">
            {refresh.busy ? 'Reading your connected accounts…' : refresh.note}
          </p>
        </div>
        {refresh.error && (
          <p role="alert" className={alertClass}>
            {refresh.error}
          </p>
        )}
      </header>

      {personas.isPending && <p role="status">Loading...</p>}
      {personas.isError && (
        <div role="alert" className={alertClass}>
          Failed to fetch personas: {personas.error.message}{' '}
          <button type="button" className="underline" onClick={() => void personas.refetch()}>
            Try again
          </button>
        </div>
      )}
      {usage.isError && (
        <div role="alert" className={alertClass}>
          Could not load the history behind the captions: {usage.error.message}{' '}
          <button type="button" className="underline" onClick={() => void usage.refetch()}>
            Try again
          </button>
        </div>
      )}

      {personas.isSuccess && (
        <>
          <UsageCards personas={all} usage={usage.data} usageFailed={usage.isError} />
          <TopPerformer personas={all} />

          {all.length === 0 ? (
            <section className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <h2 className="text-xl font-semibold">No personas yet</h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                Create a persona and connect its accounts: its figures show here once they are read.
              </p>
              <Link
                to={paths.editor}
                className="mt-5 inline-flex rounded-lg bg-violet-700 px-4 py-2 text-sm font-medium text-white hover:bg-violet-600"
              >
                Create a persona
              </Link>
            </section>
          ) : (
            <section aria-labelledby="usage-personas-title" className="space-y-4">
              <h2 id="usage-personas-title" className="sr-only">
                Personas
              </h2>
              <UsageControls view={view} onChange={update} />
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="shown-count">
                {shown.length === all.length
                  ? `${all.length} ${all.length === 1 ? 'persona' : 'personas'}`
                  : `${shown.length} of ${all.length} personas`}
              </p>
              {shown.length === 0 ? (
                <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
                  <p className="font-medium">No personas found</p>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    Try adjusting your search or filter criteria
                  </p>
                  <Button
                    variant="secondary"
                    className="mt-3"
                    onClick={() => update({ search: DEFAULT_VIEW.search, status: DEFAULT_VIEW.status })}
                  >
                    Clear search and filter
                  </Button>
                </div>
              ) : view.view === 'grid' ? (
                <PersonaGrid personas={shown} timeZone={timeZone} />
              ) : (
                <PersonaTable personas={shown} />
              )}
            </section>
          )}
          {usage.data && <PlatformBudgets budgets={usage.data.budgets} />}
        </>
      )}
    </main>
  );
}

/** What reading metrics on X cost: X bills every API read, so the count is shown where figures are refreshed. */
export function xReadsText(reads: number, mentions = 0): string {
  const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'read' : 'reads'}`;
  const replies = mentions > 0 ? `, and looking for mentions to reply to took ${count(mentions)}` : '';
  return `Metrics on X took ${count(reads)} of X's API in the last 30 days${replies} (X bills each read: Plume reads X less often than Bluesky, and when you Refresh).`;
}
