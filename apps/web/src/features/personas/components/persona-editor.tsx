import { type ConnectedAccount, editorProgress, fieldLabel, type Persona, personaImportSchema } from '@plume/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { JsonFileButton } from '../../../components/ui/json-file-button';
import { ReadOnlyNote } from '../../../components/ui/read-only-note';
import { Section } from '../../../components/ui/section';
import { UrlTabs } from '../../../components/ui/url-tabs';
import { usePersona } from '../../../lib/api/get-persona';
import { useRefusal } from '../../../lib/workspace';
import { useCreatePersona } from '../api/create-persona';
import { useDeletePersona } from '../api/delete-persona';
import { useExportPersona } from '../api/export-persona';
import { useTags } from '../api/get-tags';
import { useRollbackPersona } from '../api/rollback-persona';
import { personaSaveScope, useUpdatePersona } from '../api/update-persona';
import { AdvancedSection } from './editor-advanced-section';
import { AutomationSection } from './editor-automation-section';
import { draftOf, type EditorDraft, toWrite } from './editor-draft';
import { IdentitySection, identityError } from './editor-identity-section';
import { MentionsTab } from './editor-mentions-tab';
import { PersonalitySection } from './editor-personality-section';
import { SourcesTab } from './editor-sources-tab';
import { VersionHistoryDialog } from './editor-version-history-dialog';

/** What the app layer may place in the editor (features don't import each other). */
export type EditorSlots = {
  /** The Personality tab's Live Sample Content box, given the unsaved draft. */
  renderLiveSample?(props: { personaId: string | undefined; draft: EditorDraft }): ReactNode;
  /**
   * The Connected Accounts tab. `onAccountsChange` takes the connections as they are loaded, so
   * progress counts an account connected while the editor is open (the server keeps them; no save needed).
   */
  renderAccounts?(props: {
    personaId: string | undefined;
    onAccountsChange(accounts: ConnectedAccount[]): void;
  }): ReactNode;
};

/** /editor (a new persona) and /editor/{id}. */
export function PersonaEditor({ renderLiveSample, renderAccounts }: EditorSlots = {}) {
  const { id } = useParams();
  const persona = usePersona(id);
  if (id && persona.isPending) {
    return (
      <p role="status" className="p-8 text-center">
        Loading...
      </p>
    );
  }
  if (id && persona.isError) {
    return (
      <main className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-semibold">Persona not found</h1>
        <Link to="/dashboard" className="mt-4 inline-block text-violet-700 underline dark:text-violet-300">
          Back to the dashboard
        </Link>
      </main>
    );
  }
  return (
    <EditorForm
      key={persona.data?.id ?? 'new'}
      persona={persona.data}
      renderLiveSample={renderLiveSample}
      renderAccounts={renderAccounts}
    />
  );
}

