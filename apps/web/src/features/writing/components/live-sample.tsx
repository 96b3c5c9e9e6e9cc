import type { PersonaOverride } from '@plume/core';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { RerollIcon } from '../../../components/ui/icons';
import { Switch } from '../../../components/ui/switch';
import { type DraftStream, useDraftStream } from '../hooks/use-draft-stream';
import { WriterNote } from './writer-note';

export const LIVE_SAMPLE_PROMPT = 'Write one short sample post that shows this voice.';

/**
 * The editor's Live Sample Content box: a short sample in the unsaved traits' voice, streamed.
 * Written when it first shows and on Refresh only, not on every slider move (each is a model call).
 * It is sent without the persona's id, as a sample: the unsaved values define the voice, and a
 * sample is not kept in the persona's conversation.
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
            variant="secondary"
            className="px-3 py-1.5"
            disabled={sample.generating}
            onClick={() => void start({ prompt: LIVE_SAMPLE_PROMPT, persona: latest.current, kind: 'sample' })}
          >
            <RerollIcon />
            Refresh
          </Button>
        </div>
      </div>
      <div data-testid="live-sample" aria-live="polite" aria-busy={sample.generating} className="min-h-12 text-sm">
        {sample.status === 'loading' && (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            Writing a sample...
          </p>
        )}
        {sample.text && <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{sample.text}</p>}
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
