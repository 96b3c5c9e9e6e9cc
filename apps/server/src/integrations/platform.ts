/**
 * The one contract between Plume and a social network. Each network's adapter
 * (integrations/x, integrations/bluesky) reports in these words, so that publishing, metrics and
 * engagement treat X and Bluesky alike.
 */

/** A post that went out: the id of every part, first part first (tweet ids, at:// URIs). */
export type PublishOutcome = {
  externalIds: string[];
  /** Where the first part is seen on the web. */
  url: string | null;
};

/**
 * How a call to a network failed, which decides what the caller may do next:
 * - `rejected`: the network refused it (a 4xx), or it never left (a refused connection, an unknown
 *   host, an account that is not connected): nothing happened.
 * - `auth`: the connection was revoked or expired (401): refresh, or the user reconnects.
 * - `rate_limited`: 429: try again after `retryAfterSeconds` (the network's reset time).
 * - `unknown`: it may have happened (a timeout or a reset after sending, a 5xx): never retried blindly.
 */
export type PlatformFailure = 'rejected' | 'auth' | 'rate_limited' | 'unknown';

export class PlatformError extends Error {
  constructor(
    message: string,
    public readonly kind: PlatformFailure,
    public readonly details: {
      /** The network's HTTP status, when it answered. */
      status?: number;
      retryAfterSeconds?: number;
      /** The parts of a thread that did go out before the failure. */
      postedIds?: string[];
      /** An OAuth error code (invalid_grant, …) on token endpoints. */
      oauthError?: string;
    } = {},
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

/** An account as the network counts it, at the moment it was read. */
export type AccountReading = { followers: number; following: number; posts: number };

/** A post of the account's (made with Plume or not) and its counts as the network gives them now. */
export type PostReading = {
  /** The tweet id or at:// URI. */
  externalId: string;
  text: string;
  url: string | null;
  postedAt: Date;
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
  /** Where the network gives it (X, to the account's owner); null elsewhere. */
  impressions: number | null;
};

/**
 * What a metrics sync read from one account: its counts, its posts since the date asked for (as
 * many as the read budget allowed, newest first), and how many calls that took.
 */
export type AccountMetrics = { account: AccountReading; posts: PostReading[]; reads: number };

/** A post on a network, as a reply needs to point at it (Bluesky wants the cid too). */
export type PostRef = { id: string; cid?: string };

/** Where a reply goes: under `parent`, in the thread that starts at `root` (the same post for a top-level one). */
export type ReplyRef = { parent: PostRef; root: PostRef };

/** A post that mentions, replies to or quotes the persona's account, as read from the network. */
export type Mention = {
  /** The post's id (at:// URI, tweet id): the mention's unique key on its account. */
  externalId: string;
  kind: 'mention' | 'reply' | 'quote';
  author: { id: string; handle: string };
  text: string;
  url: string | null;
  receivedAt: Date;
  ref: ReplyRef;
  /** The post it replies to, when the network gave it (context for a reply). */
  inReplyTo?: { author: string; text: string } | null;
};

/**
 * A read of an account's new mentions: those after the cursor, oldest first; the cursor to keep
 * (the newest seen); and how many calls it took (X bills each).
 */
export type MentionsRead = { mentions: Mention[]; cursor: string | null; reads: number };
