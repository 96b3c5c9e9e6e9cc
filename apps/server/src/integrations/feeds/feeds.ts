import { type FeedItem, parseFeed, parseHeadlines } from './parse-feed';
import { FetchRefusedError, type NetworkReach, privateAddressMessage, safeFetch } from './safe-fetch';

export type SourceType = 'rss' | 'reddit' | 'website';
export const MAX_FEED_ITEMS = 10;

/** The validators of a source's last answer (ETag, Last-Modified), for a conditional request. */
export type Validators = { etag: string | null; lastModified: string | null };

/** Reads the latest titles of a content source: RSS and Atom feeds, a subreddit, a web page. */
export interface FeedsAdapter {
  latest(source: { type: SourceType; url: string }): Promise<FeedItem[]>;
  /**
   * A scheduled read: a conditional request with the last answer's validators. Unchanged (304):
   * no items; otherwise the items and the new validators.
   */
  poll(
    source: { type: SourceType; url: string },
    validators: Validators,
  ): Promise<{ unchanged: true } | { unchanged: false; items: FeedItem[]; validators: Validators }>;
}

/** A subreddit's address becomes its Atom feed (www.reddit.com/r/x/ -> www.reddit.com/r/x/.rss). */
export function redditFeedUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.pathname.endsWith('.rss')) parsed.pathname = `${parsed.pathname.replace(/\/$/, '')}/.rss`;
  return parsed.toString();
}

/** The refusal of a feed on a private or loopback address names the setting that allows it. */
export const FEEDS_PRIVATE_MESSAGE = privateAddressMessage('FEEDS_ALLOW_PRIVATE');

export function createFeedsAdapter(options: { reach: NetworkReach; timeoutMs?: number }): FeedsAdapter {
  const fetchPage = (source: { type: SourceType; url: string }, validators?: Validators) =>
    safeFetch(source.type === 'reddit' ? redditFeedUrl(source.url) : source.url, {
      reach: options.reach,
      refusal: FEEDS_PRIVATE_MESSAGE,
      timeoutMs: options.timeoutMs ?? 10_000,
      ...validators,
    });
  function itemsOf(source: { type: SourceType }, page: { status: number; text: string }): FeedItem[] {
    if (page.status >= 400) throw new FetchRefusedError(`The site answered HTTP ${page.status}`, 'failed');
    const feed = parseFeed(page.text);
    if (source.type !== 'website' && feed === null) {
      throw new FetchRefusedError('That address is not an RSS or Atom feed', 'failed');
    }
    const items = feed ?? parseHeadlines(page.text);
    if (items.length === 0) throw new FetchRefusedError('No headlines were found there', 'failed');
    return items.slice(0, MAX_FEED_ITEMS);
  }
  return {
    async latest(source) {
      return itemsOf(source, await fetchPage(source));
    },
    async poll(source, validators) {
      const page = await fetchPage(source, validators);
      if (page.status === 304) return { unchanged: true };
      return {
        unchanged: false,
        items: itemsOf(source, page),
        validators: { etag: page.etag ?? null, lastModified: page.lastModified ?? null },
      };
    },
  };
}
