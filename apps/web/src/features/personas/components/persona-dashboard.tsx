import {
  type BulkAction,
  filterPersonas,
  groupPersonas,
  type Persona,
  sortPersonas,
  unfinishedPersona,
} from '@plume/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { JsonFileButton } from '../../../components/ui/json-file-button';
import { ReadOnlyNote } from '../../../components/ui/read-only-note';
import { usePersonas } from '../../../lib/api/get-personas';
import { useMe } from '../../../lib/auth';
import { useRefusal } from '../../../lib/workspace';
import { useBulkPersonas } from '../api/bulk-personas';
import { useCreatePersona } from '../api/create-persona';
import { useDeletePersona } from '../api/delete-persona';
import { useExportPersona } from '../api/export-persona';
import { useTags } from '../api/get-tags';
import { useImportPersona } from '../api/import-persona';
import { useUpdatePersona } from '../api/update-persona';
import { useDashboardView } from '../hooks/use-dashboard-view';
import { BulkBar } from './bulk-bar';
import { DashboardControls } from './dashboard-controls';
import { NextStepsDialog } from './next-steps-dialog';
import { PersonaCard } from './persona-card';
import { SummaryCards } from './summary-cards';
import { TagPanel } from './tag-panel';

const HIGHLIGHT_MS = 3000;
const bulkDone: Record<BulkAction, string> = {
  activate: 'Activated',
  pause: 'Paused',
  delete: 'Deleted',
  tag: 'Tagged',
  untag: 'Untagged',
};

/** What the app layer may place on the dashboard (features don't import each other). */
export type DashboardSlots = {
  /** More bulk actions for the selected (and shown) personas. */
  renderBulkActions?(props: { personas: { personaId: string; personaName: string }[]; busy: boolean }): ReactNode;
  /** The panel of upcoming engagement opportunities, shown once there are personas. */
  opportunities?: ReactNode;
};

