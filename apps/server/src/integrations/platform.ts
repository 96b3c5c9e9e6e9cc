/**
 * The one contract between Plume and a social network. Each network implements `PlatformAdapter`
 * once (integrations/x/x-adapter.ts, integrations/bluesky/bluesky-adapter.ts); the composition root
 * registers them in one `Record<Platform, PlatformAdapter>` handed to every service, which speaks
 * to a network only in these words. Adding a network is one adapter and its entry there.
 */
import type { Platform, PostPart, Spend, WhoCanReply } from '@plume/core';

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

/**
 * How a post goes out beyond its parts (decision 034). Plume's automation sets them on what it
 * writes; a post a person wrote goes out without them.
 */
export type PublishOptions = {
  /**
   * Who may reply: Bluesky writes a threadgate record with the post, X sends `reply_settings`
   * (`PLATFORM_RULES[p].replyControl` says what each choice becomes). Only a post that starts a
   * conversation can limit its replies: with `replyTo` it is left out on both networks.
   */
  whoCanReply?: WhoCanReply;
  /** A model wrote it: said where the network has a way to say so (X's `made_with_ai`). */
  aiWritten?: boolean;
  /**
   * The images of each part (by index), fitted for this network. Every image is uploaded before
   * the first part is posted: a failed upload fails the post with nothing sent (never half a post).
   */
  images?: readonly (readonly PublishImage[])[];
};

/**
 * An image a part carries, ready for the network it goes to (decision 046-media-library): bytes
 * within the network's limit (PLATFORM_RULES[p].media), their size in pixels and the alt text.
 * The publishing service reads and fits them from the media library; an adapter only sends them.
 */
export type PublishImage = {
  bytes: Buffer;
  mimeType: string;
  width: number;
  height: number;
  alt: string;
};

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

/** A mention as `mentions.ref` keeps it: where a reply to it goes, and the post it replies to when the network gave it. */
export type StoredMentionRef = ReplyRef & { inReplyTo?: { author: string; text: string } | null };

/** The post a reply answers, as `posts.reply_to` keeps it: what threading needs, and what the calendar shows. */
export type StoredReplyTo = { ref: ReplyRef; authorId: string; author: string; text: string; url: string | null };

/**
 * A read of an account's new mentions: those after the cursor, oldest first; the cursor to keep
 * (the newest seen); and how many calls it took (X bills each).
 */
export type MentionsRead = { mentions: Mention[]; cursor: string | null; reads: number };

/** A post of someone else's that the persona might like or repost. */
export type CandidatePost = {
  /** The post's id on the network (an at:// URI on Bluesky). */
  uri: string;
  /** Its version, which a like or repost points at (Bluesky's cid). */
  cid: string;
  text: string;
  author: { did: string; handle: string };
  url: string;
  /** Whether the account liked or reposted it already. */
  liked: boolean;
  reposted: boolean;
};

/**
 * An account the persona might follow (`did`: its id on the network): whether the persona follows
 * it already, and whether it follows the persona (it opted in).
 */
export type CandidateAccount = {
  did: string;
  handle: string;
  text: string;
  followers: number;
  following: boolean;
  followsYou: boolean;
};

/**
 * A persona's connected account as every adapter call takes it: loaded once by the caller (a job,
 * a route) and handed down, never read again by the adapter. The accounts repository's row is one.
 */
export type PlatformAccount = {
  id: string;
  personaId: string;
  /** The account's id on the network (X user id, Bluesky DID). */
  externalId: string;
  /** Its handle, for links. */
  username: string;
  authMethod: string;
  /** What the adapter keeps for the connection, sealed; null where the network's client keeps it (Bluesky OAuth). */
  credentials: string | null;
  /** 'error' when the connection was refused: calls fail at once until the user reconnects. */
  status: string;
  errorMessage: string | null;
};

/**
 * Likes, reposts and follows (decision 022), on a network whose rules allow them to an automated
 * account (`PLATFORM_RULES[p].engagement`): X's do not, so its adapter has none. They go only to
 * people who reached the persona first (decision 032): the reads below find them.
 */
