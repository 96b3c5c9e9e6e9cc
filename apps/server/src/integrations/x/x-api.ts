/**
 * The X adapter: the only code that talks to X (OAuth 2.0 tokens, the signed-in user, posts),
 * through twitter-api-v2. The library hard-codes https://api.x.com; a plugin points it at the
 * configured API (a contract stub in tests), and every call has a timeout.
 */
import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, STATUS_CODES } from 'node:http';
import { postUrl, type Spend, X_SCOPES, xFindsLink } from '@plume/core';
import {
  ApiPartialResponseError,
  ApiRequestError,
  ApiResponseError,
  type ITwitterApiClientPlugin,
  type SendTweetV2Params,
  TwitterApi,
} from 'twitter-api-v2';
import {
  type AccountMetrics,
  type AccountProfile,
  type Mention,
  type MentionsRead,
  PlatformError,
  type PostReading,
  type PublishImage,
  type UsageMeter,
} from '../platform';

const X_API = 'https://api.x.com';

/** X's lifetime for an access token when the token answer gives none (editor spec §9). */
export const X_DEFAULT_TOKEN_LIFETIME_SECONDS = 7200;

export type XTokenSet = {
  accessToken: string;
  /** Present when offline.access was granted; X rotates it on every refresh (single use). */
  refreshToken: string | null;
  expiresAt: Date;
  scope: string[];
};

/** POST /2/tweets `reply_settings`: who may reply besides everyone (X's API reference, Create Post). */
export type XReplySettings = 'following' | 'mentionedUsers' | 'subscribers' | 'verified';

/** The body of POST /2/tweets as Plume sends it. `made_with_ai` is newer than twitter-api-v2's types. */
type XTweetBody = SendTweetV2Params & { made_with_ai?: boolean };
/** What twitter-api-v2 types `media.media_ids` as (a tuple of one to four ids). */
type XMediaIds = NonNullable<SendTweetV2Params['media']>['media_ids'];

export interface XApi {
  /** X's authorization page for this state and PKCE challenge (S256). */
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<XTokenSet>;
  refresh(refreshToken: string): Promise<XTokenSet>;
  me(accessToken: string): Promise<AccountProfile>;
  /**
   * Posts the parts as a reply chain (a thread), each replying to the one before; `inReplyTo`
   * continues an earlier chain. `replySettings` limits who may reply to the first part when it
   * starts the conversation (X takes it on a post, not on a reply); `madeWithAi` marks every
   * part as AI-written. `accountId` (the X user the token is for) is whose spend each post is.
   * Returns every id, first part first.
   */
  /**
   * Uploads one image (POST /2/media/upload, its bytes base64 in JSON) and sets its alt text
   * (POST /2/media/metadata) when it has one: the media id a post attaches.
   */
  uploadImage(accessToken: string, image: PublishImage): Promise<string>;
  postThread(
    accessToken: string,
    parts: string[],
    options?: {
      /** The media ids each part attaches (by index), uploaded first. */
      mediaIds?: readonly (readonly string[])[];
      inReplyTo?: string | undefined;
      replySettings?: XReplySettings | undefined;
      madeWithAi?: boolean;
      accountId?: string;
    },
  ): Promise<string[]>;
  revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void>;
  /**
   * The account's counts (users/me public_metrics) and its tweets since `since`, newest first,
   * with their public_metrics, 100 a page, at most `maxPages` pages. X bills every call: `reads`
   * counts them.
   */
  readMetrics(accessToken: string, options: { since: Date; maxPages: number }): Promise<AccountMetrics>;
  /**
   * The account's mentions (GET /2/users/:id/mentions: posts that name it, replies and quotes)
   * after `sinceId`, or from `startTime` on a first read; oldest first, with the post each replies
   * to. At most `maxPages` pages of 100; `reads` counts the calls (each billed).
   */
  readMentions(
    accessToken: string,
    userId: string,
    options: { sinceId: string | null; startTime: Date; maxPages: number },
  ): Promise<MentionsRead>;
}

/** A page of GET /2/users/:id/mentions with its expansions, as far as Plume reads it. */
type XMentionsPage = {
  data?: {
    id: string;
    text: string;
    author_id?: string;
    created_at?: string;
    conversation_id?: string;
    referenced_tweets?: { type: 'replied_to' | 'quoted' | 'retweeted'; id: string }[];
  }[];
  includes?: {
    users?: { id: string; username: string }[];
    tweets?: { id: string; text: string; author_id?: string }[];
  };
  meta?: { next_token?: string; newest_id?: string };
};

