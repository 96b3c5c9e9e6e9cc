import { XMLParser } from 'fast-xml-parser';

/**
 * An item of a source: its headline, link and date, and `summary`: the first sentences of its own
 * text (the feed's description or content, a page's first paragraph under the headline), kept so
 * a curated post can say what the item says (decision 038). Null when the item has no text of its
 * own (a link-only feed such as Hacker News, a subreddit's "submitted by").
 */
export type FeedItem = { title: string; link: string | null; publishedAt: string | null; summary: string | null };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;

function text(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return text((value as Node)['#text']);
  return '';
}

export const MAX_TITLE_LENGTH = 300;

/** Text without tags or extra spaces, cut to a title's length (input is bounded first, so this stays linear). */
function clean(value: string): string {
  const text = decodeEntities(value.slice(0, 4 * MAX_TITLE_LENGTH).replace(/<[^<>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_TITLE_LENGTH ? `${text.slice(0, MAX_TITLE_LENGTH - 1)}…` : text;
}

export const MAX_SUMMARY_LENGTH = 400;
/** Text scanned for a summary: enough for a few paragraphs, bounded so parsing stays linear. */
const MAX_SUMMARY_SCANNED = 8000;

/** Lines a feed adds around an item's text that are not the item's text. */
const BOILERPLATE = [
  /\bsubmitted by\s+\/?u\/[\w-]+/i,
  /\[(?:link|comments)\]/i,
  /^(?:comments?|read more|continue reading|full story|more)\W*$/i,
  /\b(?:continue reading|read more|read the full (?:story|article))\b/i,
  /\bappeared first on\b/i,
  /\b(?:article|comments) url:/i,
  /^points:\s*\d+/i,
  /https?:\/\//i,
];

/** An item's own text as sentences: tags dropped, entities decoded, feed boilerplate and the headline itself left out. */
function sentencesOf(html: string, title: string): string[] {
  const plain = decodeEntities(
    html
      .slice(0, MAX_SUMMARY_SCANNED)
      .replace(/<\/(?:p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, ' \n ')
      .replace(/<[^<>]*>/g, ' '),
  );
  const sameAsTitle = (s: string) => s.toLowerCase().replace(/\W+/g, '') === title.toLowerCase().replace(/\W+/g, '');
  return plain
    .split(/\n+/)
    .flatMap((block) =>
      block
        .replace(/\s+/g, ' ')
        .trim()
        .split(/(?<=[.!?…])\s+(?=[“"‘(]?[A-Z0-9])/),
    )
    .map((s) => s.trim())
    .filter((s) => s.split(' ').length >= 5 && !BOILERPLATE.some((b) => b.test(s)) && !sameAsTitle(s));
}

/**
 * The first sentences of an item's text, up to MAX_SUMMARY_LENGTH (an extractive summary: the
 * lead of a news item carries its substance); null when it has none.
 */
export function summaryOf(html: string, title: string): string | null {
  let summary = '';
  for (const sentence of sentencesOf(html, title)) {
    const next = summary ? `${summary} ${sentence}` : sentence;
    if (next.length > MAX_SUMMARY_LENGTH) {
      if (!summary) summary = `${sentence.slice(0, MAX_SUMMARY_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
      break;
    }
    summary = next;
  }
  return summary || null;
}

function isoDate(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function atomLink(links: unknown): string | null {
  if (!Array.isArray(links)) return null;
  const nodes = links as Node[];
  const alternate = nodes.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? nodes[0];
  return typeof alternate?.['@_href'] === 'string' ? alternate['@_href'] : text(alternate) || null;
}

/** The items of an RSS 2.0, RSS 1.0 (RDF) or Atom document, or null when it is none of these. */
export function parseFeed(document: string): FeedItem[] | null {
  if (!/<(rss|feed|rdf:RDF)[\s>]/.test(document)) return null;
  let root: Node;
  try {
    root = parser.parse(document) as Node;
  } catch {
    return null;
  }
  const rss = root.rss as Node | undefined;
  const rdf = root['rdf:RDF'] as Node | undefined;
  const atom = root.feed as Node | undefined;
  if (rss || rdf) {
    const channel = (rss?.channel ?? {}) as Node;
    const items = ((rss ? channel.item : rdf?.item) ?? []) as Node[];
    return items
      .map((item) => {
        const title = clean(text(item.title));
        return {
          title,
          link: text(Array.isArray(item.link) ? item.link[0] : item.link) || null,
          publishedAt: isoDate(item.pubDate ?? item['dc:date']),
          summary: summaryOf(text(item.description) || text(item['content:encoded']), title),
        };
      })
      .filter((item) => item.title);
  }
  if (atom) {
    const entries = (atom.entry ?? []) as Node[];
    return entries
      .map((entry) => {
        const title = clean(text(entry.title));
        return {
          title,
          link: atomLink(entry.link),
          publishedAt: isoDate(entry.published ?? entry.updated),
          summary: summaryOf(text(entry.summary) || text(entry.content), title),
        };
      })
      .filter((item) => item.title);
  }
  return null;
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A numeric character reference, or the original text when it names no character. */
function codePoint(value: number, original: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : original;
}

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,8}|#\d{1,10}|[a-z]{2,8});/gi, (match, entity: string) => {
    if (entity[1] === 'x' || entity[1] === 'X') return codePoint(Number.parseInt(entity.slice(2), 16), match);
    if (entity.startsWith('#')) return codePoint(Number.parseInt(entity.slice(1), 10), match);
    return named[entity.toLowerCase()] ?? match;
  });
}

const MAX_HTML_SCANNED = 512 * 1024;
const MAX_HEADING_LENGTH = 4000;

/** Where each match of `pattern` starts, in order (one pass). */
function positions(text: string, pattern: RegExp): number[] {
  return Array.from(text.matchAll(pattern), (m) => m.index);
}

/** The first position at or after `from`, by binary search; -1 when there is none. */
function firstFrom(sorted: number[], from: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as number) < from) low = mid + 1;
    else high = mid;
  }
  return low < sorted.length ? (sorted[low] as number) : -1;
}

/** Removes <script>, <style> and <noscript> blocks in one pass (no backtracking). */
function withoutScripts(html: string): string {
  const lower = html.toLowerCase();
  const closes: Record<string, number[]> = {
    script: positions(lower, /<\/script/g),
    style: positions(lower, /<\/style/g),
    noscript: positions(lower, /<\/noscript/g),
  };
  const opening = /<(script|style|noscript)\b/g;
  let out = '';
  let at = 0;
  for (let match = opening.exec(lower); match; match = opening.exec(lower)) {
    out += `${html.slice(at, match.index)} `;
    const close = firstFrom(closes[match[1] as string] ?? [], match.index);
    if (close < 0) return out;
    const after = lower.indexOf('>', close);
    at = after < 0 ? lower.length : after + 1;
    opening.lastIndex = at;
  }
  return out + html.slice(at);
}

/** A web page's headlines: its h1-h3 texts (scripts and styles ignored), else its title. Linear in the page size. */
export function parseHeadlines(page: string): FeedItem[] {
  const html = withoutScripts(page.slice(0, MAX_HTML_SCANNED));
  const lower = html.toLowerCase();
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  const closes: Record<string, number[]> = {
    '1': positions(lower, /<\/h1/g),
    '2': positions(lower, /<\/h2/g),
    '3': positions(lower, /<\/h3/g),
  };
  const headings = positions(lower, /<h[1-3]\b/g);
  const paragraphs = positions(lower, /<p\b/g);
  const paragraphEnds = positions(lower, /<\/p>/g);
  /** The first paragraph after a heading and before the next one: the item's lead. */
  const leadAfter = (from: number, title: string): string | null => {
    const p = firstFrom(paragraphs, from);
    const next = firstFrom(headings, from);
    if (p < 0 || (next >= 0 && next < p)) return null;
    const close = firstFrom(paragraphEnds, p);
    return summaryOf(
      html.slice(p, close < 0 ? p + MAX_SUMMARY_SCANNED : Math.min(close, p + MAX_SUMMARY_SCANNED)),
      title,
    );
  };
  const opening = /<h([1-3])\b[^<>]{0,500}>/g;
  for (let match = opening.exec(lower); match; match = opening.exec(lower)) {
    const start = match.index + match[0].length;
    const end = firstFrom(closes[match[1] as string] ?? [], start);
    if (end < 0 || end - start > MAX_HEADING_LENGTH) continue;
    const inner = html.slice(start, end);
    const title = clean(inner);
    if (title.length < 8 || seen.has(title)) continue;
    seen.add(title);
    const link = /<a\b[^<>]*href="([^"]+)"/i.exec(inner)?.[1] ?? null;
    items.push({ title, link, publishedAt: null, summary: leadAfter(end, title) });
  }
  if (items.length > 0) return items;
  const titleStart = lower.indexOf('<title');
  const titleOpenEnd = titleStart < 0 ? -1 : lower.indexOf('>', titleStart);
  const titleEnd = titleOpenEnd < 0 ? -1 : lower.indexOf('</title', titleOpenEnd);
  const title = titleEnd < 0 ? '' : clean(html.slice(titleOpenEnd + 1, titleEnd));
  const description =
    /<meta\b[^<>]{0,300}\b(?:name|property)="(?:og:)?description"[^<>]{0,300}\bcontent="([^"<>]{1,2000})"/i.exec(
      html,
    )?.[1] ??
    /<meta\b[^<>]{0,300}\bcontent="([^"<>]{1,2000})"[^<>]{0,300}\b(?:name|property)="(?:og:)?description"/i.exec(
      html,
    )?.[1];
  return title
    ? [{ title, link: null, publishedAt: null, summary: description ? summaryOf(description, title) : null }]
    : [];
}
