import type { EditorDraft } from './editor-draft';
import { PipelinePreview } from './editor-pipeline-preview';
import { SourceList } from './editor-source-list';
import { StrategyList } from './editor-strategy-list';

/** The Content Sources & Strategies tab: what the persona reads, what it writes, and a preview of both. */
export function SourcesTab({
  draft,
  personaId,
  onChange,
  onAbsorb,
}: {
  draft: EditorDraft;
  /** Undefined for a persona not saved yet: its sources can be read but not ingested. */
  personaId: string | undefined;
  onChange(next: Partial<EditorDraft>): void;
  onAbsorb(patch: (d: EditorDraft) => EditorDraft): void;
}) {
  return (
    <div className="space-y-4">
      <SourceList sources={draft.sources} onChange={(sources) => onChange({ sources })} />
      <StrategyList strategies={draft.templates} onChange={(templates) => onChange({ templates })} />
      <PipelinePreview draft={draft} personaId={personaId} onAbsorb={onAbsorb} />
    </div>
  );
}