/** A page of GET /2/users/:id/tweets, as far as Plume reads it. */
type XTimelinePage = {
  data?: {
    id: string;
    text: string;
    created_at?: string;
    public_metrics?: {
      like_count?: number;
      retweet_count?: number;
      reply_count?: number;
      quote_count?: number;
      impression_count?: number;
    };
  }[];
  meta?: { next_token?: string };
};

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function createPkcePair(): { codeVerifier: string; codeChallenge: string } {
  const codeVerifier = randomBytes(48).toString('base64url');
  return { codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
}

// ---------------------------------------------------------------------------------------------
// Error mapping (pure, unit tested).

const NEVER_LEFT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
]);

function header(headers: IncomingHttpHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Seconds to wait after a 429: Retry-After when X sends it, else the reset of the window that ran
 * out (x-rate-limit-reset, or a 24-hour user or app limit at 0), at least 1 second.
 */
export function retryAfterSeconds(headers: IncomingHttpHeaders | undefined, now = Date.now()): number | undefined {
  const retryAfter = header(headers, 'retry-after');
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - now) / 1000));
  }
  const resets: number[] = [];
  for (const prefix of ['x-rate-limit', 'x-user-limit-24hour', 'x-app-limit-24hour']) {
    const reset = Number(header(headers, `${prefix}-reset`));
    const remaining = header(headers, `${prefix}-remaining`);
    // The per-window header counts even without `remaining`; the 24-hour ones only when used up.
    if (Number.isFinite(reset) && reset > 0 && (prefix === 'x-rate-limit' || remaining === '0')) resets.push(reset);
  }
  if (resets.length === 0) return undefined;
  return Math.max(1, Math.ceil(Math.max(...resets) - now / 1000));
}

/** X's own words for a failure: v2 problem detail/title, an OAuth error description, or v1 messages. */
export function xMessage(data: unknown, status: number): string {
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    const first = Array.isArray(d.errors) ? (d.errors[0] as Record<string, unknown> | undefined) : undefined;
    for (const candidate of [d.detail, d.error_description, first?.message, first?.detail, d.title, d.error]) {
      if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
    }
  }
  if (typeof data === 'string' && data.trim() !== '' && data.length < 300) return data.trim();
  return STATUS_CODES[status] ?? `HTTP ${status}`;
}

/**
 * The network error under an ApiRequestError. twitter-api-v2 1.29.1 builds it with `{ error }`
 * while its `requestError` getter reads `requestError`, so the getter alone is always undefined.
 */
function requestCause(error: ApiRequestError): NodeJS.ErrnoException {
  const options = (error as unknown as { _options?: { error?: unknown; requestError?: unknown } })._options;
  const cause = error.requestError ?? options?.requestError ?? options?.error;
  return cause instanceof Error ? cause : new Error(String(cause ?? 'unknown network error'));
}

/** Turns what twitter-api-v2 throws into a PlatformError. */
export function toXError(error: unknown): PlatformError {
  if (error instanceof PlatformError) return error;
  if (error instanceof ApiResponseError) {
    const status = error.code;
    const message = xMessage(error.data, status);
    const oauthError = typeof error.data?.error === 'string' ? error.data.error : undefined;
    const details = { status, ...(oauthError ? { oauthError } : {}) };
    if (status === 401) return new PlatformError(message, 'auth', details);
    if (status === 429) {
      const wait = retryAfterSeconds(error.headers);
      return new PlatformError(message, 'rate_limited', { ...details, ...(wait ? { retryAfterSeconds: wait } : {}) });
    }
    if (status >= 500) return new PlatformError(message, 'unknown', details);
    return new PlatformError(message, 'rejected', details);
  }
  if (error instanceof ApiPartialResponseError) {
    // X answered and the answer broke off: whatever was asked may have been done.
    return new PlatformError('X stopped answering partway through', 'unknown', { status: error.response.statusCode });
  }
  if (error instanceof ApiRequestError) {
    const cause = requestCause(error);
    if (cause.code && NEVER_LEFT.has(cause.code)) {
      return new PlatformError(`X could not be reached (${cause.code})`, 'rejected');
    }
    if (cause.message === 'Request timeout.') return new PlatformError('X did not answer in time', 'unknown');
    return new PlatformError(`The connection to X broke (${cause.code ?? cause.message})`, 'unknown');
  }
  return new PlatformError(error instanceof Error ? error.message : String(error), 'unknown');
}

// ---------------------------------------------------------------------------------------------

/**
 * Sends twitter-api-v2's requests to `apiUrl` instead of https://api.x.com, with a timeout, and
 * the OAuth 2.0 token endpoints form-encoded as X documents them (the library would send JSON).
 */
