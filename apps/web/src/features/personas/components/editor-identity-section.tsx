import {
  isEnglish,
  languageName,
  MAX_BIO_LENGTH,
  mainLanguage,
  personaAvatarSchema,
  personaBioSchema,
  personaLanguagesSchema,
  personaNameSchema,
  randomPersonaName,
  randomUserName,
  type Tag,
} from '@plume/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/input-class';
import { PersonaAvatar } from '../../../components/ui/persona-avatar';
import { Section } from '../../../components/ui/section';
import { Switch } from '../../../components/ui/switch';
import { tagChipClasses } from '../../../components/ui/tag-colors';
import type { EditorDraft } from './editor-draft';

function firstError(schema: { safeParse(v: string): { error?: { issues: { message: string }[] } } }, value: string) {
  return schema.safeParse(value).error?.issues[0]?.message ?? null;
}

export const nameError = (name: string) => firstError(personaNameSchema, name);

/** What is wrong with a persona's languages, naming the field ('Languages: …'), or null. */
export function languagesError(languages: readonly string[]): string | null {
  const issue = personaLanguagesSchema.safeParse(languages).error?.issues[0];
  if (!issue) return null;
  const at = issue.path[0];
  return typeof at === 'number' ? `Languages: “${languages[at]}” ${issue.message}` : `Languages: ${issue.message}`;
}

/** The tags typed in the Languages field ('en, pt-BR' -> ['en', 'pt-BR']). */
const tagsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The first problem of the Identity section (name, bio, avatar, languages), or null: Save waits for none. */
export function identityError(draft: Pick<EditorDraft, 'name' | 'bio' | 'avatar' | 'languages'>): string | null {
  return (
    nameError(draft.name) ??
    firstError(personaBioSchema, draft.bio) ??
    firstError(personaAvatarSchema, draft.avatar) ??
    languagesError(draft.languages)
  );
}

/** The languages a persona writes in, as tags; what the offline composer cannot do is said. */
function LanguagesField({ languages, onChange }: { languages: string[]; onChange(languages: string[]): void }) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState(languages.join(', '));
  // Changed elsewhere (a version restored): the field shows it.
  if (tagsOf(text).join(',') !== languages.join(',')) setText(languages.join(', '));
  const error = languagesError(languages);
  const main = mainLanguage(languages);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        Languages
      </label>
      <input
        id={id}
        value={text}
        maxLength={60}
        placeholder="en"
        onChange={(e) => {
          setText(e.target.value);
          onChange(tagsOf(e.target.value));
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={inputClass}
      />
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        Language tags such as en or pt-BR, separated by commas; the first is the one it writes in. Its Bluesky posts say
        them.
        {!error && !isEnglish(main) && (
          <> Plume’s offline composer (used without an AI model) writes English only, not {languageName(main)}.</>
        )}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

const AVATAR_CHOICES = ['🦉', '🤖', '🚀', '🧠', '🔥', '🌿', '🎨', '📚', '📈', '😂', '🦄', '☕'];

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
  const bioId = useId();
  const bioErrorId = useId();
  const avatarId = useId();
  const avatarErrorId = useId();
  const publicHintId = useId();
  const error = nameError(draft.name);
  const bioError = firstError(personaBioSchema, draft.bio);
  const avatarError = firstError(personaAvatarSchema, draft.avatar);
  return (
    <Section title="Identity" description="Its name, face and bio, whether it runs, and how you group it.">
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
      <div className="space-y-1.5">
        <label htmlFor={bioId} className="block text-sm font-medium">
          Short bio
        </label>
        <textarea
          id={bioId}
          rows={2}
          value={draft.bio}
          maxLength={MAX_BIO_LENGTH + 20}
          placeholder="What this persona posts about, in a sentence"
          onChange={(e) => onChange({ bio: e.target.value })}
          aria-invalid={bioError !== null}
          aria-describedby={bioError ? bioErrorId : undefined}
          className={inputClass}
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {draft.bio.length} / {MAX_BIO_LENGTH}
        </p>
        {bioError && (
          <p id={bioErrorId} className="text-sm text-red-700 dark:text-red-300">
            {bioError}
          </p>
        )}
      </div>
      <LanguagesField languages={draft.languages} onChange={(languages) => onChange({ languages })} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Avatar</legend>
        <div className="flex flex-wrap items-center gap-2">
          <PersonaAvatar persona={draft} className="h-12 w-12 text-2xl" />
          <Button
            variant="secondary"
            className="py-1.5"
            aria-pressed={draft.avatar === ''}
            onClick={() => onChange({ avatar: '' })}
          >
            Use initial
          </Button>
          {AVATAR_CHOICES.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={`Avatar ${emoji}`}
              aria-pressed={draft.avatar === emoji}
              onClick={() => onChange({ avatar: emoji })}
              className={cn(
                'h-9 w-9 rounded-lg border text-lg',
                draft.avatar === emoji
                  ? 'border-violet-600 bg-violet-50 dark:bg-violet-950'
                  : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
              )}
            >
              {emoji}
            </button>
          ))}
        </div>
        <label htmlFor={avatarId} className="block text-sm">
          Or type any emoji
        </label>
        <input
          id={avatarId}
          value={draft.avatar}
          onChange={(e) => onChange({ avatar: e.target.value.trim() })}
          aria-invalid={avatarError !== null}
          aria-describedby={avatarError ? avatarErrorId : undefined}
          className={`${inputClass} max-w-32`}
        />
        {avatarError && (
          <p id={avatarErrorId} className="text-sm text-red-700 dark:text-red-300">
            {avatarError}
          </p>
        )}
      </fieldset>
      <div className="flex items-center gap-3">
        <Switch checked={draft.is_active} onCheckedChange={(is_active) => onChange({ is_active })} label="Active" />
        <span className="text-sm">{draft.is_active ? 'Active' : 'Paused'}</span>
      </div>
      <div className="flex items-start gap-3">
        <Switch
          checked={draft.is_public}
          onCheckedChange={(is_public) => onChange({ is_public })}
          label="Show on the Plume landing page"
          describedBy={publicHintId}
        />
        <div>
          <span className="text-sm font-medium">Show on the Plume landing page</span>
          <p id={publicHintId} className="text-sm text-slate-600 dark:text-slate-400">
            {draft.is_public
              ? 'Anyone can see its name, avatar, bio, sliders, follower count and published posts on the home page.'
              : 'Off: this persona and its posts stay private. Turn on to let it be persona of the day and appear in the live feed.'}
          </p>
        </div>
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
