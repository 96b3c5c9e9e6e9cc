import { bodyFieldName, fieldLabel } from '@plume/core';
import { ApiRequestError } from './api-client';

/** A form's messages: one per field that has any, and under `form` what belongs to no field. */
export type FormErrors<K extends string> = Partial<Record<K | 'form', string>>;

/** The body paths each form field shows; a path covers what is under it (`parts` covers `parts.1`). */
export type FieldPaths<K extends string> = { readonly [F in K]: readonly string[] };

// A field the server names without its location (`runAt`, before it became `body.runAt`) is in the body.
const LOCATED = /^(body|query|params|headers)(\.|$)/;
const bodyPathOf = (field: string) => (LOCATED.test(field) ? bodyFieldName(field) : field);

const covers = (path: string, name: string) => name === path || name.startsWith(`${path}.`);

/**
 * A failed request's field errors beside the form's inputs. `fields` names the form's fields, each
 * showing the body field of the same name, or maps each to the body paths it shows. Several messages
 * for one field are joined; field errors no input shows, and an error naming no field, go to `form`.
 */
export function fieldErrorsOf<K extends string>(error: unknown, fields: readonly K[] | FieldPaths<K>): FormErrors<K> {
  const errors: FormErrors<K> = {};
  const details = error instanceof ApiRequestError ? (error.details ?? []) : [];
  if (details.length === 0) {
    errors.form = error instanceof Error ? error.message : String(error);
    return errors;
  }

  const paths: [K, readonly string[]][] = isList(fields)
    ? fields.map((key) => [key, [key]])
    : (Object.entries(fields) as [K, readonly string[]][]);
  const found = new Map<K | 'form', string[]>();
  for (const detail of details) {
    const name = bodyPathOf(detail.field);
    const shownBy = name === null ? undefined : paths.find(([, list]) => list.some((path) => covers(path, name)));
    const key = shownBy?.[0] ?? 'form';
    // On the form, the message says which field it is about.
    const text = shownBy ? detail.message : `${fieldLabel(detail.field)}: ${detail.message}`;
    const messages = found.get(key) ?? [];
    if (!messages.includes(text)) found.set(key, [...messages, text]);
  }
  for (const [key, messages] of found) errors[key] = messages.join('; ');
  return errors;
}

const isList = <K extends string>(fields: readonly K[] | FieldPaths<K>): fields is readonly K[] =>
  Array.isArray(fields);
