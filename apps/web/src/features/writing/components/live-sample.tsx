import type { PersonaOverride } from '@plume/core';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { RerollIcon } from '../../../components/ui/icons';
import { Switch } from '../../../components/ui/switch';
import { type DraftStream, useDraftStream } from '../hooks/use-draft-stream';
import { WriterNote } from './writer-note';

export const LIVE_SAMPLE_PROMPT = 'Write one short sample post that shows this voice.';

/** JSON with object keys sorted, so two overrides with the same values compare equal whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * The editor's Live Sample Content box: a short sample in the unsaved traits' voice, streamed.
 * Written when it first shows and on Refresh only, not on every slider move (each is a model call).
 * It is sent without the persona's id, as a sample: the unsaved values define the voice, and a
 * sample is not kept in the persona's conversation. Once the settings differ from those a finished
 * sample was written for, it is dimmed and marked out of date, since it no longer shows the voice.
 */
export function LiveSample({
  persona,
  stream,
}: {
  persona: PersonaOverride;
  /** Kept by the page, so leaving the tab and coming back does not write (and pay for) another. */
  stream?: DraftStream;
}) {
  const own = useDraftStream();
  const sample = stream ?? own;
  const titleId = useId();
  const staleId = useId();
  const named = (persona.name ?? '').trim().length > 0;
  // Read at Refresh time, so the sample uses the sliders as they are then without re-running on each move.
  const latest = useRef(persona);
  latest.current = persona;
  const { start } = sample;

  // Writes when the box first shows with no sample yet, not when the sliders move.
  const firstTime = sample.status === 'idle';
  useEffect(() => {
    if (named && firstTime) void start({ prompt: LIVE_SAMPLE_PROMPT, persona: latest.current, kind: 'sample' });
  }, [named, firstTime, start]);

  // The request lives in the stream (kept by the page), so this holds after the tab is left and reopened.
  const writtenFor = sample.request?.persona;
  const stale = sample.status === 'done' && writtenFor !== undefined && stableJson(writtenFor) !== stableJson(persona);

  if (!named) return null;

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          Live Sample Content
        </h3>
        <div className="flex items-center gap-3">
          <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
            <Switch checked={false} onCheckedChange={() => {}} disabled label="Auto-generate" />
            <span aria-hidden="true">Auto-generate: OFF</span>
          </span>
          <Button
            variant={stale ? 'primary' : 'secondary'}
            className="px-3 py-1.5"
            aria-describedby={stale ? staleId : undefined}
            disabled={sample.generating}
            onClick={() => void start({ prompt: LIVE_SAMPLE_PROMPT, persona: latest.current, kind: 'sample' })}
          >
            <RerollIcon />
            Refresh
          </Button>
        </div>
      </div>
      {stale && (
        <p
          id={staleId}
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          Out of date: the settings changed since this sample was written. Refresh to see the new voice.
        </p>
      )}
      <div
        data-testid="live-sample"
        data-stale={stale ? 'true' : undefined}
        aria-live="polite"
        aria-busy={sample.generating}
        className="min-h-12 text-sm"
      >
        {sample.status === 'loading' && (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            Writing a sample...
          </p>
        )}
        {sample.text && (
          <p
            className={cn(
              'whitespace-pre-wrap [overflow-wrap:anywhere]',
              stale && 'text-slate-500 dark:text-slate-400',
            )}
          >
            {sample.text}
          </p>
        )}
        {sample.status === 'error' && (
          <p role="alert" className="text-red-700 dark:text-red-300">
            Failed to generate: {sample.error}
          </p>
        )}
      </div>
      {sample.status === 'done' && <WriterNote writer={sample.writer} />}
    </section>
  );
}
