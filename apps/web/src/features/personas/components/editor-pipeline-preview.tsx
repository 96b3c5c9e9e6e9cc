import {
  type ContentSource,
  checkedSource,
  MAX_TITLES_FOR_GENERATION,
  pickStrategy,
  pipelineBlocker,
  strategyShares,
  WRITER_NAMES,
  type Writer,
} from '@plume/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/section';
import { personaQueryOptions } from '../../../lib/api/get-persona';
import { ApiRequestError } from '../../../lib/api-client';
import { useGenerateExample } from '../api/generate-example';
import { useFeedTitles } from '../api/get-feed-titles';
import { useIngestSource } from '../api/ingest-source';
import type { EditorDraft } from './editor-draft';

type Headline = { title: string; source: string };
type Failure = { source: string; message: string };
type Example = { text: string; strategy: string; headline: Headline | null; writer: Writer };

/** Up to five headlines, taken in turn from each source so one busy feed does not crowd out the rest. */
function interleave(perSource: Headline[][]): Headline[] {
  const out: Headline[] = [];
  for (let i = 0; out.length < MAX_TITLES_FOR_GENERATION && perSource.some((list) => i < list.length); i++) {
    for (const list of perSource) {
      const item = list[i];
      if (item && out.length < MAX_TITLES_FOR_GENERATION) out.push(item);
    }
  }
  return out;
}

/**
 * The sentence a failed read gives: the server names the provider ('Feed: …') or the field
 * ('body.feedUrl: …'); the source's name says which it is, so only the sentence is kept.
 */
function failureMessage(reason: unknown): string {
  if (reason instanceof ApiRequestError && reason.details?.[0]) return reason.details[0].message;
  return reason instanceof Error ? reason.message.replace(/^Feed: /, '') : 'Unknown error';
}

const stepTitle = 'text-sm font-semibold text-slate-800 dark:text-slate-200';
const muted = 'text-sm text-slate-600 dark:text-slate-400';

