import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@plume/core';
import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/input-class';

/** A field's message, read out when it appears; `id` is what the field's aria-describedby names. */
/** The schedule forms' fields and the body paths each shows: a post's content (or its thread's parts) and its time. */
export const SCHEDULE_FIELD_PATHS = { content: ['content', 'parts'], runAt: ['runAt'] } as const;

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-300">
      {children}
    </p>
  );
}

/**
 * One radio per platform under a 'Platform' legend. `compact` hides the legend (it is still read
 * out) and keeps the radios on one tight row; `withValues` gives each radio its platform as value.
 */
export function PlatformChoice({
  name,
  value,
  onChange,
  compact = false,
  withValues = false,
}: {
  name: string;
  value: Platform;
  onChange(platform: Platform): void;
  compact?: boolean;
  withValues?: boolean;
}) {
  return (
    <fieldset className={cn('flex flex-wrap items-center gap-x-4', !compact && 'gap-y-1')}>
      <legend className={compact ? 'sr-only' : 'mb-1 text-sm font-medium'}>Platform</legend>
      {PLATFORMS.map((p) => (
        <label key={p} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={withValues ? p : undefined}
            checked={value === p}
            onChange={() => onChange(p)}
            className="h-4 w-4 accent-violet-700"
          />
          {PLATFORM_LABELS[p]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The labelled Date and Time inputs, side by side. `invalid` marks both when the time is wrong;
 * `describedBy` is what both are described by; `children` go in the same grid, below them.
 */
export function DateTimeFields({
  ids,
  date,
  time,
  onDateChange,
  onTimeChange,
  invalid,
  describedBy,
  children,
}: {
  ids: { date: string; time: string };
  date: string;
  time: string;
  onDateChange(date: string): void;
  onTimeChange(time: string): void;
  invalid: boolean;
  describedBy: string | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="space-y-1">
        <label htmlFor={ids.date} className="text-sm font-medium">
          Date
        </label>
        <input
          id={ids.date}
          type="date"
          value={date}
          onChange={(e) => onDateChange(e.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.time} className="text-sm font-medium">
          Time
        </label>
        <input
          id={ids.time}
          type="time"
          value={time}
          onChange={(e) => onTimeChange(e.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      </div>
      {children}
    </div>
  );
}
