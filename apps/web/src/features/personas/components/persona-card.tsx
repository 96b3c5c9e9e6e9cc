import { archetype, formatCount, type Persona, personaHealth, type Tag } from '@plume/core';
import { forwardRef, useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { engagementTextClass } from '../../../components/ui/engagement-colors';
import { PerformanceBadge } from '../../../components/ui/performance-badge';
import { PersonaAvatar } from '../../../components/ui/persona-avatar';
import { Switch } from '../../../components/ui/switch';
import { tagChipClasses } from '../../../components/ui/tag-colors';
import { paths } from '../../../config/paths';
import { AutomationPaused } from './automation-paused';
import { ConnectionHeld } from './connection-held';

const healthText = {
  excellent: ['Excellent', 'text-emerald-700 dark:text-emerald-300'],
  good: ['Good', 'text-blue-700 dark:text-blue-300'],
  'needs-attention': ['Needs attention', 'text-amber-700 dark:text-amber-300'],
} as const;

type Props = {
  persona: Persona;
  tags: Tag[];
  selected: boolean;
  onSelectedChange(selected: boolean): void;
  justLaunched: boolean;
  busy: boolean;
  onActiveChange(active: boolean): void;
  onExport(): void;
  onDelete(): void;
  /** A viewer's card: looked at, not changed (no select, switch, Write or Delete; Edit reads View). */
  readOnly?: boolean;
};

export const PersonaCard = forwardRef<HTMLElement, Props>(function PersonaCard(
  {
    persona,
    tags,
    selected,
    onSelectedChange,
    justLaunched,
    busy,
    onActiveChange,
    onExport,
    onDelete,
    readOnly = false,
  },
  ref,
) {
  const titleId = useId();
  const { stats } = persona;
  const health = personaHealth(persona);
  const [healthLabel, healthClass] = healthText[health.status];
  const personaTags = tags.filter((t) => persona.tags.includes(t.id));

  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      data-testid="persona-card"
      className={cn(
        'relative flex flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm transition-shadow dark:bg-slate-900',
        justLaunched
          ? 'border-violet-500 ring-4 ring-violet-500/40'
          : selected
            ? 'border-violet-400 dark:border-violet-600'
            : 'border-slate-200 dark:border-slate-800',
      )}
    >
      {justLaunched && (
        <span className="absolute -top-3 left-5 rounded-full bg-violet-700 px-3 py-0.5 text-xs font-semibold text-white">
          Just Launched!
        </span>
      )}
      <div className="flex items-start gap-3">
        {!readOnly && (
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelectedChange(e.target.checked)}
            aria-label={`Select ${persona.name}`}
            className="mt-1.5 h-4 w-4 accent-violet-700"
          />
        )}
        <PersonaAvatar persona={persona} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-lg font-semibold">
            {persona.name}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{archetype(persona.personality)}</p>
          {persona.bio && <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{persona.bio}</p>}
        </div>
        <div className="flex flex-col items-end gap-1">
          <Switch
            checked={persona.is_active}
            onCheckedChange={onActiveChange}
            disabled={busy || readOnly}
            label={`Active: ${persona.name}`}
          />
          <span className="text-xs font-medium text-slate-700 dark:text-slate-300">
            {persona.is_active ? 'Active' : 'Paused'}
          </span>
        </div>
      </div>

      <ConnectionHeld persona={persona} compact />
      <AutomationPaused persona={persona} compact />

      <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
        <PerformanceBadge engagementRate={stats.engagementRate} followers={stats.followers} />
        <span className={cn('rounded-full bg-slate-100 px-2.5 py-0.5 dark:bg-slate-800', healthClass)}>
          Health {health.score} · {healthLabel}
        </span>
        {!persona.setup_complete && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-amber-900 dark:bg-amber-900/60 dark:text-amber-50">
            Setup incomplete
          </span>
        )}
      </div>

      <dl className="grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Followers</dt>
          <dd className="text-lg font-semibold">{formatCount(stats.followers)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Posts</dt>
          <dd className="text-lg font-semibold">{formatCount(stats.totalTweets)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Engagement</dt>
          <dd className={cn('text-lg font-semibold', engagementTextClass(stats.engagementRate, stats.followers))}>
            {stats.engagementRate.toFixed(1)}%
          </dd>
        </div>
      </dl>

      {personaTags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {personaTags.map((t) => (
            <li key={t.id} className={cn('rounded-full px-2 py-0.5 text-xs font-medium', tagChipClasses[t.color])}>
              {t.name}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-auto flex flex-wrap justify-end gap-1 border-t border-slate-200 pt-3 dark:border-slate-800">
        <Link
          to={`/editor/${persona.id}`}
          className={cn(buttonBase, buttonClasses.ghost, 'px-3 py-1.5')}
          aria-label={`${readOnly ? 'View' : 'Edit'} ${persona.name}`}
        >
          {readOnly ? 'View' : 'Edit'}
        </Link>
        {!readOnly && (
          <Link
            to={`/advanced/${persona.id}`}
            className={cn(buttonBase, buttonClasses.ghost, 'px-3 py-1.5')}
            aria-label={`Write with ${persona.name}`}
          >
            Write
          </Link>
        )}
        <Link
          to={`${paths.analytics}/${persona.id}`}
          className={cn(buttonBase, buttonClasses.ghost, 'px-3 py-1.5')}
          aria-label={`Analytics for ${persona.name}`}
        >
          Analytics
        </Link>
        <Button variant="ghost" className="px-3 py-1.5" onClick={onExport} aria-label={`Export ${persona.name}`}>
          Export
        </Button>
        {!readOnly && (
          <Button
            variant="ghost"
            className="px-3 py-1.5 text-red-700 dark:text-red-300"
            onClick={onDelete}
            aria-label={`Delete ${persona.name}`}
          >
            Delete
          </Button>
        )}
      </div>
    </article>
  );
});
