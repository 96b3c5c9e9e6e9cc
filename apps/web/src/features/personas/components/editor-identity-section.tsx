import { personaNameSchema, randomPersonaName, randomUserName, type Tag } from '@plume/core';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Switch } from '../../../components/ui/switch';
import { tagChipClasses } from '../../../components/ui/tag-colors';
import type { EditorDraft } from './editor-draft';
import { inputClass, Section } from './editor-field';

export function nameError(name: string): string | null {
  const result = personaNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Name is invalid');
}

export function IdentitySection({
  draft,
  tags,
  onChange,
}: {
  draft: EditorDraft;
  tags: Tag[];
  onChange(next: Partial<EditorDraft>): void;
}) {
  const nameId = useId();
  const errorId = useId();
  const error = nameError(draft.name);
  return (
    <Section title="Identity" description="Its name, whether it runs, and how you group it.">
      <div className="space-y-1.5">
        <label htmlFor={nameId} className="block text-sm font-medium">
          Name
        </label>
        <input
          id={nameId}
          value={draft.name}
          maxLength={60}
          onChange={(e) => onChange({ name: e.target.value })}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
        {error && (
          <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button variant="secondary" className="py-1.5" onClick={() => onChange({ name: randomUserName() })}>
            Random Name
          </Button>
          <Button variant="secondary" className="py-1.5" onClick={() => onChange({ name: randomPersonaName() })}>
            Generate a name
          </Button>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Switch checked={draft.is_active} onCheckedChange={(is_active) => onChange({ is_active })} label="Active" />
        <span className="text-sm">{draft.is_active ? 'Active' : 'Paused'}</span>
      </div>
      {tags.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium">Tags</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {tags.map((tag) => {
              const on = draft.tags.includes(tag.id);
              return (
                <label
                  key={tag.id}
                  className={cn(
                    'flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1 text-sm',
                    tagChipClasses[tag.color],
                  )}
                >
                  <input
                    type="checkbox"
                    checked={on}
                    className="accent-violet-700"
                    onChange={() =>
                      onChange({ tags: on ? draft.tags.filter((t) => t !== tag.id) : [...draft.tags, tag.id] })
                    }
                  />
                  {tag.name}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </Section>
  );
}