function EditorForm({ persona, renderLiveSample, renderAccounts }: { persona: Persona | undefined } & EditorSlots) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<EditorDraft>(() => draftOf(persona));
  const [saved, setSaved] = useState(() => JSON.stringify(draftOf(persona)));
  const [lengthValid, setLengthValid] = useState(true);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [pendingImport, setPendingImport] = useState<{ name: string; draft: EditorDraft } | null>(null);
  const leaving = useRef(false);
  const tags = useTags();
  const create = useCreatePersona();
  const update = useUpdatePersona(persona ? personaSaveScope(persona.id) : undefined);
  const remove = useDeletePersona();
  const exportPersona = useExportPersona();
  const rollback = useRollbackPersona();

  const dirty = JSON.stringify(draft) !== saved;
  // A viewer opens a persona to look: Save says why it is off (issue 33).
  const readOnly = useRefusal('write');
  const error = identityError(draft);
  // Why Save is off, said where the button is (the field may be on another tab).
  const saveBlocker = readOnly
    ? readOnly
    : error
      ? `${error} (Identity)`
      : lengthValid
        ? null
        : 'Max length must be a whole number from 40 to 400 (Advanced)';

  // Closing or reloading the tab with unsaved changes asks too, like leaving through the app.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const progress = editorProgress(draft);
  const change = (next: Partial<EditorDraft>) => setDraft((d) => ({ ...d, ...next }));
  /** A change the server already holds (a source's check, automation saved at once): not an unsaved edit. */
  const absorb = (patch: (d: EditorDraft) => EditorDraft) => {
    setDraft(patch);
    setSaved((s) => JSON.stringify(patch(JSON.parse(s) as EditorDraft)));
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const leaveTo = (path: string, state?: unknown) => {
    leaving.current = true;
    navigate(path, { state });
  };

  const save = () => {
    const body = toWrite(draft);
    const done = {
      onSuccess: (p: Persona) => {
        toast.success('Persona saved');
        leaveTo('/dashboard', persona?.setup_complete ? undefined : { launched: p.id });
      },
      onError: () => toast.error('Failed to save persona'),
    };
    if (persona) update.mutate({ id: persona.id, body }, done);
    else create.mutate(body, done);
  };

  const onImport = async (file: File) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      toast.error(`Failed to import persona: ${file.name} is not a JSON file`);
      return;
    }
    const result = personaImportSchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? fieldLabel(issue.path.join('.')) : 'File';
      toast.error(`Failed to import persona: ${where}: ${issue?.message ?? 'invalid'}`);
      return;
    }
    const imported = draftOf({ ...(persona ?? ({} as Persona)), ...result.data } as Persona);
    setPendingImport({
      name: file.name,
      draft: { ...imported, tags: draft.tags, connected_accounts: draft.connected_accounts },
    });
  };

  const busy = create.isPending || update.isPending;
  const onAccountsChange = (connected_accounts: ConnectedAccount[]) => absorb((d) => ({ ...d, connected_accounts }));

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 pb-32 md:px-8">
      <header className="space-y-4">
        <BackToDashboard />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-3xl font-semibold tracking-tight">{persona ? persona.name : 'New persona'}</h1>
          <Button
            onClick={save}
            disabled={saveBlocker !== null || busy}
            aria-describedby={saveBlocker ? 'save-blocker' : undefined}
          >
            {persona?.setup_complete ? 'Save Changes' : 'Create Persona'}
          </Button>
        </div>
        {readOnly ? (
          <div id="save-blocker">
            <ReadOnlyNote reason={readOnly} />
          </div>
        ) : (
          saveBlocker && (
            <p id="save-blocker" className="text-sm text-red-700 dark:text-red-300">
              Can't save yet: {saveBlocker}
            </p>
          )
        )}
        <div>
          <div
            role="progressbar"
            aria-label="Setup progress"
            aria-valuenow={progress.percent}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div
              className={cn('h-full rounded-full', progress.percent < 60 ? 'bg-amber-500' : 'bg-emerald-600')}
              style={{ width: `${progress.percent}%` }}
            />
          </div>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {progress.percent}% · {progress.message}
          </p>
        </div>
      </header>

      {/* The editor's sections in the spec's order; `?tab=` opens one. */}
      <UrlTabs
        label="Editor sections"
        tabs={[
          {
            value: 'identity',
            label: 'Identity',
            content: <IdentitySection draft={draft} tags={tags.data ?? []} onChange={change} />,
          },
          {
            value: 'personality',
            label: 'Personality',
            content: (
              <PersonalitySection
                traits={draft.personality}
                onChange={(personality) => change({ personality })}
                liveSample={renderLiveSample?.({ personaId: persona?.id, draft })}
              />
            ),
          },
          {
            value: 'sources',
            label: 'Content Sources',
            content: (
              <ReadOnlyTab readOnly={readOnly !== null}>
                <SourcesTab draft={draft} personaId={persona?.id} onChange={change} onAbsorb={absorb} />
              </ReadOnlyTab>
            ),
          },
          {
            value: 'accounts',
            label: 'Accounts',
            content: renderAccounts?.({ personaId: persona?.id, onAccountsChange }),
          },
          {
            value: 'automation',
            label: 'Automation',
            content: (
              <ReadOnlyTab readOnly={readOnly !== null}>
                <AutomationSection persona={persona} draft={draft} onChange={change} onAbsorb={absorb} />
              </ReadOnlyTab>
            ),
          },
          {
            value: 'mentions',
            label: 'Mentions',
            content: <MentionsTab personaId={persona?.id} />,
          },
          {
            value: 'advanced',
            label: 'Advanced',
            className: 'space-y-4',
            content: (
              <>
                <AdvancedSection draft={draft} onChange={change} onMaxLengthValid={setLengthValid} />
                {persona && (
                  <Section title="Persona management">
                    <div className="flex flex-wrap gap-2">
                      {!readOnly && (
                        <JsonFileButton
                          label="Import"
                          onFile={(file) => void onImport(file)}
                          testId="editor-import-input"
                        />
                      )}
                      <Button
                        variant="secondary"
                        onClick={() =>
                          exportPersona.mutate(persona, {
                            onError: (e) => toast.error(`Failed to export persona: ${e.message}`),
                          })
                        }
                      >
                        Export
                      </Button>
                      <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
                        Version History
                      </Button>
                      {!readOnly && (
                        <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                          Delete Persona
                        </Button>
                      )}
                    </div>
                  </Section>
                )}
              </>
            ),
          },
        ]}
      />

      {persona && (
        <VersionHistoryDialog
          personaId={persona.id}
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          readOnly={readOnly !== null}
          onRollback={(versionId) =>
            rollback.mutate(
              { id: persona.id, versionId },
              {
                onSuccess: (restored) => {
                  const next = draftOf(restored);
                  setDraft(next);
                  setSaved(JSON.stringify(next));
                  setHistoryOpen(false);
                  toast.success('Rolled back');
                },
                onError: (e) => toast.error(`Failed to rollback persona: ${e.message}`),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete persona"
        message={`Are you sure you want to delete persona "${persona?.name ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() =>
          persona &&
          remove.mutate(persona.id, {
            onSuccess: () => {
              toast.success('Persona deleted');
              leaveTo('/dashboard');
            },
            onError: () => toast.error('Failed to delete persona'),
          })
        }
      />
      <ConfirmDialog
        open={pendingImport !== null}
        onOpenChange={(open) => !open && setPendingImport(null)}
        title="Import persona"
        message={`Replace this persona's settings with ${pendingImport?.name ?? 'the file'}? Nothing is saved until you save.`}
        confirmLabel="Replace"
        onConfirm={() => {
          if (pendingImport) setDraft(pendingImport.draft);
          setPendingImport(null);
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title="Unsaved changes"
        message="Leave without saving? Your changes to this persona will be lost."
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
      />
    </main>
  );
}

/**
 * A tab whose controls save at once (a source's check, automation, a reply): off together for a
 * role that may only look; the note at the top of the editor says why.
 */
function ReadOnlyTab({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} aria-describedby={readOnly ? 'save-blocker' : undefined} className="min-w-0">
      {children}
    </fieldset>
  );
}