export interface EngagementActions {
  /** Recent posts of an account (not reposts, not replies): likes and reposts of people who follow or mentioned the persona. */
  authorPosts(account: PlatformAccount, actor: string, limit: number): Promise<CandidatePost[]>;
  /** Posts by id as they are now (the mentions kept): gone ones are left out. */
  posts(account: PlatformAccount, ids: string[]): Promise<CandidatePost[]>;
  /** The accounts that follow the account, newest first (at most `limit`). */
  followers(account: PlatformAccount, limit: number): Promise<{ did: string; handle: string }[]>;
  /** Profiles: followers, description, whether the account follows them already and whether they follow it. */
  profiles(account: PlatformAccount, ids: string[]): Promise<CandidateAccount[]>;
  /** Each answers the record made: what undoing deletes. */
  like(account: PlatformAccount, post: CandidatePost): Promise<string>;
  repost(account: PlatformAccount, post: CandidatePost): Promise<string>;
  follow(account: PlatformAccount, id: string): Promise<string>;
  /** Deletes the record an action made. */
  undo(account: PlatformAccount, recordId: string): Promise<void>;
}

/** An account's profile as the network shows it. */
export type AccountProfile = {
  externalId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  followers: number;
  following: number;
  posts: number;
  /** Where the network has them (X). */
  verified?: boolean;
  listed?: number;
};

/** What an authorization granted, before anything is kept: a read of the account's profile, and what to keep. */
export type AccountGrant = {
  /** Reads the account's profile with what was granted. */
  profile(): Promise<AccountProfile>;
  /** The credentials to keep on the connection, sealed for this persona; null where the network's client keeps them. */
  seal(personaId: string): string | null;
};

/** What a password sign-in granted: the account it names, and what to keep (sealed for this persona). */
export type PasswordGrant = { externalId: string; username: string; seal(personaId: string): string };

/**
 * An authorization that did not finish at the network (the user said no, an unknown or spent
 * state): the network's words, and our app state when it is still known.
 */
export class AuthorizationError extends Error {
  constructor(
    message: string,
    public readonly appState: string | null,
  ) {
    super(message);
    this.name = 'AuthorizationError';
  }
}

/**
 * The network's half of connecting an account; the accounts module does the rest (who may, the
 * popup's pages, saving the connection). Failures are PlatformError unless said otherwise.
 */
export interface AccountConnect {
  /** Why the network cannot be used on this server (X without X_CLIENT_ID), else null. */
  readonly unavailable: string | null;
  /**
   * Whether the authorization's callback arrives in the browser session that started it (false
   * for an atproto loopback client in development, whose callback comes without the app's cookie).
   */
  readonly callbackHasSession: boolean;
  /** A document the network fetches to know Plume (atproto's OAuth client metadata); null where none. */
  readonly clientMetadata: object | null;
  /**
   * The network's authorization page for a new authorization carrying `appState` (ours, kept
   * sealed until the callback). `handle` names the account where the network must find its server
   * first (Bluesky); the persona leads X's state, as its popup page expects.
   */
  authorize(input: { personaId: string; appState: string; handle?: string }): Promise<string>;
  /** The app state of an authorization under way, without using it up; null when unknown or expired. */
  pendingAppState(state: string): Promise<string | null>;
  /**
   * Finishes an authorization with its callback's parameters (code, state, iss), using the state
   * up: null when the state is unknown, expired or spent; AuthorizationError when the network
   * finished it without a grant.
   */
  finishAuthorization(params: URLSearchParams): Promise<{ appState: string | null; grant: AccountGrant } | null>;
  /** Signs in with a password (Bluesky's app passwords); PlatformError with the network's status and words. */
  signIn?(input: { identifier: string; password: string; service: string }): Promise<PasswordGrant>;
  /** The connected account's profile, read now. */
  profile(account: PlatformAccount): Promise<AccountProfile>;
  /** Renews the account's access now (X's refresh); null when there is nothing to renew it with. */
  renew?(account: PlatformAccount): Promise<{ expiresAt: string } | null>;
}

/**
 * One network, as every service sees it. Every call takes the connected account the caller
 * loaded; a failure is a PlatformError (its kind decides what the caller may do next), and an
 * `auth` failure has already marked the connection for a reconnect (CredentialStore.guard).
 */