/** /dashboard: the persona dashboard. */
export function PersonaDashboard({ renderBulkActions, opportunities }: DashboardSlots = {}) {
  const { data: user } = useMe();
  const personas = usePersonas();
  const tags = useTags();
  const { view, update } = useDashboardView();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [justLaunched, setJustLaunched] = useState<string | null>(null);
  const [nextSteps, setNextSteps] = useState<Persona | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  // Back from the editor after creating a persona: Next Steps and the highlight.
  const launchedId = (location.state as { launched?: string } | null)?.launched;
  useEffect(() => {
    if (!launchedId || !personas.data) return;
    const persona = personas.data.find((p) => p.id === launchedId);
    navigate(location.pathname + location.search, { replace: true, state: null });
    if (!persona) return;
    setJustLaunched(persona.id);
    setNextSteps(persona);
  }, [launchedId, personas.data, navigate, location.pathname, location.search]);
  const [deleting, setDeleting] = useState<Persona | null>(null);
  const cardRefs = useRef(new Map<string, HTMLElement>());

  const createPersona = useCreatePersona();
  const updatePersona = useUpdatePersona();
  const deletePersona = useDeletePersona();
  const exportPersona = useExportPersona();
  const importPersona = useImportPersona();
  const bulk = useBulkPersonas();

  const all = personas.data ?? [];
  const allTags = tags.data ?? [];
  const shown = sortPersonas(filterPersonas(all, view.filter, view.tags), view.sort);
  const groups = groupPersonas(shown, view.group, allTags);

  // The new card is scrolled into view and highlighted for 3 s, counted once Next Steps is closed.
  const nextStepsOpen = nextSteps !== null;
  useEffect(() => {
    if (!justLaunched || nextStepsOpen) return;
    cardRefs.current.get(justLaunched)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const timer = setTimeout(() => setJustLaunched(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [justLaunched, nextStepsOpen]);

  // Selection only keeps personas that still exist.
  useEffect(() => {
    setSelected((current) => {
      const ids = new Set(all.map((p) => p.id));
      const kept = [...current].filter((id) => ids.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [all]);

  const launch = (persona: Persona) => {
    update({ filter: 'all', tags: [] });
    setJustLaunched(persona.id);
  };

  /** The creation shortcut: an unfinished persona's editor opens instead of starting another. */
  const newPersona = () => {
    const unfinished = unfinishedPersona(all);
    if (unfinished) {
      navigate(`/editor/${unfinished.id}`);
      return;
    }
    createPersona.mutate(
      { setup_complete: false, is_active: true },
      {
        onSuccess: (persona) => navigate(`/editor/${persona.id}`),
        onError: (error) => toast.error(`Failed to create persona: ${error.message}`),
      },
    );
  };

  const onImport = (file: File) => {
    importPersona.mutate(file, {
      onSuccess: (persona) => {
        toast.success(`Imported "${persona.name}"`);
        launch(persona);
      },
      onError: (error) => toast.error(`Failed to import persona: ${error.message}`),
    });
  };

  // Bulk actions apply to what is selected and shown: a filter never hides a persona being deleted.
  const selectedShown = shown.filter((p) => selected.has(p.id));

  const runBulk = (action: BulkAction, tagId?: string) => {
    const ids = selectedShown.map((p) => p.id);
    bulk.mutate(
      { ids, action, ...(tagId ? { tagId } : {}) },
      {
        onSuccess: () => {
          toast.success(`${bulkDone[action]} ${ids.length} ${ids.length === 1 ? 'persona' : 'personas'}`);
          if (action === 'delete') setSelected(new Set());
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  // A viewer sees the personas and changes none of them (issue 33).
  const readOnly = useRefusal('write');
  const allShownSelected = shown.length > 0 && shown.every((p) => selected.has(p.id));

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 pb-32 md:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Persona Dashboard</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Welcome{user?.username ? `, ${user.username}` : ''}!
          </p>
        </div>
        {!readOnly && (
          <div className="flex gap-2">
            <JsonFileButton label="Import" onFile={onImport} disabled={importPersona.isPending} testId="import-input" />
            <Button onClick={newPersona} disabled={createPersona.isPending || personas.isPending}>
              New Persona
            </Button>
          </div>
        )}
      </header>
      <ReadOnlyNote reason={readOnly} />

      {personas.isPending && <p role="status">Loading...</p>}
      {personas.isError && (
        <div
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          Failed to fetch personas: {personas.error.message}{' '}
          <button type="button" className="underline" onClick={() => void personas.refetch()}>
            Try again
          </button>
        </div>
      )}

      {personas.isSuccess && (
        <>
          <SummaryCards personas={all} />

          {all.length === 0 ? (
            <section className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <h2 className="text-xl font-semibold">No personas yet</h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                A persona is a voice: nine sliders, the sources it reads, and the accounts it posts to.
              </p>
              {!readOnly && (
                <Button className="mt-5" onClick={newPersona} disabled={createPersona.isPending}>
                  Create your first persona
                </Button>
              )}
            </section>
          ) : (
            <>
              {opportunities}
              <div className="flex flex-wrap items-end justify-between gap-4">
                <DashboardControls filter={view.filter} sort={view.sort} group={view.group} onChange={update} />
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-violet-700"
                    checked={allShownSelected}
                    onChange={(e) => setSelected(e.target.checked ? new Set(shown.map((p) => p.id)) : new Set())}
                  />
                  Select all shown
                </label>
              </div>
              <TagPanel tags={allTags} selected={view.tags} onSelectedChange={(ids) => update({ tags: ids })} />

              {shown.length === 0 ? (
                <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
                  <p className="font-medium">No personas match these filters.</p>
                  <Button variant="secondary" className="mt-3" onClick={() => update({ filter: 'all', tags: [] })}>
                    Clear filters
                  </Button>
                </div>
              ) : (
                groups.map((group) => (
                  <section key={group.key} aria-label={view.group === 'none' ? 'Personas' : group.label}>
                    {view.group === 'none' ? (
                      <h2 className="sr-only">Personas</h2>
                    ) : (
                      <h2 className="mb-3 text-lg font-semibold">
                        {group.label}{' '}
                        <span className="text-slate-600 dark:text-slate-400">({group.personas.length})</span>
                      </h2>
                    )}
                    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                      {group.personas.map((persona) => (
                        <PersonaCard
                          key={persona.id}
                          ref={(el) => {
                            if (el) cardRefs.current.set(persona.id, el);
                            else cardRefs.current.delete(persona.id);
                          }}
                          persona={persona}
                          tags={allTags}
                          selected={selected.has(persona.id)}
                          onSelectedChange={(on) =>
                            setSelected((current) => {
                              const next = new Set(current);
                              if (on) next.add(persona.id);
                              else next.delete(persona.id);
                              return next;
                            })
                          }
                          justLaunched={justLaunched === persona.id}
                          busy={updatePersona.isPending && updatePersona.variables?.id === persona.id}
                          onActiveChange={(active) =>
                            updatePersona.mutate(
                              { id: persona.id, body: { is_active: active } },
                              { onError: (error) => toast.error(error.message) },
                            )
                          }
                          onExport={() =>
                            exportPersona.mutate(persona, {
                              onError: (error) => toast.error(`Failed to export persona: ${error.message}`),
                            })
                          }
                          onDelete={() => setDeleting(persona)}
                          readOnly={readOnly !== null}
                        />
                      ))}
                    </div>
                  </section>
                ))
              )}
            </>
          )}
        </>
      )}

      {selectedShown.length > 0 && (
        <BulkBar
          count={selectedShown.length}
          names={selectedShown.map((p) => p.name)}
          tags={allTags}
          busy={bulk.isPending}
          onAction={runBulk}
          onClear={() => setSelected(new Set())}
          extraActions={renderBulkActions?.({
            personas: selectedShown.map((p) => ({ personaId: p.id, personaName: p.name })),
            busy: bulk.isPending,
          })}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete persona"
        message={`Are you sure you want to delete persona "${deleting?.name ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (!deleting) return;
          deletePersona.mutate(deleting.id, {
            onSuccess: () => toast.success('Persona deleted'),
            onError: () => toast.error('Failed to delete persona'),
          });
          setDeleting(null);
        }}
      />
      <NextStepsDialog persona={nextSteps} onClose={() => setNextSteps(null)} />
    </main>
  );
}
