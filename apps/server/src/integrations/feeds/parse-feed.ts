import { XMLParser } from 'fast-xml-parser';

export type FeedItem = { title: string; link: string | null; publishedAt: string | null };

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

function clean(value: string): string {
  return decodeEntities(value.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
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
      .map((item) => ({
        title: clean(text(item.title)),
        link: text(Array.isArray(item.link) ? item.link[0] : item.link) || null,
        publishedAt: isoDate(item.pubDate ?? item['dc:date']),
      }))
      .filter((item) => item.title);
  }
  if (atom) {
    const entries = (atom.entry ?? []) as Node[];
    return entries
      .map((entry) => ({
        title: clean(text(entry.title)),
        link: atomLink(entry.link),
        publishedAt: isoDate(entry.published ?? entry.updated),
      }))
      .filter((item) => item.title);
  }
  return null;
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return named[entity.toLowerCase()] ?? match;
  });
}

/** A web page's headlines: its h1-h3 texts (scripts and styles ignored), else its title. */
export function parseHeadlines(html: string): FeedItem[] {
  const body = html.replace(/<(script|style|noscript)[\s\S]*?<\/\1>/gi, ' ');
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const match of body.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1>/gi)) {
    const title = clean(match[2] ?? '');
    if (title.length < 8 || title.length > 300 || seen.has(title)) continue;
    seen.add(title);
    const link = /<a\b[^>]*href="([^"]+)"/i.exec(match[2] ?? '')?.[1] ?? null;
    items.push({ title, link, publishedAt: null });
  }
  if (items.length > 0) return items;
  const title = clean(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '');
  return title ? [{ title, link: null, publishedAt: null }] : [];
}
