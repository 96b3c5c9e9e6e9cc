import { useId } from 'react';
import { inputClass } from '../../../components/ui/input-class';

/** A source's name and URL inputs with their errors: the Add Source dialog's and the inline edit's. */
export function SourceFields({
  name,
  url,
  errors,
  onName,
  onUrl,
  urlPlaceholder,
  urlHint,
}: {
  name: string;
  url: string;
  errors: { name?: string; url?: string } | null;
  onName(name: string): void;
  onUrl(url: string): void;
  urlPlaceholder?: string;
  urlHint?: string;
}) {
  const nameId = useId();
  const urlId = useId();
  const hintId = useId();
  return (
    <>
      <div className="space-y-1">
        <label htmlFor={nameId} className="block text-sm font-medium">
          Source name
        </label>
        <input
          id={nameId}
          value={name}
          maxLength={100}
          onChange={(e) => onName(e.target.value)}
          aria-invalid={Boolean(errors?.name)}
          className={inputClass}
        />
        {errors?.name && <p className="text-sm text-red-700 dark:text-red-300">{errors.name}</p>}
      </div>
      <div className="space-y-1">
        <label htmlFor={urlId} className="block text-sm font-medium">
          URL
        </label>
        <input
          id={urlId}
          type="url"
          value={url}
          maxLength={2048}
          placeholder={urlPlaceholder}
          onChange={(e) => onUrl(e.target.value)}
          aria-invalid={Boolean(errors?.url)}
          aria-describedby={urlHint ? hintId : undefined}
          className={inputClass}
        />
        {urlHint && (
          <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
            {urlHint}
          </p>
        )}
        {errors?.url && <p className="text-sm text-red-700 dark:text-red-300">{errors.url}</p>}
      </div>
    </>
  );
}