export function PipelinePreview({
  draft,
  personaId,
  onAbsorb,
}: {
  draft: EditorDraft;
  personaId: string | undefined;
  onAbsorb(patch: (d: EditorDraft) => EditorDraft): void;
}) {
  const blockerId = useId();
  const queryClient = useQueryClient();
  const ingest = useIngestSource();
  const feedTitles = useFeedTitles();
  const writeExample = useGenerateExample();
  const [fetching, setFetching] = useState(false);
  const [headlines, setHeadlines] = useState<Headline[] | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [example, setExample] = useState<Example | null>(null);
  const [exampleNote, setExampleNote] = useState<string | null>(null);

  const enabledSources = draft.sources.filter((s) => s.enabled);
  const enabledStrategies = draft.templates.filter((s) => s.enabled);
  const shares = strategyShares(draft.templates);
  const blocker = pipelineBlocker(draft.sources, draft.templates);

  /**
   * A saved source is ingested (items kept, check recorded); one not saved yet (a new persona, a
   * source just added or pointed elsewhere) is only read, as its own type.
   */
  const isSaved = (source: ContentSource) =>
    personaId !== undefined &&
    (queryClient.getQueryData(personaQueryOptions(personaId).queryKey)?.sources ?? []).some(
      (s) => s.id === source.id && s.url === source.url,
    );
  const read = async (source: ContentSource): Promise<string[]> =>
    personaId && isSaved(source)
      ? (await ingest.mutateAsync({ personaId, feedUrl: source.url })).titles
      : feedTitles.mutateAsync({ url: source.url, type: source.type });

  /** The checks the server recorded become part of the saved state, not unsaved edits. */
  const absorbChecks = async (id: string) => {
    const fresh = await queryClient.fetchQuery({ ...personaQueryOptions(id), staleTime: 0 });
    onAbsorb((d) => ({
      ...d,
      sources: d.sources.map((s) => {
        const saved = fresh.sources.find((f) => f.id === s.id && f.url === s.url);
        return saved ? { ...s, status: saved.status, lastCheck: saved.lastCheck, errorMessage: saved.errorMessage } : s;
      }),
    }));
  };

  const fetchNow = async (): Promise<Headline[]> => {
    setFetching(true);
    try {
      const results = await Promise.allSettled(enabledSources.map(read));
      const found: Failure[] = [];
      const perSource = results.map((result, i) => {
        const source = enabledSources[i] as ContentSource;
        if (result.status === 'fulfilled') return result.value.map((title) => ({ title, source: source.name }));
        found.push({ source: source.name, message: failureMessage(result.reason) });
        return [];
      });
      const next = interleave(perSource);
      setHeadlines(next);
      setFailures(found);
      for (const f of found) toast.error(`Failed to ingest feed: ${f.source}: ${f.message}`);
      const ingested = enabledSources.some((source, i) => isSaved(source) && results[i]?.status === 'fulfilled');
      if (ingested) toast.success('Feed ingested');
      // A source not saved yet was only read: its card tells the outcome all the same (the server
      // records it from its first read once saved).
      const at = new Date();
      const unsaved = new Map(
        enabledSources.flatMap((source, i) => {
          if (isSaved(source)) return [];
          const result = results[i];
          const error = result?.status === 'rejected' ? failureMessage(result.reason) : null;
          return [[source.id, checkedSource(source, at, error)] as const];
        }),
      );
      if (unsaved.size > 0) {
        onAbsorb((d) => ({
          ...d,
          sources: d.sources.map((s) => {
            const checked = unsaved.get(s.id);
            return checked && checked.url === s.url
              ? { ...s, status: checked.status, lastCheck: checked.lastCheck, errorMessage: checked.errorMessage }
              : s;
          }),
        }));
      }
      if (personaId) await absorbChecks(personaId).catch(() => undefined);
      return next;
    } finally {
      setFetching(false);
    }
  };

  /**
   * An example by the writer automation uses, with the settings on screen (saved or not): from a
   * headline when the sources gave any, else from the strategy alone.
   */
  const generate = async () => {
    const list = headlines ?? (await fetchNow());
    const strategy = pickStrategy(draft.templates);
    if (!strategy) return;
    const headline = list.length > 0 ? (list[Math.floor(Math.random() * list.length)] ?? null) : null;
    setExampleNote(null);
    try {
      const post = await writeExample.mutateAsync({
        ...(personaId ? { personaId } : {}),
        type: 'short post',
        // The strategy by its id: its instruction is how to write, never what the post is about.
        strategy: strategy.id,
        topic: '',
        platforms: ['bluesky'],
        count: 1,
        persona: {
          name: draft.name,
          personality: draft.personality,
          templates: draft.templates,
          advanced_options: draft.advanced_options,
          custom_prompt: draft.custom_prompt,
          use_default_prompt: draft.use_default_prompt,
        },
        ...(headline ? { titles: [headline.title] } : {}),
      });
      setExample({ text: post.content, strategy: strategy.name, headline, writer: post.writer });
    } catch (error) {
      setExample(null);
      setExampleNote(`The example could not be written: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <Section
      title="Pipeline preview"
      description="How this persona turns its sources into posts: read the latest headlines, pick a strategy by weight, write."
    >
      <ol className="space-y-4">
        <li className="space-y-1">
          <h3 className={stepTitle}>1. Sources</h3>
          <p className={muted}>
            {enabledSources.length === 0
              ? 'No source is turned on.'
              : `${enabledSources.length} turned on: ${enabledSources.map((s) => s.name).join(', ')}`}
          </p>
        </li>
        <li className="space-y-1">
          <h3 className={stepTitle}>2. Latest headlines</h3>
          <div aria-live="polite" className="space-y-2">
            {headlines === null ? (
              <p className={muted}>Not fetched yet. Fetch now reads the sources that are turned on.</p>
            ) : headlines.length === 0 ? (
              <p className={muted}>No headlines were found.</p>
            ) : (
              <ul className="space-y-1" aria-label="Latest headlines">
                {headlines.map((h) => (
                  <li key={`${h.source}|${h.title}`} className="text-sm">
                    {h.title} <span className="text-slate-600 dark:text-slate-400">· {h.source}</span>
                  </li>
                ))}
              </ul>
            )}
            {failures.map((f) => (
              <p
                key={f.source}
                className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
              >
                {f.source}: {f.message}
              </p>
            ))}
          </div>
        </li>
        <li className="space-y-1">
          <h3 className={stepTitle}>3. Strategy</h3>
          <p className={muted}>
            {enabledStrategies.length === 0
              ? 'No strategy is turned on.'
              : enabledStrategies.map((s) => `${s.name} ${shares.get(s.id) ?? 0}%`).join(' · ')}
          </p>
        </li>
        <li className="space-y-2">
          <h3 className={stepTitle}>4. Example post</h3>
          <div aria-live="polite">
            {example ? (
              <figure className="space-y-2 rounded-xl border border-violet-200 bg-violet-50 p-4 dark:border-violet-900 dark:bg-violet-950/50">
                <blockquote
                  data-testid="example-post"
                  className="text-base [overflow-wrap:anywhere] whitespace-pre-wrap"
                >
                  {example.text}
                </blockquote>
                <figcaption className="text-xs text-slate-700 dark:text-slate-300">
                  {example.strategy} ·{' '}
                  {example.headline
                    ? `from “${example.headline.title}” (${example.headline.source})`
                    : 'no headline: from the strategy alone'}{' '}
                  · {example.text.length} / {draft.advanced_options.maxLength} characters. Written by{' '}
                  {WRITER_NAMES[example.writer]}, as automation writes.
                </figcaption>
              </figure>
            ) : (
              <p className={muted}>
                {exampleNote ??
                  'Generate an example to see a post written from a headline, by the writer automation uses.'}
              </p>
            )}
          </div>
        </li>
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void fetchNow()} disabled={fetching || enabledSources.length === 0}>
          {fetching ? 'Fetching...' : 'Fetch now'}
        </Button>
        <Button
          onClick={() => void generate()}
          disabled={fetching || writeExample.isPending || blocker !== null}
          aria-describedby={blocker ? blockerId : undefined}
        >
          Generate example
        </Button>
      </div>
      {blocker && (
        <p id={blockerId} className={muted}>
          {blocker}
        </p>
      )}
    </Section>
  );
}
