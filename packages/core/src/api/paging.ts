import { z } from 'zod';
import { isUuid } from './ids';

/** Most items one page holds; a page asked for without a size holds PAGE_DEFAULT (decision 044-list-paging). */
export const PAGE_MAX = 200;
export const PAGE_DEFAULT = 50;

/**
 * Where a page ended: its last item's sort key and id (a keyset, never an offset). The key is the
 * database's own time to the microsecond (`2026-11-26T11:07:25.123456Z`): a millisecond Date would
 * repeat or skip rows written within the same millisecond.
 */
export type PageKey = { at: string; id: string };

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** The opaque cursor of a key: base64url of `<ISO time>~<id>`. */
export const encodeCursor = (key: PageKey): string => toBase64Url(`${key.at}~${key.id}`);

/** The key a cursor names, or null when it is not one this API wrote. */
export function decodeCursor(cursor: string): PageKey | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  let text: string;
  try {
    text = fromBase64Url(cursor);
  } catch {
    return null;
  }
  const [iso, id, ...rest] = text.split('~');
  if (!iso || !id || rest.length > 0 || !isUuid(id)) return null;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(iso)) return null;
  // A real instant (no 30 February): the milliseconds read back as written.
  const ms = `${iso.slice(0, 23)}Z`;
  const at = new Date(ms);
  return !Number.isNaN(at.getTime()) && at.toISOString() === ms ? { at: iso, id } : null;
}

export const CURSOR_INVALID = 'must be a cursor from an earlier page';
export const LIMIT_INVALID = `must be a whole number from 1 to ${PAGE_MAX}`;

/**
 * `limit` and `cursor` of a paged list: with either, the answer is one page and tells the next
 * cursor; with neither, the list answers as it always did.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_INVALID })
    .int(LIMIT_INVALID)
    .min(1, LIMIT_INVALID)
    .max(PAGE_MAX, LIMIT_INVALID)
    .optional(),
  cursor: z
    .string()
    .transform((value, ctx) => {
      const key = decodeCursor(value);
      if (!key) {
        ctx.addIssue({ code: 'custom', message: CURSOR_INVALID });
        return z.NEVER;
      }
      return key;
    })
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list: its items, the cursor of the next (null: this was the last). */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** The header that carries the next page's cursor where the body is a bare array. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
