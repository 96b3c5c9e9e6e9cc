import { ApiRequestError } from '../../../lib/api-client';

/** A 400's or 409's `[{ field: 'body.username', message }]` as messages per form field; the rest under `form`. */
export function fieldErrorsOf<K extends string>(
  error: Error,
  fields: readonly K[],
): Partial<Record<K | 'form', string>> {
  const errors: Partial<Record<K | 'form', string>> = {};
  if (!(error instanceof ApiRequestError) || !Array.isArray(error.details)) {
    errors.form = error.message;
    return errors;
  }
  for (const detail of error.details as { field?: unknown; message?: unknown }[]) {
    const field = typeof detail.field === 'string' ? detail.field.replace(/^body\.?/, '') : '';
    const key: K | 'form' = fields.find((k) => k === field) ?? 'form';
    errors[key] ??= String(detail.message ?? 'is invalid');
  }
  return errors;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** '12 May 2026, 14:03' in the browser's locale and zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** A card like the other settings screens' sections. */
export const cardClass =
  'space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
