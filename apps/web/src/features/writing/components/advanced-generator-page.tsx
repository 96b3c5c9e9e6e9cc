import type { Persona, Platform, PostPart, Writer } from '@plume/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PersonaSwitcher } from '../../../components/persona-switcher';
import { BackToDashboard } from '../../../components/ui/back-link';
import { ReadOnlyNote } from '../../../components/ui/read-only-note';
import { Section } from '../../../components/ui/section';
import { paths } from '../../../config/paths';
import { usePersona } from '../../../lib/api/get-persona';
import { useRefusal } from '../../../lib/workspace';
import { ChatForm } from './chat-form';
import { ConversationList } from './conversation-list';
import { DraftPanel } from './draft-panel';
import { GeneratorPanel } from './generator-panel';

/** What the app layer may place in the studio (features don't import each other). */
export type StudioSlots = {
  /** Under each generated post: its current parts, the generator's platforms and who wrote it. */
  renderPostActions?(props: { personaId: string; parts: PostPart[]; platforms: Platform[]; writer: Writer }): ReactNode;
  /** Under a finished AI draft: its text as plain text, and who wrote it. */
  renderDraftActions?(props: { personaId: string; text: string; writer: Writer | null }): ReactNode;
};

/** /advanced/{id}: the persona's writing studio (app spec: Advanced tweet generation). */
export function AdvancedGeneratorPage(slots: StudioSlots = {}) {
  const { id } = useParams();
  const persona = usePersona(id);
  if (persona.isPending) {
    return (
      <p role="status" className="p-8 text-center">
        Loading...
      </p>
    );
  }
  if (persona.isError) {
    return (
      <main className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-semibold">Persona not found</h1>
        <Link to={paths.dashboard} className="mt-4 inline-block text-violet-700 underline dark:text-violet-300">
          Back to the dashboard
        </Link>
      </main>
    );
  }
  // Keyed by persona: switching starts a clean studio (no results of the other persona).
  return <Studio key={persona.data.id} persona={persona.data} {...slots} />;
}

function Studio({ persona, renderPostActions, renderDraftActions }: { persona: Persona } & StudioSlots) {
  // A viewer may read a draft (the server streams it on `read`) but not generate, chat, post or schedule.
  const readOnly = useRefusal('write');
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 pb-24 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-3xl font-semibold tracking-tight">Advanced generation</h1>
          <PersonaSwitcher persona={persona} pathOf={(id) => `${paths.advanced}/${id}`} />
        </div>
        <ReadOnlyNote reason={readOnly} />
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <GeneratorPanel
          persona={persona}
          readOnly={readOnly !== null}
          renderPostActions={renderPostActions && ((props) => renderPostActions({ personaId: persona.id, ...props }))}
        />
        <div className="space-y-6">
          <DraftPanel
            personaId={persona.id}
            personaName={persona.name}
            renderDraftActions={
              renderDraftActions && ((props) => renderDraftActions({ personaId: persona.id, ...props }))
            }
          />
          <Section title="Conversation" description={`What you and ${persona.name} wrote.`}>
            <ConversationList personaId={persona.id} />
            <ChatForm personaId={persona.id} personaName={persona.name} readOnly={readOnly !== null} />
          </Section>
        </div>
      </div>
    </main>
  );
}
