/**
 * A post's text as a network shows it: plain runs, and the links, mentions and hashtags it turns
 * into links. X finds them as twitter-text does and shows a link shortened (t.co, its display
 * address); Bluesky finds them as its client's rich text does (facets) and shows the text as sent.
 * For previews only: what is sent is the text itself.
 */
import twitter from 'twitter-text';
import type { Platform } from '../platforms/platforms';

export type PostSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link' | 'mention' | 'tag'; text: string /** What the network shows. */; shown: string };

type Found = { kind: 'link' | 'mention' | 'tag'; start: number; end: number };

/** How long X shows a link before it cuts it with an ellipsis (its display_url). */
const X_SHOWN_LINK = 23;

/** The text's runs as the network shows them, in order; joining each run's `text` gives the text back. */
export function postSegments(platform: Platform, text: string): PostSegment[] {
  const found = platform === 'x' ? xEntities(text) : blueskyEntities(text);
  const segments: PostSegment[] = [];
  let at = 0;
  for (const entity of found) {
    if (entity.start < at) continue;
    if (entity.start > at) segments.push({ kind: 'text', text: text.slice(at, entity.start) });
    const run = text.slice(entity.start, entity.end);
    const shown = entity.kind === 'link' && platform === 'x' ? xShownLink(run) : run;
    segments.push({ kind: entity.kind, text: run, shown });
    at = entity.end;
  }
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
}

/** A link as X shows it: no scheme, no www, cut after 23 characters with an ellipsis. */
export function xShownLink(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  return bare.length > X_SHOWN_LINK ? `${bare.slice(0, X_SHOWN_LINK)}…` : bare;
}

function xEntities(text: string): Found[] {
  return twitter
    .extractEntitiesWithIndices(text)
    .map((entity): Found | null => {
      const [start, end] = entity.indices;
      if ('url' in entity) return { kind: 'link', start, end };
      if ('screenName' in entity) return { kind: 'mention', start, end };
      if ('hashtag' in entity || 'cashtag' in entity) return { kind: 'tag', start, end };
      return null;
    })
    .filter((entity): entity is Found => entity !== null)
    .sort((a, b) => a.start - b.start);
}

// Bluesky's client rules (its rich text's facet detection): a mention is @ and a handle with a
// dot; a link has a scheme or a domain with a known-looking top level; a tag is # and a word not
// made of digits only.
const MENTION =
  /(^|\s|\()@([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+)/g;
const LINK = /(^|\s|\()((https?:\/\/[\S]+)|([a-z][a-z0-9]*(\.[a-z0-9]+)+[\S]*))/gim;
const TAG = /(^|\s)[#＃]([^\s#＃]+)/gu;
const TOP_LEVEL =
  /\.(com|net|org|io|dev|app|social|xyz|co|me|ai|info|blog|news|edu|gov|uk|de|fr|jp|ca|au|us|eu|nl|br|in|es|it)$/i;

function blueskyEntities(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(MENTION)) {
    const handle = match[2] ?? '';
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    if (!/\.[a-z][a-z0-9-]*$/i.test(handle)) continue;
    found.push({ kind: 'mention', start, end: start + 1 + handle.length });
  }
  for (const match of text.matchAll(LINK)) {
    let url = match[2] ?? '';
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    if (!/^https?:\/\//i.test(url)) {
      const host = url.split(/[/?#]/)[0] ?? '';
      if (!TOP_LEVEL.test(host)) continue;
    }
    // Punctuation that ends a sentence is not part of the link, nor a closing bracket it did not open.
    url = url.replace(/[.,;:!?"']+$/, '');
    if (url.endsWith(')') && !url.includes('(')) url = url.slice(0, -1);
    found.push({ kind: 'link', start, end: start + url.length });
  }
  for (const match of text.matchAll(TAG)) {
    const tag = match[2];
    if (!tag) continue;
    const trimmed = tag.replace(/\p{P}+$/u, '');
    if (trimmed.length === 0 || trimmed.length > 64 || /^\d+$/.test(trimmed)) continue;
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    found.push({ kind: 'tag', start, end: start + 1 + trimmed.length });
  }
  // A mention inside a link (an address with @) is the link's.
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Found[] = [];
  for (const entity of found) {
    const last = kept[kept.length - 1];
    if (last && entity.start < last.end) continue;
    kept.push(entity);
  }
  return kept;
}