function endpointPlugin(apiUrl: string, timeoutMs: number): ITwitterApiClientPlugin {
  return {
    onBeforeRequestConfig({ params }) {
      if (params.url.startsWith(X_API)) params.url = apiUrl + params.url.slice(X_API.length);
      params.timeout = timeoutMs;
      if (new URL(params.url).pathname.startsWith('/2/oauth2/')) params.forceBodyMode = 'url';
    },
  };
}

export function createXApi(options: {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authorizeUrl: string;
  /** Longest wait for X's answer to go quiet (a socket idle timeout, per call). */
  timeoutMs?: number;
  /**
   * Where what X bills is reported, per account (decision 033): each post made, and each post and
   * profile an answer returned (X bills reads per resource returned).
   */
  meter?: UsageMeter;
}): XApi {
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  const settings = {
    plugins: [endpointPlugin(apiUrl, options.timeoutMs ?? 15_000)],
    // https.request accepts an http: URL when its agent speaks http (the stub in tests).
    ...(apiUrl.startsWith('http://') ? { httpAgent: new http.Agent() } : {}),
  };
  const client = (accessToken: string) => new TwitterApi(accessToken, settings);
  const appClient = () => new TwitterApi({ clientId: options.clientId, clientSecret: options.clientSecret }, settings);

  /** Reports what a call X answered billed the account (nothing when there is no meter or account). */
  async function billed(accountId: string | undefined, spend: Spend): Promise<void> {
    const counted = Object.fromEntries(Object.entries(spend).filter(([, n]) => n > 0));
    if (options.meter && accountId && Object.keys(counted).length > 0) {
      await options.meter.record('x', accountId, counted);
    }
  }

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toXError(error);
    }
  }

  function tokenSet(result: {
    accessToken: string;
    refreshToken?: string;
    expiresIn?: number;
    scope: string[];
  }): XTokenSet {
    const lifetime = Number(result.expiresIn) > 0 ? Number(result.expiresIn) : X_DEFAULT_TOKEN_LIFETIME_SECONDS;
    return {
      accessToken: result.accessToken,
      refreshToken: result.refreshToken ?? null,
      expiresAt: new Date(Date.now() + lifetime * 1000),
      scope: result.scope,
    };
  }

  return {
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(options.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: X_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    exchangeCode(input) {
      return call(async () => tokenSet(await appClient().loginWithOAuth2(input)));
    },

    refresh(refreshToken) {
      return call(async () => tokenSet(await appClient().refreshOAuth2Token(refreshToken)));
    },

    me(accessToken) {
      return call(async () => {
        const { data } = await client(accessToken).v2.me({
          'user.fields': ['public_metrics', 'profile_image_url', 'verified'],
        });
        await billed(data.id, { userReads: 1 });
        const metrics = data.public_metrics;
        return {
          externalId: data.id,
          username: data.username,
          displayName: data.name,
          avatarUrl: data.profile_image_url ?? null,
          followers: metrics?.followers_count ?? 0,
          following: metrics?.following_count ?? 0,
          posts: metrics?.tweet_count ?? 0,
          verified: data.verified ?? false,
          listed: metrics?.listed_count ?? 0,
        };
      });
    },

    async uploadImage(accessToken, image) {
      return call(async () => {
        const v2 = client(accessToken).v2;
        const uploaded = (await v2.post('media/upload', {
          media: image.bytes.toString('base64'),
          media_category: 'tweet_image',
          media_type: image.mimeType,
        })) as { data?: { id?: string } };
        const id = uploaded.data?.id;
        if (!id) throw new PlatformError('X did not say which media it stored', 'rejected');
        if (image.alt.trim() !== '') {
          await v2.post('media/metadata', { id, metadata: { alt_text: { text: image.alt } } });
        }
        return id;
      });
    },

    async postThread(accessToken, parts, postOptions = {}) {
      const v2 = client(accessToken).v2;
      const ids: string[] = [];
      let replyTo = postOptions.inReplyTo;
      for (const [index, text] of parts.entries()) {
        const mediaIds = postOptions.mediaIds?.[index] ?? [];
        const body: XTweetBody = {
          text,
          ...(mediaIds.length > 0 ? { media: { media_ids: [...mediaIds] as XMediaIds } } : {}),
          ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}),
          ...(!replyTo && postOptions.replySettings ? { reply_settings: postOptions.replySettings } : {}),
          ...(postOptions.madeWithAi ? { made_with_ai: true } : {}),
        };
        try {
          const { data } = await v2.tweet(body);
          ids.push(data.id);
          await billed(postOptions.accountId, { posts: 1, linkPosts: xFindsLink(text) ? 1 : 0 });
          replyTo = data.id;
        } catch (error) {
          const failure = toXError(error);
          throw new PlatformError(failure.message, failure.kind, { ...failure.details, postedIds: [...ids] });
        }
      }
      return ids;
    },

    async revoke(token, hint) {
      await call(() => appClient().revokeOAuth2Token(token, hint));
    },

    readMetrics(accessToken, { since, maxPages }) {
      return call(async () => {
        const v2 = client(accessToken).v2;
        const { data: me } = await v2.me({ 'user.fields': ['public_metrics'] });
        await billed(me.id, { userReads: 1 });
        let reads = 1;
        const posts: PostReading[] = [];
        let token: string | undefined;
        for (let page = 0; page < maxPages; page++) {
          const answer = (await v2.get(`users/${me.id}/tweets`, {
            max_results: 100,
            start_time: since.toISOString(),
            'tweet.fields': 'created_at,public_metrics',
            ...(token ? { pagination_token: token } : {}),
          })) as XTimelinePage;
          reads += 1;
          await billed(me.id, { postReads: answer.data?.length ?? 0 });
          for (const tweet of answer.data ?? []) {
            const metrics = tweet.public_metrics;
            posts.push({
              externalId: tweet.id,
              text: tweet.text,
              url: postUrl('x', me.username, tweet.id),
              postedAt: new Date(tweet.created_at ?? Date.now()),
              likes: metrics?.like_count ?? 0,
              reposts: metrics?.retweet_count ?? 0,
              replies: metrics?.reply_count ?? 0,
              quotes: metrics?.quote_count ?? 0,
              impressions: metrics?.impression_count ?? null,
            });
          }
          token = answer.meta?.next_token;
          if (!token) break;
        }
        const counts = me.public_metrics;
        return {
          account: {
            followers: counts?.followers_count ?? 0,
            following: counts?.following_count ?? 0,
            posts: counts?.tweet_count ?? 0,
          },
          posts,
          reads,
        };
      });
    },

    readMentions(accessToken, userId, { sinceId, startTime, maxPages }) {
      return call(async () => {
        const v2 = client(accessToken).v2;
        const mentions: Mention[] = [];
        let reads = 0;
        let newest = sinceId;
        let token: string | undefined;
        for (let page = 0; page < maxPages; page++) {
          const answer = (await v2.get(`users/${userId}/mentions`, {
            max_results: 100,
            ...(sinceId ? { since_id: sinceId } : { start_time: startTime.toISOString() }),
            'tweet.fields': 'author_id,created_at,conversation_id,referenced_tweets',
            expansions: 'author_id,referenced_tweets.id',
            'user.fields': 'username',
            ...(token ? { pagination_token: token } : {}),
          })) as XMentionsPage;
          reads += 1;
          // Every post and profile an answer returns is billed, its expansions too.
          await billed(userId, {
            postReads: (answer.data?.length ?? 0) + (answer.includes?.tweets?.length ?? 0),
            userReads: answer.includes?.users?.length ?? 0,
          });
          const users = new Map((answer.includes?.users ?? []).map((u) => [u.id, u.username]));
          const referenced = new Map((answer.includes?.tweets ?? []).map((t) => [t.id, t]));
          for (const tweet of answer.data ?? []) {
            if (!newest || BigInt(tweet.id) > BigInt(newest)) newest = tweet.id;
            const repliedTo = tweet.referenced_tweets?.find((r) => r.type === 'replied_to');
            const quoted = tweet.referenced_tweets?.find((r) => r.type === 'quoted');
            const parent = repliedTo ? referenced.get(repliedTo.id) : undefined;
            const kind =
              quoted && referenced.get(quoted.id)?.author_id === userId
                ? 'quote'
                : parent?.author_id === userId
                  ? 'reply'
                  : 'mention';
            const handle = users.get(tweet.author_id ?? '') ?? tweet.author_id ?? 'unknown';
            const root = tweet.conversation_id ?? tweet.id;
            mentions.push({
              externalId: tweet.id,
              kind,
              author: { id: tweet.author_id ?? '', handle },
              text: tweet.text,
              url: postUrl('x', handle, tweet.id),
              receivedAt: new Date(tweet.created_at ?? Date.now()),
              ref: { parent: { id: tweet.id }, root: { id: root } },
              inReplyTo: parent ? { author: users.get(parent.author_id ?? '') ?? '', text: parent.text } : null,
            });
          }
          token = answer.meta?.next_token;
          if (!token) break;
        }
        mentions.sort((a, b) => (BigInt(a.externalId) < BigInt(b.externalId) ? -1 : 1));
        return { mentions, cursor: newest, reads };
      });
    },
  };
}
