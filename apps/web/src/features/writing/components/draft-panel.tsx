import { type PersonaOverride, pickSuggestion, type Writer } from '@plume/core';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { RerollIcon } from '../../../components/ui/icons';
import { inputClass } from '../../../components/ui/input-class';
import { Section } from '../../../components/ui/section';
import { Switch } from '../../../components/ui/switch';
import { useDraftStream } from '../hooks/use-draft-stream';
import { markdownToPlainText } from '../utils/plain-text';
import { DraftMarkdown } from './draft-markdown';
import { WriterNote } from './writer-note';

type Props = {
  personaId?: string;
  personaName: string;
  /** Unsaved values to write with (the editor); a saved persona needs only its id. */
  persona?: PersonaOverride;
  /** Source titles to write about; at most five are sent. */
  titles?: string[];
  /** Posting a finished draft, given as plain text with who wrote it (the app layer composes it). */
  renderDraftActions?(props: { text: string; writer: Writer | null }): ReactNode;
};

/** The AI Draft panel (editor spec): a suggested or own query, streamed into a markdown draft. */
export function DraftPanel({ personaId, personaName, persona, titles, renderDraftActions }: Props) {
  const queryId = useId();
  const [useDefault, setUseDefault] = useState(true);
  const [suggestion, setSuggestion] = useState(() => pickSuggestion(null));
  const [ownQuery, setOwnQuery] = useState('');
  const draft = useDraftStream();
  const query = useDefault ? suggestion : ownQuery;
  const named = personaName.trim().length > 0;

  const toggle = (on: boolean) => {
    setUseDefault(on);
    // The spec: turning the toggle on restores the suggestion (`query` follows it); off clears the box.
    if (!on) setOwnQuery('');
  };

  const generate = () => {
    void draft.start({ prompt: query, persona, top5Titles: titles, personaId });
  };

  return (
    <Section title="AI Draft" description={`A draft in ${named ? `${personaName}'s` : "the persona's"} voice.`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm">
          <Switch checked={useDefault} onCheckedChange={toggle} label="Default Query" />
          <span aria-hidden="true">Default Query</span>
        </div>
        <Button
          variant="ghost"
          className="px-2 py-1.5"
          title="Get a different query"
          aria-label="Get a different query"
          disabled={!useDefault}
          onClick={() => setSuggestion((s) => pickSuggestion(s))}
        >
          <RerollIcon />
        </Button>
      </div>
      <div className="space-y-1">
        <label htmlFor={queryId} className="text-sm font-medium">
          Query
        </label>
        <textarea
          id={queryId}
          rows={3}
          value={query}
          readOnly={useDefault}
          maxLength={500}
          onChange={(e) => setOwnQuery(e.target.value)}
          placeholder={useDefault ? undefined : 'What should the draft be about?'}
          className={cn(inputClass, 'resize-y', useDefault && 'bg-slate-50 dark:bg-slate-950')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={generate} disabled={draft.generating || !named || query.trim().length === 0}>
          {draft.generating ? 'Generating...' : 'Generate Draft'}
        </Button>
        {!named && (
          <p className="text-sm text-slate-600 dark:text-slate-400">Give the persona a name to generate a draft.</p>
        )}
      </div>
      <div
        data-testid="draft-result"
        aria-live="polite"
        aria-busy={draft.generating}
        className="min-h-16 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950"
      >
        {draft.text ? (
          <DraftMarkdown text={draft.text} />
        ) : draft.status === 'loading' ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            Writing...
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">No draft yet</p>
        )}
        {draft.status === 'done' && <WriterNote writer={draft.writer} className="mt-3" />}
      </div>
      {draft.status === 'done' &&
        draft.text.trim() &&
        renderDraftActions?.({ text: markdownToPlainText(draft.text), writer: draft.writer })}
      {draft.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Failed to generate: {draft.error}
        </p>
      )}
    </Section>
  );
}
