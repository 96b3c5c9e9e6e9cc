import { type Opportunity, type OpportunityKind, PLATFORM_LABELS } from '@plume/core';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { CloseIcon } from '../../../components/ui/icons';
import { formatAgo } from '../../../lib/format';
import { browserTimeZone } from '../../../lib/time-zones';
import { useMay } from '../../../lib/workspace';
import { useDismissOpportunities } from '../api/dismiss-opportunities';
import { useOpportunities } from '../api/get-opportunities';

const KINDS: Record<OpportunityKind, { label: string; className: string }> = {
  mentions: { label: 'Mentions', className: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100' },
  replies: {
    label: 'To review',
    className: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
  },
  spike: {
    label: 'Taking off',
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  },
  fresh_items: {
    label: 'Fresh items',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  },
};

const linkClass =
  'inline-flex items-center gap-1 rounded-lg text-sm font-medium text-violet-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 dark:text-violet-300';

/** A link to where the user acts: in the app, or on the network in a new tab. */
function ActionLink({ link, className }: { link: Opportunity['link']; className?: string }) {
  if (!link.external) {
    return (
      <Link to={link.href} className={cn(linkClass, className)}>
        {link.label}
      </Link>
    );
  }
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={cn(linkClass, className)}>
      {link.label} <span aria-hidden="true">↗</span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/**
 * The dashboard's upcoming engagement opportunities (app spec: Persona dashboard): mentions
 * without a reply, replies to review, a post taking off, fresh source items, each with where to
 * act; dismissed (kept on the server, so on every device) until something new comes.
 */
export function OpportunitiesPanel() {
  const opportunities = useOpportunities();
  const dismiss = useDismissOpportunities();
  // Dismissing is kept for the whole workspace (a write): a viewer reads the list as it is.
  const mayWrite = useMay('write');
  const items = opportunities.data?.items ?? [];

  const hide = (list: Opportunity[]) =>
    dismiss.mutate(
      { items: list.map(({ id, newestAt }) => ({ id, newestAt })) },
      { onError: (error) => toast.error(`Failed to dismiss: ${error.message}`) },
    );

  return (
    <section
      aria-labelledby="opportunities-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="opportunities-heading" className="text-lg font-semibold">
            Engagement opportunities
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            What your personas could act on now: mentions, replies to review, posts taking off, new source items.
          </p>
        </div>
        {mayWrite && items.length > 1 && (
          <Button variant="ghost" className="px-3 py-1.5" disabled={dismiss.isPending} onClick={() => hide(items)}>
            Dismiss all
          </Button>
        )}
      </div>

      {opportunities.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading...
        </p>
      ) : opportunities.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p>Opportunities could not be loaded: {opportunities.error.message}</p>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => opportunities.refetch()}>
            Retry
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState connected={opportunities.data.connected} dismissed={opportunities.data.dismissed} />
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="Opportunities">
          {items.map((item) => (
            <OpportunityItem
              key={item.id}
              item={item}
              busy={dismiss.isPending}
              onDismiss={mayWrite ? () => hide([item]) : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Nothing to show, said as it is: why, and what will show here. */
function EmptyState({ connected, dismissed }: { connected: boolean; dismissed: number }) {
  const first =
    dismissed > 0
      ? `Nothing new since you dismissed ${dismissed === 1 ? 'the last one' : `the last ${dismissed}`}.`
      : connected
        ? 'Nothing waiting for you right now.'
        : 'Nothing to act on yet.';
  const then = connected
    ? 'Mentions without a reply, replies waiting for review, posts taking off and new source items show here.'
    : 'Connect a Bluesky or X account to a persona to see its mentions and how its posts do; new items from its sources show here too.';
  const text = `${first} ${then}`;
  return (
    <p data-testid="opportunities-empty" className="text-sm text-slate-700 dark:text-slate-300">
      {text}
    </p>
  );
}

function OpportunityItem({
  item,
  busy,
  onDismiss,
}: {
  item: Opportunity;
  busy: boolean;
  /** Absent for a role that may not dismiss. */
  onDismiss?: () => void;
}) {
  const kind = KINDS[item.kind];
  return (
    <li
      data-testid="opportunity"
      data-kind={item.kind}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
          <span className={cn('rounded-full px-2 py-0.5 font-medium', kind.className)}>{kind.label}</span>
          <span className="font-medium text-slate-800 dark:text-slate-200">{item.personaName}</span>
          {item.platform && <span>{PLATFORM_LABELS[item.platform]}</span>}
          <time dateTime={item.newestAt}>{formatAgo(item.newestAt, new Date(), browserTimeZone())}</time>
        </p>
        {onDismiss && (
          <button
            type="button"
            disabled={busy}
            onClick={onDismiss}
            aria-label={`Dismiss: ${item.title} (${item.personaName})`}
            title="Dismiss"
            className="-m-1 rounded-lg p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:opacity-60 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <h3 className="font-medium">{item.title}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{item.detail}</p>
      {item.examples.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label={`${item.title}: examples`}>
          {item.examples.map((example) => (
            <li
              key={`${example.by ?? ''}${example.text}${example.url ?? ''}`}
              className="relative min-w-0 truncate text-slate-700 dark:text-slate-300"
            >
              {example.by && <span className="font-medium">{example.by}: </span>}
              {example.url && item.kind !== 'spike' ? (
                <a
                  href={example.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline-offset-2 hover:underline"
                >
                  {example.text} <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                <span>“{example.text}”</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ActionLink link={item.link} className="mt-auto self-start" />
    </li>
  );
}
