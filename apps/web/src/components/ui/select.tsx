import { type ReactNode, useId } from 'react';
import { cn } from './cn';
import { inputClass } from './input-class';

export type SelectOption<T extends string> = { value: T; label: string };

/** A `{ value: label }` record as options, in its order. */
export const optionsOf = <T extends string>(labels: Record<T, string>): SelectOption<T>[] =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

/** `sm`: a small select among other small controls (a toolbar, a compact form). */
const smallClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Where the label goes: above (a form's field), a small caption above (a toolbar's), beside, or screen readers only. */
type LabelPlacement = 'above' | 'caption' | 'beside' | 'hidden';

const wrapperClass: Record<LabelPlacement, string> = {
  above: 'space-y-1',
  caption: 'flex flex-col gap-1',
  beside: 'flex items-center gap-2',
  hidden: 'flex items-center',
};
const labelClass: Record<LabelPlacement, string> = {
  above: 'block text-sm font-medium',
  caption: 'text-xs font-medium text-slate-700 dark:text-slate-300',
  beside: 'text-sm font-medium',
  hidden: 'sr-only',
};

/**
 * A labelled native select: `md` is a form's (full width unless beside its label), `sm` a small one.
 * A description and an error go under it, named by `aria-describedby`.
 */
export function Select<T extends string>({
  label,
  value,
  options,
  onChange,
  id: givenId,
  size = 'md',
  labelPlacement = 'above',
  description,
  error,
  disabled,
  className,
}: {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange(value: NoInfer<T>): void;
  id?: string;
  size?: 'md' | 'sm';
  labelPlacement?: LabelPlacement;
  description?: ReactNode;
  error?: string;
  disabled?: boolean;
  /** Added to the select, e.g. a width. */
  className?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const describedBy = [description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wrapperClass[labelPlacement]}>
      <label htmlFor={id} className={labelClass[labelPlacement]}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as T)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          size === 'sm' ? smallClass : inputClass,
          size === 'md' && labelPlacement === 'beside' && 'w-auto',
          className,
        )}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {description && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
