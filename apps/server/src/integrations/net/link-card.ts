/**
 * Link cards (decision 043): what a page says about itself (its Open Graph tags, else
 * its <title> and meta description) and its picture, read through the SSRF-safe fetcher with a
 * timeout and a size cap. Nothing here throws at its callers: a page that cannot be read gives no
 * card, a picture that cannot be read (or is not an image, or is too large) gives none.
 */
import type { LinkCard } from '@plume/core';
import { decodeEntities } from '../feeds/parse-feed';
import { type NetworkReach, privateAddressMessage, safeFetch } from '../feeds/safe-fetch';

/** Bluesky takes a card's picture up to 1,000,000 bytes. */
export const MAX_THUMB_BYTES = 1_000_000;
/** Enough for any page's <head>: the rest is cut off, not read. */
const MAX_PAGE_BYTES = 1_000_000;
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1000;

export type PageMeta = { title: string; description: string; image: string | null };

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
};

const tidy = (value: string, max: number) => {
  const flat = decodeEntities(value).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/**
 * A page's own account of itself: og:title, og:description and og:image (twitter:* next), else
 * its <title> and meta description. The image is made absolute against the page's address; only
 * an http(s) one is kept.
 */
export function parseOpenGraph(html: string, pageUrl: string): PageMeta {
  // The head is where these live; a page without one is read up to its body.
  const head = html.slice(0, Math.max(html.search(/<body[\s>]/i), 0) || html.length);
  const metas = new Map<string, string>();
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const key = (attribute(tag, 'property') ?? attribute(tag, 'name'))?.toLowerCase();
    const content = attribute(tag, 'content');
    if (key && content !== null && !metas.has(key)) metas.set(key, content);
  }
  const first = (...keys: string[]) => keys.map((k) => metas.get(k)?.trim()).find((v) => v) ?? '';
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1] ?? '';
  const title = tidy(first('og:title', 'twitter:title') || titleTag, TITLE_MAX);
  const description = tidy(first('og:description', 'twitter:description', 'description'), DESCRIPTION_MAX);
  const rawImage = decodeEntities(first('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image'));
  let image: string | null = null;
  if (rawImage) {
    try {
      const absolute = new URL(rawImage, pageUrl);
      if (absolute.protocol === 'http:' || absolute.protocol === 'https:') image = absolute.toString();
    } catch {
      image = null;
    }
  }
  return { title, description, image };
}

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** What an image is by its first bytes (JPEG, PNG, WebP, GIF), whatever its address or headers say; null: not one of them. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 6 && (starts(0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || starts(0x47, 0x49, 0x46, 0x38, 0x39, 0x61)))
    return 'image/gif';
  if (
    bytes.length >= 12 &&
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'image/webp';
  return null;
}

export type CardImage = { bytes: Uint8Array; mimeType: ImageType };

/** Reads link cards and their pictures from the web, as far as `reach` allows (FEEDS_ALLOW_PRIVATE). */
export type LinkPreviews = {
  /** The card for a page; null when it cannot be read or says nothing (no title). */
  readCard(url: string): Promise<LinkCard | null>;
  /** A card's picture, when it is a JPEG, PNG, WebP or GIF of at most 1,000,000 bytes; else null. */
  readImage(url: string): Promise<CardImage | null>;
};

export function createLinkPreviews(options: { reach: NetworkReach; timeoutMs?: number }): LinkPreviews {
  const fetchOptions = (maxBytes: number) => ({
    reach: options.reach,
    refusal: privateAddressMessage('FEEDS_ALLOW_PRIVATE'),
    timeoutMs: options.timeoutMs ?? 5_000,
    maxBytes,
  });
  return {
    async readCard(url) {
      try {
        const page = await safeFetch(url, fetchOptions(MAX_PAGE_BYTES));
        if (page.status >= 400 || !/html/i.test(page.contentType || 'text/html')) return null;
        const meta = parseOpenGraph(page.text, page.url);
        if (!meta.title) return null;
        return { url, title: meta.title, description: meta.description, imageId: null, imageUrl: meta.image };
      } catch {
        return null;
      }
    },
    async readImage(url) {
      try {
        const answer = await safeFetch(url, fetchOptions(MAX_THUMB_BYTES));
        if (answer.status >= 400 || answer.body.length === 0 || answer.body.length > MAX_THUMB_BYTES) return null;
        const mimeType = sniffImage(answer.body);
        return mimeType ? { bytes: new Uint8Array(answer.body), mimeType } : null;
      } catch {
        return null;
      }
    },
  };
}
