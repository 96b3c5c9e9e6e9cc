import type { ReactNode } from 'react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input-class';
import { Switch } from '../../../components/ui/switch';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Every entry of a time list is a set HH:MM time (a cleared time input gives ''). */
export const timesValid = (times: string[]) => times.every((t) => TIME.test(t));

export const hintClass = 'text-sm text-slate-600 dark:text-slate-400';
export const errorClass = 'text-sm text-red-700 dark:text-red-300';

/** One of the tab's four sections: a title, optionally its master switch, then its settings. */
export function AutomationCard({
  title,
  description,
  enabled,
  onToggle,
  children,
}: {
  title: string;
  description: string;
  enabled?: boolean;
  onToggle?(on: boolean): void;
  children: ReactNode;
}) {
  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className={hintClass}>{description}</p>
        </div>
        {onToggle && enabled !== undefined && (
          <div className="flex shrink-0 items-center gap-2">
            <span className="text-sm font-medium">{enabled ? 'On' : 'Off'}</span>
            <Switch checked={enabled} onCheckedChange={onToggle} label={title} />
          </div>
        )}
      </div>
      {children}
    </section>
  );
}

/** A setting's switch with its label; `badge` (e.g. 'Bluesky only') and `hint` describe the switch. */
export function SwitchRow({
  label,
  hint,
  badge,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  badge?: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  const noteId = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
          {label}
          {badge && (
            <span className="rounded-md bg-sky-100 px-1.5 py-0.5 text-xs font-medium text-sky-900 dark:bg-sky-900 dark:text-sky-100">
              {badge}
            </span>
          )}
        </p>
        {(badge || hint) && (
          <p id={noteId} className="text-xs text-slate-600 dark:text-slate-400">
            {badge && <span className="sr-only">{badge}. </span>}
            {hint}
          </p>
        )}
      </div>
      <Switch
        checked={checked}
        onCheckedChange={onChange}
        label={label}
        describedBy={badge || hint ? noteId : undefined}
      />
    </div>
  );
}

/** A label: value list of current settings. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A limit typed as text, so a bad value can be shown with its error instead of being coerced. */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  min: number;
  max?: number;
  error: string | null;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} max-w-40`}
      />
      {error && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  hint?: string;
  placeholder?: string;
}) {
  const id = useId();
  const noteId = useId();
  const note = error ?? hint;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        placeholder={placeholder}
        aria-invalid={Boolean(error)}
        aria-describedby={note ? noteId : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
      {note && (
        <p id={noteId} className={error ? errorClass : 'text-xs text-slate-600 dark:text-slate-400'}>
          {note}
        </p>
      )}
    </div>
  );
}

/** Cancel and Save at the foot of a settings dialog; Save is disabled while a field is invalid. */
export function DialogActions({
  onCancel,
  onSave,
  saveDisabled,
  children,
}: {
  onCancel(): void;
  onSave(): void;
  saveDisabled: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-2">
      {children}
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={onSave} disabled={saveDisabled}>
        Save
      </Button>
    </div>
  );
}