export interface PlatformAdapter {
  readonly platform: Platform;
  connect: AccountConnect;
  /** Revokes what the network granted for a connection being removed (best effort: the caller logs a failure). */
  revoke(account: PlatformAccount): Promise<void>;
  /**
   * Posts the parts as the account: one post, or a thread (each part replying to the one before);
   * under `replyTo` when given. A retry after a refreshed token goes on from the last part that
   * went out; a failure names the parts already posted (details.postedIds).
   */
  publish(
    account: PlatformAccount,
    parts: readonly PostPart[],
    replyTo?: ReplyRef,
    options?: PublishOptions,
  ): Promise<PublishOutcome>;
  /**
   * Adds (`on`) or removes the account's own "automated" label, changing nothing else on its
   * profile (Bluesky's `bot` self-label); networks whose API cannot leave it out. Answers whether
   * the profile changed.
   */
  setAutomatedLabel?(account: PlatformAccount, on: boolean): Promise<boolean>;
  /**
   * The account's post with this text made since `since` (reconciling an unconfirmed post);
   * networks that cannot tell leave it out.
   */
  findRecentPost?(account: PlatformAccount, text: string, since: Date): Promise<PublishOutcome | null>;
  /** The account's counts and its posts since `since`, newest first. */
  readMetrics?(account: PlatformAccount, options: { since: Date; maxPages: number }): Promise<AccountMetrics>;
  /** Posts by id (Plume's own that a metrics read did not reach); networks that cannot leave it out. */
  readPosts?(account: PlatformAccount, ids: string[]): Promise<Pick<AccountMetrics, 'posts' | 'reads'>>;
  /** The account's new mentions after `cursor` (or from `since` on a first read), oldest first. */
  readMentions?(
    account: PlatformAccount,
    options: { cursor: string | null; since: Date; maxPages: number },
  ): Promise<MentionsRead>;
  /**
   * The posts above one in its thread, oldest first (a reply's context); a network that gives it
   * with the mention leaves it out.
   */
  threadAbove?(account: PlatformAccount, postId: string): Promise<{ author: string; text: string }[]>;
  /** Likes, reposts and follows, where the network allows them. */
  engagement?: EngagementActions;
}

/**
 * Where the adapters keep a connection's credentials, one implementation for every network
 * (modules/accounts/credential-store.ts). Refresh tokens are single use: whoever renews them
 * does so alone, across every process, and stores the new ones before anyone else reads them.
 */
export interface CredentialStore {
  /** Runs `work` holding the lock `name`, one holder at a time across every process (an OAuth client's refreshes). */
  exclusive<T>(name: string, work: () => T | PromiseLike<T>): Promise<T>;
  /**
   * Runs `work` alone for this account's credentials, with them as stored now (another holder may
   * have rotated them since the account was loaded; undefined when the connection is gone) and a
   * `save` for new ones. A save is dropped when the connection was replaced meanwhile (a reconnect wins).
   */
  update<T>(
    account: Pick<PlatformAccount, 'id'>,
    work: (stored: string | null | undefined, save: (sealed: string) => Promise<void>) => Promise<T>,
  ): Promise<T>;
  /**
   * Runs one call on the account: a failure of kind `auth` (revoked, expired, unreadable tokens)
   * marks the connection `error` with its message, for every network alike, and is thrown on.
   */
  guard<T>(account: PlatformAccount, work: () => Promise<T>): Promise<T>;
}

/**
 * Where every adapter reports what each call it made spent of the account's network limits or
 * bill (decision 033): Bluesky's record writes in points and its sessions created, X's posts and
 * the posts and profiles its answers returned. Reported where the call is made, once the network
 * accepted it, so each write is counted once whoever asked for it (a publish, a like, an Undo, a
 * profile or reply-control write). The budget module is the one implementation.
 */
export interface UsageMeter {
  /** Adds a spend to the account (`accountId`: its id on the network); never fails the call it follows. */
  record(platform: Platform, accountId: string, spend: Spend): Promise<void>;
}

/** Authorizations under way (OAuth state), sealed and short lived; the accounts repository is one. */
export type PendingAuthorizations = {
  putState(key: string, platform: Platform, value: string, ttlMs: number): Promise<void>;
  getState(key: string, platform: Platform): Promise<string | undefined>;
  takeState(key: string, platform: Platform): Promise<string | undefined>;
  deleteState(key: string): Promise<void>;
};

/** Whatever a call threw, as a PlatformError (`unknown` when it was not one). */
export function asPlatformError(error: unknown): PlatformError {
  return error instanceof PlatformError
    ? error
    : new PlatformError(error instanceof Error ? error.message : String(error), 'unknown');
}
