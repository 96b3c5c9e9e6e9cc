import { PLATFORM_LABELS, PLATFORMS, type Platform, type ScheduledItem } from '@plume/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackToDashboard } from '../../../components/ui/back-link';
import { Select } from '../../../components/ui/select';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { usePersonas } from '../../../lib/api/get-personas';
import { useMay } from '../../../lib/workspace';
import { REVIEW_KIND_LABELS, type ReviewKind, ReviewQueue } from './review-queue';
import { ScheduleDialog, type ScheduleMode } from './schedule-dialog';

const KINDS = Object.keys(REVIEW_KIND_LABELS) as ReviewKind[];
const isKind = (v: string | null): v is ReviewKind => KINDS.includes(v as ReviewKind);
const isPlatform = (v: string | null): v is Platform => (PLATFORMS as readonly string[]).includes(v ?? '');

/**
 * /review: the review queue as a place of its own. Filters (persona, kind, network) live in the
 * address; drafts are approved (their own time unless another is picked), posted now, rejected,
 * one by one, together, or from the keyboard.
 */
export function ReviewPage() {
  // Only those who may approve are told the approve and reject keys (the queue offers them nothing else).
  const mayApprove = useMay('approve');
  const { timeZone } = useTimeZone();
  const personas = usePersonas();
  const [params, setParams] = useSearchParams();
  const persona = params.get('persona') ?? '';
  const kindParam = params.get('kind');
  const platformParam = params.get('network');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const platform = isPlatform(platformParam) ? platformParam : undefined;
  const [approving, setApproving] = useState<ScheduledItem | null>(null);
  const [last, setLast] = useState<ScheduleMode | null>(null);
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (value) out.set(key, value);
        else out.delete(key);
        return out;
      },
      { replace: true },
    );

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 pb-24 md:px-8">
      <header className="space-y-3">
        <BackToDashboard />
        <h1 className="text-3xl font-semibold tracking-tight">Review</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          What your personas wrote waits here for you. Times are in {timeZone}.
        </p>
        <div className="flex flex-wrap items-end gap-3" data-testid="review-filters">
          <Select
            label="Persona"
            size="sm"
            labelPlacement="caption"
            value={persona}
            options={[
              { value: '', label: 'All personas' },
              ...(personas.data ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
            onChange={(v) => set('persona', v)}
          />
          <Select
            label="Kind"
            size="sm"
            labelPlacement="caption"
            value={kind ?? ''}
            options={[
              { value: '', label: 'All kinds' },
              ...KINDS.map((k) => ({ value: k, label: REVIEW_KIND_LABELS[k] })),
            ]}
            onChange={(v) => set('kind', v)}
          />
          <Select
            label="Network"
            size="sm"
            labelPlacement="caption"
            value={platform ?? ''}
            options={[
              { value: '', label: 'All networks' },
              ...PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] })),
            ]}
            onChange={(v) => set('network', v)}
          />
        </div>
        <p className="hidden text-xs text-slate-600 sm:block dark:text-slate-400" data-testid="review-shortcuts">
          Keys: <Key>j</Key> / <Key>k</Key> next / previous,{' '}
          {mayApprove && (
            <>
              <Key>a</Key> approve, <Key>r</Key> reject,{' '}
            </>
          )}
          <Key>e</Key> edit (not while typing).
        </p>
      </header>

      <ReviewQueue
        workbench
        personaId={persona || undefined}
        kind={kind}
        platform={platform}
        timeZone={timeZone}
        onApprove={(item) => {
          setApproving(item);
          setLast({ kind: 'approve', item });
        }}
      />
      {last && (
        <ScheduleDialog
          open={approving !== null}
          onOpenChange={(open) => !open && setApproving(null)}
          mode={approving ? { kind: 'approve', item: approving } : last}
        />
      )}
    </main>
  );
}

function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-slate-100 px-1 font-mono text-[11px] dark:border-slate-600 dark:bg-slate-800">
      {children}
    </kbd>
  );
}
