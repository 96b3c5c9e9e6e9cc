/**
 * Field names of the API's errors, for code and for people. Kept apart from the error schemas (no
 * zod here), so the web's API client, on the landing's path, can import them without the
 * validation library.
 */
import type { FieldError } from './errors';

/** `field` as a body field's name (`body.parts.1` → `parts.1`); null when it is not in the body. */
export function bodyFieldName(field: string): string | null {
  return field === 'body' ? '' : field.startsWith('body.') ? field.slice('body.'.length) : null;
}

const LOCATIONS = new Set(['body', 'query', 'params', 'headers']);
/** Words spelled differently from their field name. */
const WORDS: Record<string, string> = { url: 'URL', api: 'API', ai: 'AI', id: 'ID', ids: 'IDs', x: 'X' };
/** Fields whose words are not their name's; a list's items are named one by one ('Part 2'). */
const NAMES: Record<string, string> = { runAt: 'Date and time', parts: 'Part', persona: 'Persona' };

const words = (name: string) => {
  const list = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  const text = list.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * A FieldError's `field` in words, for a message people read: `body.username` → 'Username',
 * `body.fullName` → 'Full name', `body.parts.1` → 'Part 2', `body.personality.humor` →
 * 'Personality › Humor'. The location (`body.`, `query.`, `params.`) is never shown: it means
 * nothing to the reader.
 */
export function fieldLabel(field: string): string {
  const path = field.split('.').filter(Boolean);
  if (path[0] !== undefined && LOCATIONS.has(path[0])) path.shift();
  const named: string[] = [];
  path.forEach((segment, i) => {
    const last = named.length - 1;
    if (!/^\d+$/.test(segment) || last < 0) {
      named.push(NAMES[segment] ?? words(segment));
      return;
    }
    // An item of a list, counted from one: 'Part 2', 'Custom times, item 1'.
    const number = Number(segment) + 1;
    const list = path[i - 1] ?? '';
    named[last] = list in NAMES ? `${named[last]} ${number}` : `${named[last]}, item ${number}`;
  });
  return named.length > 0 ? named.join(' › ') : 'Request';
}

/** A failed request's field errors as one readable line: 'Username: That username is taken'. */
export function fieldErrorsText(details: readonly FieldError[]): string {
  return details.map((d) => `${fieldLabel(d.field)}: ${d.message}`).join('; ');
}
