import {
  type ContentSource,
  newSource,
  POPULAR_SOURCES,
  SOURCE_TYPES,
  type SourceType,
  sourceFormErrors,
} from '@plume/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Modal } from '../../../components/ui/modal';
import { SourceFields } from './editor-source-fields';

const placeholders: Record<SourceType, string> = {
  rss: 'https://example.com/feed.xml',
  reddit: 'https://www.reddit.com/r/programming/',
  website: 'https://example.com/',
};

export function AddSourceDialog({
  open,
  onOpenChange,
  existingUrls,
  onAdd,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  existingUrls: string[];
  onAdd(source: ContentSource): void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Source"
      description="New sources start turned off; turn one on when you want the persona to use it."
    >
      {/* Remounted on each opening, so the form starts empty. */}
      {open && <AddSourceForm existingUrls={existingUrls} onAdd={onAdd} onCancel={() => onOpenChange(false)} />}
    </Modal>
  );
}

function AddSourceForm({
  existingUrls,
  onAdd,
  onCancel,
}: {
  existingUrls: string[];
  onAdd(source: ContentSource): void;
  onCancel(): void;
}) {
  const popularId = useId();
  const [type, setType] = useState<SourceType>('rss');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [tried, setTried] = useState(false);
  const errors = sourceFormErrors({ name, url });
  const duplicate = existingUrls.includes(url.trim())
    ? 'This persona already has a source with this address'
    : undefined;
  const shown = tried ? { ...errors, url: errors?.url ?? duplicate } : null;
  const hint = SOURCE_TYPES.find((t) => t.type === type)?.hint;

  const submit = () => {
    setTried(true);
    if (errors || duplicate) return;
    onAdd(newSource(crypto.randomUUID(), { type, name, url }));
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-4"
    >
      <fieldset>
        <legend className="text-sm font-semibold">Type</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {SOURCE_TYPES.map((t) => (
            <label
              key={t.type}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-2 py-2 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-600',
                type === t.type
                  ? 'border-violet-600 bg-violet-50 font-medium text-violet-900 dark:bg-violet-950 dark:text-violet-100'
                  : 'border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="radio"
                name="source-type"
                value={t.type}
                checked={type === t.type}
                onChange={() => setType(t.type)}
                className="sr-only"
              />
              {t.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <p className="text-sm font-semibold" id={popularId}>
          Popular sources
        </p>
        <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby={popularId}>
          {POPULAR_SOURCES[type].map((example) => (
            <li key={example.url}>
              <button
                type="button"
                onClick={() => {
                  setName(example.name);
                  setUrl(example.url);
                }}
                className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                {example.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <SourceFields
        name={name}
        url={url}
        errors={shown}
        onName={setName}
        onUrl={setUrl}
        urlPlaceholder={placeholders[type]}
        urlHint={hint}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={name.trim() === '' || url.trim() === ''}>
          Add Source
        </Button>
      </div>
    </form>
  );
}
