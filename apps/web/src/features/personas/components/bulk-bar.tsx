import type { BulkAction, Tag } from '@plume/core';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Select } from '../../../components/ui/select';

/** Shown while personas are selected: activate, pause, tag, untag, delete (and what the app adds) together. */
export function BulkBar({
  count,
  names,
  tags,
  busy,
  onAction,
  onClear,
  extraActions,
}: {
  count: number;
  names: string[];
  tags: Tag[];
  busy: boolean;
  onAction(action: BulkAction, tagId?: string): void;
  onClear(): void;
  /** Actions other features add, composed by the app layer (the scheduling feature's Schedule). */
  extraActions?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const [tagId, setTagId] = useState('');
  const chosenTag = tags.some((t) => t.id === tagId) ? tagId : (tags[0]?.id ?? '');

  return (
    <section
      aria-label="Bulk actions"
      className="fixed inset-x-3 bottom-20 z-20 mx-auto flex max-w-4xl flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl md:bottom-4 md:left-20 dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="mr-2 text-sm font-semibold" aria-live="polite">
        {count} selected
      </p>
      <Button variant="secondary" className="py-1.5" disabled={busy} onClick={() => onAction('activate')}>
        Activate
      </Button>
      <Button variant="secondary" className="py-1.5" disabled={busy} onClick={() => onAction('pause')}>
        Pause
      </Button>
      {extraActions}
      {tags.length > 0 && (
        <div className="flex items-center gap-1">
          <Select
            label="Tag for the selected personas"
            size="sm"
            labelPlacement="hidden"
            value={chosenTag}
            options={tags.map((t) => ({ value: t.id, label: t.name }))}
            onChange={setTagId}
          />
          <Button variant="secondary" className="py-1.5" disabled={busy} onClick={() => onAction('tag', chosenTag)}>
            Tag
          </Button>
          <Button variant="secondary" className="py-1.5" disabled={busy} onClick={() => onAction('untag', chosenTag)}>
            Untag
          </Button>
        </div>
      )}
      <Button variant="danger" className="py-1.5" disabled={busy} onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <Button variant="ghost" className="ml-auto py-1.5" onClick={onClear}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete personas"
        message={`Are you sure you want to delete ${count === 1 ? 'persona' : `${count} personas:`} ${names.map((n) => `"${n}"`).join(', ')}? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => onAction('delete')}
      />
    </section>
  );
}
