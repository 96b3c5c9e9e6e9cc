import { TAG_COLORS, type Tag, type TagColor } from '@plume/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Select } from '../../../components/ui/select';
import { tagChipClasses } from '../../../components/ui/tag-colors';
import { useMay } from '../../../lib/workspace';
import { useCreateTag } from '../api/create-tag';
import { useDeleteTag } from '../api/delete-tag';

/** The panel's id: `/dashboard#tags` opens it. */
const TAG_PANEL_ID = 'tags';

/** Filter by tags (a persona shows when it has any chosen tag), and add or remove tags. */
export function TagPanel({
  tags,
  selected,
  onSelectedChange,
}: {
  tags: Tag[];
  selected: string[];
  onSelectedChange(ids: string[]): void;
}) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<TagColor>('violet');
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const createTag = useCreateTag();
  const deleteTag = useDeleteTag();
  // A viewer filters by tag but neither adds nor deletes one (the dashboard's note says why).
  const mayWrite = useMay('write');
  const nameId = useId();
  // The shell's Tags entry opens /dashboard#tags: the panel comes into view and takes focus, each time.
  const panelRef = useRef<HTMLElement>(null);
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== `#${TAG_PANEL_ID}` || !panelRef.current) return;
    panelRef.current.scrollIntoView({ block: 'start' });
    panelRef.current.focus({ preventScroll: true });
  }, [hash, key]);

  const toggle = (id: string) =>
    onSelectedChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  const add = (event: React.FormEvent) => {
    event.preventDefault();
    createTag.mutate(
      { name, color },
      {
        onSuccess: (tag) => {
          setName('');
          toast.success(`Tag "${tag.name}" added`);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <section
      ref={panelRef}
      id={TAG_PANEL_ID}
      tabIndex={-1}
      aria-labelledby="tag-panel-title"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="tag-panel-title" className="text-sm font-semibold">
        Tags
      </h2>
      {tags.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          No tags yet. Add one to group and filter personas.
        </p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {tags.map((t) => (
            <li key={t.id} className="flex items-center">
              <button
                type="button"
                aria-pressed={selected.includes(t.id)}
                onClick={() => toggle(t.id)}
                className={cn(
                  'px-3 py-1 text-sm font-medium',
                  mayWrite ? 'rounded-l-full' : 'rounded-full',
                  tagChipClasses[t.color],
                  selected.includes(t.id) && 'ring-2 ring-violet-600 ring-inset dark:ring-violet-300',
                )}
              >
                {t.name}
              </button>
              {mayWrite && (
                <button
                  type="button"
                  onClick={() => setDeleting(t)}
                  aria-label={`Delete tag ${t.name}`}
                  className={cn('rounded-r-full px-2 py-1 text-sm', tagChipClasses[t.color])}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Choose tags to show only personas that carry them.
      </p>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete tag"
        message={`Delete the tag "${deleting?.name ?? ''}"? It comes off every persona. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => {
          const tag = deleting;
          setDeleting(null);
          if (!tag) return;
          deleteTag.mutate(tag.id, {
            onSuccess: () => {
              onSelectedChange(selected.filter((s) => s !== tag.id));
              toast.success(`Tag "${tag.name}" deleted`);
            },
            onError: (error) => toast.error(error.message),
          });
        }}
      />
      {mayWrite && (
        <form onSubmit={add} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={nameId} className="text-xs font-medium text-slate-700 dark:text-slate-300">
              New tag
            </label>
            <input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={30}
              required
              placeholder="e.g. Tech"
              className="w-36 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-400"
            />
          </div>
          <Select
            label="Colour"
            size="sm"
            labelPlacement="caption"
            value={color}
            options={TAG_COLORS.map((c) => ({ value: c, label: c }))}
            onChange={setColor}
          />
          <Button type="submit" variant="secondary" className="py-1.5" disabled={createTag.isPending}>
            Add tag
          </Button>
        </form>
      )}
    </section>
  );
}
