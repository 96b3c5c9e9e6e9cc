import {
  type ContentSource,
  frequencyLabel,
  MAX_SOURCES,
  SOURCE_TYPES,
  sourceCheckLabel,
  sourceFormErrors,
} from '@plume/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Section } from '../../../components/ui/section';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { Switch } from '../../../components/ui/switch';
import { TraitSlider } from '../../../components/ui/trait-slider';
import { AddSourceDialog } from './editor-add-source-dialog';
import { SourceFields } from './editor-source-fields';

const status: Record<ContentSource['status'], { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'good' },
  pending: { label: 'Pending', tone: 'waiting' },
  error: { label: 'Error', tone: 'bad' },
};
const typeLabel = Object.fromEntries(SOURCE_TYPES.map((t) => [t.type, t.label])) as Record<
  ContentSource['type'],
  string
>;

export const badgeClass = 'rounded-full px-2 py-0.5 text-xs font-medium';
/** Switch, details and actions; on a narrow screen the actions move to their own line. */
export const rowHeaderClass =
  'grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]';
export const rowActionsClass = 'col-span-2 flex justify-end gap-1 sm:col-span-1';

export function FrequencySlider({
  value,
  sourceName,
  onChange,
}: {
  value: number;
  sourceName: string;
  onChange(value: number): void;
}) {
  return (
    <TraitSlider
      label={
        <>
          Frequency<span className="sr-only"> of {sourceName}</span>
        </>
      }
      min={1}
      max={10}
      value={value}
      valueText={frequencyLabel(value)}
      onChange={onChange}
    />
  );
}

function SourceEditForm({
  source,
  others,
  onSave,
  onCancel,
}: {
  source: ContentSource;
  others: ContentSource[];
  onSave(next: ContentSource): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(source.name);
  const [url, setUrl] = useState(source.url);
  const [frequency, setFrequency] = useState(source.frequency);
  const [tried, setTried] = useState(false);
  const duplicate = others.some((s) => s.url === url.trim()) ? 'Another source already uses this address' : undefined;
  const errors = sourceFormErrors({ name, url });
  const shown = tried ? { ...errors, url: errors?.url ?? duplicate } : null;

  const save = () => {
    setTried(true);
    if (errors || duplicate) return;
    const nextUrl = url.trim();
    // A new address has not been checked yet.
    const recheck = nextUrl !== source.url ? { status: 'pending' as const, lastCheck: null, errorMessage: null } : {};
    onSave({ ...source, name: name.trim(), url: nextUrl, frequency, ...recheck });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      className="mt-3 space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800"
    >
      <SourceFields name={name} url={url} errors={shown} onName={setName} onUrl={setUrl} />
      <FrequencySlider value={frequency} sourceName={name || source.name} onChange={setFrequency} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}

function SourceRow({
  source,
  others,
  onChange,
  onRemove,
}: {
  source: ContentSource;
  others: ContentSource[];
  onChange(next: ContentSource): void;
  onRemove(): void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" aria-label={source.name}>
      <div className={rowHeaderClass}>
        <Switch
          checked={source.enabled}
          onCheckedChange={(enabled) => onChange({ ...source, enabled })}
          label={`Use ${source.name}`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{source.name}</span>
            <span className={cn(badgeClass, 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200')}>
              {typeLabel[source.type]}
            </span>
            <StatusBadge tone={status[source.status].tone}>{status[source.status].label}</StatusBadge>
          </div>
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{sourceCheckLabel(source)}</p>
        </div>
        {!editing && (
          <div className={rowActionsClass}>
            <Button
              variant="ghost"
              className="px-3"
              aria-label={`Edit ${source.name}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button variant="ghost" className="px-3" aria-label={`Remove ${source.name}`} onClick={onRemove}>
              Remove
            </Button>
          </div>
        )}
      </div>
      {source.status === 'error' && source.errorMessage && (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200">
          {source.errorMessage}
        </p>
      )}
      {editing ? (
        <SourceEditForm
          source={source}
          others={others}
          onCancel={() => setEditing(false)}
          onSave={(next) => {
            onChange(next);
            setEditing(false);
          }}
        />
      ) : (
        source.enabled && (
          <div className="mt-3 space-y-3">
            <p className="text-sm break-all text-slate-700 dark:text-slate-300">{source.url}</p>
            <FrequencySlider
              value={source.frequency}
              sourceName={source.name}
              onChange={(frequency) => onChange({ ...source, frequency })}
            />
          </div>
        )
      )}
    </li>
  );
}

export function SourceList({
  sources,
  onChange,
}: {
  sources: ContentSource[];
  onChange(sources: ContentSource[]): void;
}) {
  const [adding, setAdding] = useState(false);
  const full = sources.length >= MAX_SOURCES;
  return (
    <Section title="Content sources" description="Feeds, subreddits and sites this persona reads for ideas.">
      {sources.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
          No sources yet. Add a feed, a subreddit or a website to give this persona something to talk about.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Content sources">
          {sources.map((source) => (
            <SourceRow
              key={source.id}
              source={source}
              others={sources.filter((s) => s.id !== source.id)}
              onChange={(next) => onChange(sources.map((s) => (s.id === next.id ? next : s)))}
              onRemove={() => onChange(sources.filter((s) => s.id !== source.id))}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => setAdding(true)} disabled={full}>
          Add Source
        </Button>
        {full && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            A persona can have at most {MAX_SOURCES} sources.
          </p>
        )}
      </div>
      <AddSourceDialog
        open={adding}
        onOpenChange={setAdding}
        existingUrls={sources.map((s) => s.url)}
        onAdd={(source) => {
          onChange([...sources, source]);
          setAdding(false);
        }}
      />
    </Section>
  );
}
