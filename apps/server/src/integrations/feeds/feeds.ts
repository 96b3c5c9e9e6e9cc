import { type FeedItem, parseFeed, parseHeadlines } from './parse-feed';
import { FetchRefusedError, safeFetch } from './safe-fetch';

export type SourceType = 'rss' | 'reddit' | 'website';
export const MAX_FEED_ITEMS = 10;

/** Reads the latest titles of a content source: RSS and Atom feeds, a subreddit, a web page. */
export interface FeedsAdapter {
  latest(source: { type: SourceType; url: string }): Promise<FeedItem[]>;
}

/** A subreddit's address becomes its Atom feed (www.reddit.com/r/x/ -> www.reddit.com/r/x/.rss). */
export function redditFeedUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.pathname.endsWith('.rss')) parsed.pathname = `${parsed.pathname.replace(/\/$/, '')}/.rss`;
  return parsed.toString();
}

export function createFeedsAdapter(options: { allowPrivate: boolean; timeoutMs?: number }): FeedsAdapter {
  return {
    async latest(source) {
      const url = source.type === 'reddit' ? redditFeedUrl(source.url) : source.url;
      const page = await safeFetch(url, { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs ?? 10_000 });
      if (page.status >= 400) throw new FetchRefusedError(`The site answered HTTP ${page.status}`, 'failed');
      const feed = parseFeed(page.text);
      if (source.type !== 'website' && feed === null) {
        throw new FetchRefusedError('That address is not an RSS or Atom feed', 'failed');
      }
      const items = feed ?? parseHeadlines(page.text);
      if (items.length === 0) throw new FetchRefusedError('No headlines were found there', 'failed');
      return items.slice(0, MAX_FEED_ITEMS);
    },
  };
}
