import { type ReactNode, useId } from 'react';

/**
 * A labelled slider with its value in words beside the label: a trait's 0–100 by default, or any
 * range (`min`, `max`, `step`). Screen readers hear the same words (`aria-valuetext`) as the value.
 */
export function TraitSlider({
  label,
  value,
  onChange,
  valueText = String(value),
  min = 0,
  max = 100,
  step,
  className = 'space-y-1',
}: {
  /** The accessible name; may hold words for screen readers only. */
  label: ReactNode;
  value: number;
  onChange(value: number): void;
  /** How the value reads, e.g. '75 · High · Witty'; the number itself by default. */
  valueText?: string;
  min?: number;
  max?: number;
  step?: number;
  /** The wrapper's classes, in place of the default spacing of label and slider. */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span aria-hidden="true" className="text-slate-700 tabular-nums dark:text-slate-300">
          {valueText}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-violet-700"
      />
    </div>
  );
}
