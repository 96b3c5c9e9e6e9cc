/**
 * A contract stub of the X API v2 endpoints Plume uses, on loopback: OAuth 2.0 authorization
 * code with PKCE for a confidential client, refresh-token rotation (each refresh token works once,
 * as on X), revocation, the signed-in user, and posting (replies make threads). It keeps what
 * happened so tests can read it back, and answers scripted failures in order. Mentions (posts by
 * others naming, replying to or quoting a user) are read with since_id, as on X. Images go up through
 * POST /2/media/upload (base64 JSON) with alt text by POST /2/media/metadata, and a tweet attaches
 * them by `media.media_ids` (a failed upload is scripted with `next`). Anything else is a
 * 404 that is recorded, so a test can assert no unexpected call was made.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Every OAuth 2.0 scope X knows (a request naming another is refused). */
const KNOWN_SCOPES = new Set([
  'tweet.read',
  'tweet.write',
  'tweet.moderate.write',
  'users.read',
  'follows.read',
  'follows.write',
  'offline.access',
  'space.read',
  'mute.read',
  'mute.write',
  'like.read',
  'like.write',
  'list.read',
  'list.write',
  'block.read',
  'block.write',
  'bookmark.read',
  'bookmark.write',
  'media.write',
]);

/** The fields of POST /2/tweets (X's API reference, Create or Edit Post); any other is refused. */
const TWEET_FIELDS = new Set([
  'card_uri',
  'community_id',
  'direct_message_deep_link',
  'edit_options',
  'for_super_followers_only',
  'geo',
  'made_with_ai',
  'media',
  'nullcast',
  'paid_partnership',
  'poll',
  'quote_tweet_id',
  'reply',
  'reply_settings',
  'share_with_followers',
  'text',
]);
/** Who may reply to a post, as X takes it; none: everyone. */
const REPLY_SETTINGS = new Set(['following', 'mentionedUsers', 'subscribers', 'verified']);

export type XStubUser = {
  id: string;
  name: string;
  username: string;
  profile_image_url: string;
  verified: boolean;
  public_metrics: { followers_count: number; following_count: number; tweet_count: number; listed_count: number };
};

export type XStubTweet = {
  id: string;
  text: string;
  authorId: string;
  inReplyTo: string | null;
  /** The tweet it quotes, if any. */
  quoteOf?: string | null;
  /** Who may reply, as POST /2/tweets set it (`reply_settings`); absent: everyone. */
  replySettings?: string;
  /** Whether it was posted as made with AI (`made_with_ai`). */
  madeWithAi?: boolean;
  /** The media it attaches (`media.media_ids`). */
  mediaIds?: string[];
  createdAt: string;
  /** What others did with it (a test sets them); X gives them as public_metrics. */
  metrics: {
    like_count: number;
    retweet_count: number;
    reply_count: number;
    quote_count: number;
    impression_count: number;
  };
};

/** What a scripted step does with the next request to its route. */
export type XStubStep =
  | 'pass'
  /** Never answers (the caller's timeout ends it). */
  | 'hang'
  /** Reads the request, then drops the connection without an answer. */
  | 'reset'
  /** Does what was asked (a tweet is posted), then never answers: the answer is lost on the way. */
  | 'lose-answer'
  | { status: number; body?: unknown; headers?: Record<string, string> };

type Route =
  | 'GET /i/oauth2/authorize'
  | 'POST /2/oauth2/token'
  | 'POST /2/oauth2/revoke'
  | 'GET /2/users/me'
  | 'GET /2/users/:id/tweets'
  | 'GET /2/users/:id/mentions'
  | 'POST /2/tweets'
  | 'POST /2/media/upload'
  | 'POST /2/media/metadata';

type AccessToken = { userId: string; scope: string[]; expiresAt: number; revoked: boolean };
type RefreshToken = { userId: string; scope: string[]; used: boolean; revoked: boolean };
type Grant = {
  userId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string[];
  expiresAt: number;
};

const problem = (status: number, title: string, detail: string, type = 'about:blank') => ({
  status,
  body: { title, detail, type, status },
});
const UNAUTHORIZED = problem(401, 'Unauthorized', 'Unauthorized');
const INVALID_TOKEN = { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' };

export function createXStub(options: { clientId: string; clientSecret: string }) {
  const state = {
    /** The account that signs in at the authorization page (a test may change it). */
    user: {
      id: '1460000000000000001',
      name: 'Ada Lovelace',
      username: 'ada_writes',
      profile_image_url: 'https://pbs.twimg.com/profile_images/1/ada_normal.jpg',
      verified: false,
      public_metrics: { followers_count: 1234, following_count: 56, tweet_count: 789, listed_count: 3 },
    } as XStubUser,
    users: new Map<string, XStubUser>(),
    /** Callback URLs registered for the app (X refuses others). */
    redirectUris: [] as string[],
    /** Whether offline.access yields a refresh token (false: as if the grant had left it out). */
    issueRefreshTokens: true,
    /** Lifetime of the access tokens issued next; `null`: the token answer leaves expires_in out. */
    accessTokenLifetime: 7200 as number | null,
    grants: new Map<string, Grant>(),
    accessTokens: new Map<string, AccessToken>(),
    refreshTokens: new Map<string, RefreshToken>(),
    tweets: [] as XStubTweet[],
    /** Media uploaded through POST /2/media/upload, by id: its bytes, type and alt text (POST /2/media/metadata). */
    media: new Map<string, { userId: string; bytes: Buffer; mediaType: string; alt: string | null }>(),
    /** Every refresh token presented to the token endpoint, in order (reuse shows as a repeat). */
    refreshTokensPresented: [] as string[],
    /** Tokens revoked through /2/oauth2/revoke. */
    revoked: [] as string[],
    /** Requests the stub refused before doing anything (bad client, PKCE, redirect_uri…), with why. */
    refusals: [] as string[],
    /** Requests to routes X does not have here. */
    unknown: [] as string[],
    requests: [] as { method: string; path: string }[],
    /** Each text POST /2/tweets received, with how many times, whatever was answered (a post sent twice shows as 2). */
    tweetsReceived: new Map<string, number>(),
    /** Requests answered by an outage (`down`) rather than by the route. */
    outageAnswers: 0,
  };
  const scripts = new Map<Route, XStubStep[]>();
  /** Routes that are down: each request gets its step (in turn), until `up`. */
  const outages = new Map<Route, () => XStubStep>();
  let denyNext: string | null = null;
  let nextTweetId = 1_800_000_000_000_000_000n;
  let nextMediaId = 1_900_000_000_000_000_000n;

  const random = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

  function issueTokens(userId: string, scope: string[]) {
    const accessToken = random('xat_');
    const lifetime = state.accessTokenLifetime;
    state.accessTokens.set(accessToken, {
      userId,
      scope,
      expiresAt: Date.now() + (lifetime ?? 7200) * 1000,
      revoked: false,
    });
    const body: Record<string, unknown> = {
      token_type: 'bearer',
      access_token: accessToken,
      scope: scope.join(' '),
      ...(lifetime === null ? {} : { expires_in: lifetime }),
    };
    if (scope.includes('offline.access') && state.issueRefreshTokens) {
      const refreshToken = random('xrt_');
      state.refreshTokens.set(refreshToken, { userId, scope, used: false, revoked: false });
      body.refresh_token = refreshToken;
    }
    return body;
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  }

  function refuse(res: ServerResponse, why: string, status: number, body: unknown) {
    state.refusals.push(why);
    send(res, status, body);
  }

  /** The confidential client's Basic credentials (X's "Type of App: Web App"). */
  function clientAuthenticated(req: IncomingMessage): boolean {
    const authorization = req.headers.authorization ?? '';
    if (!authorization.startsWith('Basic ')) return false;
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const [id, secret] = decoded.split(':').map((part) => decodeURIComponent(part));
    return id === options.clientId && secret === options.clientSecret;
  }

  function bearer(req: IncomingMessage): AccessToken | undefined {
    const authorization = req.headers.authorization ?? '';
    if (!authorization.startsWith('Bearer ')) return undefined;
    const token = state.accessTokens.get(authorization.slice(7));
    if (!token || token.revoked || token.expiresAt <= Date.now()) return undefined;
    return token;
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const scope = (q.get('scope') ?? '').split(' ').filter(Boolean);
    const problems = [
      q.get('response_type') !== 'code' && 'response_type must be code',
      q.get('client_id') !== options.clientId && 'unknown client_id',
      !state.redirectUris.includes(redirectUri) && `redirect_uri not registered: ${redirectUri}`,
      (scope.length === 0 || scope.some((s) => !KNOWN_SCOPES.has(s))) && `bad scope: ${q.get('scope')}`,
      !q.get('state') && 'state missing',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
      !/^[A-Za-z0-9_-]{43}$/.test(q.get('code_challenge') ?? '') && 'code_challenge is not an S256 challenge',
    ].filter((p): p is string => typeof p === 'string');
    if (problems.length > 0) {
      state.refusals.push(...problems);
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end(`<p>Something went wrong: ${problems.join('; ')}</p>`);
      return;
    }
    const back = new URL(redirectUri);
    if (denyNext !== null) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', denyNext);
      denyNext = null;
    } else {
      const code = random('code_');
      state.users.set(state.user.id, structuredClone(state.user));
      state.grants.set(code, {
        userId: state.user.id,
        clientId: options.clientId,
        redirectUri,
        codeChallenge: q.get('code_challenge') ?? '',
        scope,
        expiresAt: Date.now() + 30_000,
      });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function token(req: IncomingMessage, raw: string, res: ServerResponse) {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return refuse(res, 'token request not form-encoded', 400, {
        error: 'invalid_request',
        error_description: 'Missing required parameter [grant_type].',
      });
    }
    if (!clientAuthenticated(req)) {
      return refuse(res, 'token request without valid client credentials', 401, {
        error: 'unauthorized_client',
        error_description: 'Missing valid authorization header',
      });
    }
    const form = new URLSearchParams(raw);
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = state.grants.get(code);
      state.grants.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const why = !grant
        ? 'unknown or used code'
        : grant.expiresAt <= Date.now()
          ? 'code expired'
          : grant.redirectUri !== form.get('redirect_uri')
            ? 'redirect_uri differs from the authorization request'
            : grant.codeChallenge !== challenge
              ? 'PKCE verifier does not match the challenge'
              : null;
      if (why || !grant) {
        return refuse(res, why ?? 'no grant', 400, {
          error: 'invalid_request',
          error_description: 'Value passed for the authorization code was invalid.',
        });
      }
      return send(res, 200, issueTokens(grant.userId, grant.scope));
    }
    if (grantType === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      state.refreshTokensPresented.push(presented);
      const refresh = state.refreshTokens.get(presented);
      if (!refresh || refresh.used || refresh.revoked) {
        return refuse(res, 'refresh token unknown, used or revoked', 400, INVALID_TOKEN);
      }
      // Rotation: this refresh token is spent; the answer carries the next one.
      refresh.used = true;
      return send(res, 200, issueTokens(refresh.userId, refresh.scope));
    }
    return refuse(res, `unsupported grant_type ${grantType}`, 400, {
      error: 'unsupported_grant_type',
      error_description: 'Grant type is not supported.',
    });
  }

  function revoke(req: IncomingMessage, raw: string, res: ServerResponse) {
    if (!clientAuthenticated(req)) {
      return refuse(res, 'revoke without valid client credentials', 401, {
        error: 'unauthorized_client',
        error_description: 'Missing valid authorization header',
      });
    }
    const value = new URLSearchParams(raw).get('token') ?? '';
    const found = state.accessTokens.get(value) ?? state.refreshTokens.get(value);
    if (found) found.revoked = true;
    state.revoked.push(value);
    send(res, 200, { revoked: true });
  }

  function me(req: IncomingMessage, url: URL, res: ServerResponse) {
    const auth = bearer(req);
    if (!auth) return send(res, UNAUTHORIZED.status, UNAUTHORIZED.body);
    const user = state.users.get(auth.userId);
    if (!user) return send(res, 404, problem(404, 'Not Found Error', 'User not found').body);
    const fields = new Set((url.searchParams.get('user.fields') ?? '').split(',').filter(Boolean));
    // X answers only the fields asked for, beyond id, name and username.
    const data: Record<string, unknown> = { id: user.id, name: user.name, username: user.username };
    for (const field of ['profile_image_url', 'verified', 'public_metrics'] as const) {
      if (fields.has(field)) data[field] = user[field];
    }
    send(res, 200, { data });
  }

  function tweet(req: IncomingMessage, raw: string, res: ServerResponse) {
    const auth = bearer(req);
    if (!auth) return send(res, UNAUTHORIZED.status, UNAUTHORIZED.body);
    if (!auth.scope.includes('tweet.write')) {
      const p = problem(403, 'Forbidden', 'You are not permitted to perform this action.');
      return send(res, p.status, p.body);
    }
    let body: {
      text?: unknown;
      reply?: { in_reply_to_tweet_id?: unknown };
      reply_settings?: unknown;
      made_with_ai?: unknown;
      media?: { media_ids?: unknown };
    };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return refuse(res, 'tweet body is not JSON', 400, problem(400, 'Invalid Request', 'Body is not JSON').body);
    }
    // X checks the body against its schema: a field it does not know, or a value outside a field's
    // set, is refused (API reference, Create or Edit Post).
    const unknownField = Object.keys(body).find((key) => !TWEET_FIELDS.has(key));
    const badSettings = body.reply_settings !== undefined && !REPLY_SETTINGS.has(String(body.reply_settings));
    const badAi = body.made_with_ai !== undefined && typeof body.made_with_ai !== 'boolean';
    if (unknownField || badSettings || badAi) {
      const field = unknownField ?? (badSettings ? 'reply_settings' : 'made_with_ai');
      const message = unknownField
        ? `$.${field}: is not defined in the schema and the schema does not allow additional properties`
        : `$.${field}: does not have a value in the enumeration`;
      const p = problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.');
      return refuse(res, `tweet body: ${message}`, p.status, { ...p.body, errors: [{ message }] });
    }
    const text = typeof body.text === 'string' ? body.text : '';
    const inReplyTo = body.reply?.in_reply_to_tweet_id;
    if (text.trim() === '' || [...text].length > 280) {
      const p = problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.');
      return refuse(res, 'tweet text empty or too long', p.status, p.body);
    }
    const mediaIds = body.media?.media_ids;
    if (mediaIds !== undefined) {
      const ids = Array.isArray(mediaIds) ? mediaIds : [];
      const bad =
        ids.length === 0 ||
        ids.length > 4 ||
        ids.some((id) => typeof id !== 'string' || state.media.get(id)?.userId !== auth.userId);
      if (bad) {
        const p = problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.');
        return refuse(res, 'tweet media_ids unknown, not the user’s, or more than 4', p.status, p.body);
      }
    }
    if (inReplyTo !== undefined && !state.tweets.some((t) => t.id === inReplyTo)) {
      const p = problem(400, 'Invalid Request', 'The Tweet you are replying to does not exist.');
      return refuse(res, 'reply to a missing tweet', p.status, p.body);
    }
    // Since February 2026 X takes a reply through the API only where the author summoned the
    // replier: the post names them, or quotes one of theirs (a thread of one's own is fine).
    const parent = state.tweets.find((t) => t.id === inReplyTo);
    const replier = state.users.get(auth.userId);
    if (parent && replier && parent.authorId !== auth.userId && !mentions(parent, replier)) {
      const p = problem(
        403,
        'Forbidden',
        'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.',
      );
      return refuse(res, 'reply without being summoned', p.status, p.body);
    }
    if (state.tweets.some((t) => t.authorId === auth.userId && t.text === text)) {
      const p = problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
      return send(res, p.status, p.body);
    }
    nextTweetId += 1n;
    const id = nextTweetId.toString();
    state.tweets.push({
      id,
      text,
      authorId: auth.userId,
      inReplyTo: typeof inReplyTo === 'string' ? inReplyTo : null,
      ...(typeof body.reply_settings === 'string' ? { replySettings: body.reply_settings } : {}),
      ...(typeof body.made_with_ai === 'boolean' ? { madeWithAi: body.made_with_ai } : {}),
      ...(Array.isArray(mediaIds) ? { mediaIds: mediaIds as string[] } : {}),
      createdAt: new Date().toISOString(),
      metrics: { like_count: 0, retweet_count: 0, reply_count: 0, quote_count: 0, impression_count: 0 },
    });
    send(res, 201, { data: { id, text, edit_history_tweet_ids: [id] } });
  }

  /**
   * POST /2/media/upload, its one-shot JSON form: `media` (base64), `media_category` and
   * `media_type`; the token needs media.write. Answers the media's id (X's v2 shape).
   */
  function uploadMedia(req: IncomingMessage, raw: string, res: ServerResponse) {
    const auth = bearer(req);
    if (!auth) return send(res, UNAUTHORIZED.status, UNAUTHORIZED.body);
    if (!auth.scope.includes('media.write')) {
      const p = problem(403, 'Forbidden', 'You are not permitted to perform this action.');
      return refuse(res, 'media upload without media.write', p.status, p.body);
    }
    let body: { media?: unknown; media_category?: unknown; media_type?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return refuse(res, 'media body is not JSON', 400, problem(400, 'Invalid Request', 'Body is not JSON').body);
    }
    const bytes = typeof body.media === 'string' ? Buffer.from(body.media, 'base64') : Buffer.alloc(0);
    const types = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
    if (
      bytes.length === 0 ||
      bytes.length > 5 * 1024 * 1024 ||
      body.media_category !== 'tweet_image' ||
      !types.includes(String(body.media_type))
    ) {
      const p = problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.');
      return refuse(res, 'media upload: empty, over 5 MB, or a bad category or type', p.status, p.body);
    }
    nextMediaId += 1n;
    const id = nextMediaId.toString();
    state.media.set(id, { userId: auth.userId, bytes, mediaType: String(body.media_type), alt: null });
    send(res, 200, {
      data: {
        id,
        media_key: `3_${id}`,
        size: bytes.length,
        expires_after_secs: 86_400,
        image: { image_type: body.media_type },
      },
    });
  }

  /** POST /2/media/metadata: `{ id, metadata: { alt_text: { text } } }`, alt text of at most 1,000 characters. */
  function mediaMetadata(req: IncomingMessage, raw: string, res: ServerResponse) {
    const auth = bearer(req);
    if (!auth) return send(res, UNAUTHORIZED.status, UNAUTHORIZED.body);
    let body: { id?: unknown; metadata?: { alt_text?: { text?: unknown } } };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return refuse(res, 'metadata body is not JSON', 400, problem(400, 'Invalid Request', 'Body is not JSON').body);
    }
    const stored = state.media.get(String(body.id));
    const text = body.metadata?.alt_text?.text;
    if (!stored || stored.userId !== auth.userId || typeof text !== 'string' || [...text].length > 1000) {
      const p = problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.');
      return refuse(res, 'media metadata: unknown media or bad alt text', p.status, p.body);
    }
    stored.alt = text;
    send(res, 200, { data: { id: String(body.id), associated_metadata: { alt_text: { text } } } });
  }

  /** GET /2/users/:id/tweets: the user's tweets, newest first, 5 to 100 a page, from start_time on. */
  function timeline(req: IncomingMessage, url: URL, userId: string, res: ServerResponse) {
    const auth = bearer(req);
    if (!auth) return send(res, UNAUTHORIZED.status, UNAUTHORIZED.body);
    const max = Number(url.searchParams.get('max_results') ?? 10);
    if (!(max >= 5 && max <= 100)) {
      const p = problem(400, 'Invalid Request', 'The `max_results` query parameter value is not between 5 and 100');
      return refuse(res, 'max_results out of range', p.status, p.body);
    }
    const start = Date.parse(url.searchParams.get('start_time') ?? '') || 0;
    const fields = new Set((url.searchParams.get('tweet.fields') ?? '').split(',').filter(Boolean));
    const all = state.tweets
      .filter((t) => t.authorId === userId && Date.parse(t.createdAt) >= start)
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
    const from = Number(url.searchParams.get('pagination_token') ?? 0);
    const page = all.slice(from, from + max);
    const data = page.map((t) => ({
      id: t.id,
      text: t.text,
      edit_history_tweet_ids: [t.id],
      ...(fields.has('created_at') ? { created_at: t.createdAt } : {}),
      ...(fields.has('public_metrics') ? { public_metrics: t.metrics } : {}),
    }));
    const meta: Record<string, unknown> = { result_count: page.length };
    if (from + max < all.length) meta.next_token = String(from + max);
    send(res, 200, page.length > 0 ? { data, meta } : { meta });
  }

  /** Whether a tweet is a mention of the user: names them, or replies to or quotes one of theirs. */
  function mentions(t: XStubTweet, user: XStubUser): boolean {
    if (t.authorId === user.id) return false;
    const theirs = (id: string | null | undefined) => state.tweets.some((o) => o.id === id && o.authorId === user.id);
    return t.text.toLowerCase().includes(`@${user.username.toLowerCase()}`) || theirs(t.inReplyTo) || theirs(t.quoteOf);
  }

  /**
   * GET /2/users/:id/mentions: newest first, 5 to 100 a page, after since_id (which wins over
   * start_time), with the authors and referenced tweets as expansions when asked.
   */
  function mentionsOf(req: IncomingMessage, url: URL, userId: string, res: ServerResponse) {
    const auth = bearer(req);
    if (!auth) return send(res, UNAUTHORIZED.status, UNAUTHORIZED.body);
    const user = state.users.get(userId);
    if (!user) return send(res, 404, problem(404, 'Not Found Error', 'User not found').body);
    const max = Number(url.searchParams.get('max_results') ?? 10);
    if (!(max >= 5 && max <= 100)) {
      const p = problem(400, 'Invalid Request', 'The `max_results` query parameter value is not between 5 and 100');
      return refuse(res, 'max_results out of range', p.status, p.body);
    }
    const sinceId = url.searchParams.get('since_id');
    const start = sinceId ? 0 : Date.parse(url.searchParams.get('start_time') ?? '') || 0;
    const all = state.tweets
      .filter(
        (t) => mentions(t, user) && Date.parse(t.createdAt) >= start && (!sinceId || BigInt(t.id) > BigInt(sinceId)),
      )
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
    const from = Number(url.searchParams.get('pagination_token') ?? 0);
    const page = all.slice(from, from + max);
    const fields = new Set((url.searchParams.get('tweet.fields') ?? '').split(',').filter(Boolean));
    const expansions = new Set((url.searchParams.get('expansions') ?? '').split(',').filter(Boolean));
    const referencedOf = (t: XStubTweet) => [
      ...(t.inReplyTo ? [{ type: 'replied_to' as const, id: t.inReplyTo }] : []),
      ...(t.quoteOf ? [{ type: 'quoted' as const, id: t.quoteOf }] : []),
    ];
    const conversationOf = (t: XStubTweet): string => {
      let current = t;
      while (current.inReplyTo) {
        const parent = state.tweets.find((o) => o.id === current.inReplyTo);
        if (!parent) break;
        current = parent;
      }
      return current.id;
    };
    const data = page.map((t) => ({
      id: t.id,
      text: t.text,
      edit_history_tweet_ids: [t.id],
      ...(fields.has('author_id') ? { author_id: t.authorId } : {}),
      ...(fields.has('created_at') ? { created_at: t.createdAt } : {}),
      ...(fields.has('conversation_id') ? { conversation_id: conversationOf(t) } : {}),
      ...(fields.has('referenced_tweets') && referencedOf(t).length > 0 ? { referenced_tweets: referencedOf(t) } : {}),
    }));
    const includes: Record<string, unknown> = {};
    if (expansions.has('author_id')) {
      includes.users = [...new Set(page.map((t) => t.authorId))].flatMap((id) => {
        const u = state.users.get(id);
        return u ? [{ id: u.id, name: u.name, username: u.username }] : [];
      });
    }
    if (expansions.has('referenced_tweets.id')) {
      const ids = new Set(page.flatMap((t) => referencedOf(t).map((r) => r.id)));
      includes.tweets = state.tweets
        .filter((t) => ids.has(t.id))
        .map((t) => ({ id: t.id, text: t.text, author_id: t.authorId }));
    }
    const meta: Record<string, unknown> = { result_count: page.length };
    if (page[0]) meta.newest_id = page[0].id;
    if (from + max < all.length) meta.next_token = String(from + max);
    send(res, 200, page.length > 0 ? { data, includes, meta } : { meta });
  }

  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const timelineOf = /^\/2\/users\/(\d+)\/tweets$/.exec(url.pathname)?.[1];
      const mentionsFor = /^\/2\/users\/(\d+)\/mentions$/.exec(url.pathname)?.[1];
      const route = (
        timelineOf && req.method === 'GET'
          ? 'GET /2/users/:id/tweets'
          : mentionsFor && req.method === 'GET'
            ? 'GET /2/users/:id/mentions'
            : `${req.method} ${url.pathname}`
      ) as Route;
      state.requests.push({ method: req.method ?? '', path: url.pathname });
      if (route === 'POST /2/tweets') {
        const text = (() => {
          try {
            return String((JSON.parse(raw) as { text?: unknown }).text ?? '');
          } catch {
            return '';
          }
        })();
        state.tweetsReceived.set(text, (state.tweetsReceived.get(text) ?? 0) + 1);
      }
      const outage = outages.get(route);
      if (outage) state.outageAnswers += 1;
      const step = outage ? outage() : scripts.get(route)?.shift();
      if (step === 'hang') {
        hanging.add(res);
        return;
      }
      if (step === 'reset') {
        req.socket.destroy();
        return;
      }
      if (step && typeof step === 'object') return send(res, step.status, step.body ?? {}, step.headers);
      // 'lose-answer': the route does its work and answers into nothing.
      if (step === 'lose-answer') hanging.add(res);
      const out =
        step === 'lose-answer'
          ? ({ writeHead: () => undefined, end: () => undefined } as unknown as ServerResponse)
          : res;
      switch (route) {
        case 'GET /i/oauth2/authorize':
          return authorize(url, out);
        case 'POST /2/oauth2/token':
          return token(req, raw, out);
        case 'POST /2/oauth2/revoke':
          return revoke(req, raw, out);
        case 'GET /2/users/me':
          return me(req, url, out);
        case 'GET /2/users/:id/tweets':
          return timeline(req, url, timelineOf ?? '', out);
        case 'GET /2/users/:id/mentions':
          return mentionsOf(req, url, mentionsFor ?? '', out);
        case 'POST /2/tweets':
          return tweet(req, raw, out);
        case 'POST /2/media/upload':
          return uploadMedia(req, raw, out);
        case 'POST /2/media/metadata':
          return mediaMetadata(req, raw, out);
        default:
          state.unknown.push(route);
          return send(res, 404, problem(404, 'Not Found', `No route ${route}`).body);
      }
    });
  });

  let baseUrl = '';
  return {
    state,
    get url() {
      return baseUrl;
    },
    get apiUrl() {
      return baseUrl;
    },
    get authorizeUrl() {
      return `${baseUrl}/i/oauth2/authorize`;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return baseUrl;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },

    /** Scripts the next requests to a route, in order ('pass' lets one through). */
    next(route: Route, ...steps: XStubStep[]) {
      scripts.set(route, [...(scripts.get(route) ?? []), ...steps]);
    },
    /**
     * The route is down until `up`: every request to it gets `answer()` (a 503, 'hang',
     * 'lose-answer'...), scripted steps wait.
     */
    down(route: Route, answer: () => XStubStep) {
      outages.set(route, answer);
    },
    up(route: Route) {
      outages.delete(route);
    },
    /** Steps scripted and not yet used. */
    pending(): number {
      return [...scripts.values()].reduce((n, steps) => n + steps.length, 0);
    },
    /** The user refuses at the next authorization page. */
    denyNextAuthorization(description = 'The user denied the request.') {
      denyNext = description;
    },
    /** Every access token issued so far stops working, as an hour after issue. */
    expireAccessTokens() {
      for (const t of state.accessTokens.values()) t.expiresAt = Date.now() - 1;
    },
    /** The user revokes the app in X's settings: every token stops working. */
    revokeEverything() {
      for (const t of state.accessTokens.values()) t.revoked = true;
      for (const t of state.refreshTokens.values()) t.revoked = true;
    },
    /** Another user tweets (a mention when it names the user, or replies to or quotes one of theirs). */
    tweetAs(
      author: { id: string; username: string },
      text: string,
      options: { inReplyTo?: string; quoteOf?: string } = {},
    ) {
      if (!state.users.has(author.id)) {
        state.users.set(author.id, {
          ...structuredClone(state.user),
          id: author.id,
          username: author.username,
          name: author.username,
        });
      }
      nextTweetId += 1n;
      const tweet: XStubTweet = {
        id: nextTweetId.toString(),
        text,
        authorId: author.id,
        inReplyTo: options.inReplyTo ?? null,
        quoteOf: options.quoteOf ?? null,
        createdAt: new Date().toISOString(),
        metrics: { like_count: 0, retweet_count: 0, reply_count: 0, quote_count: 0, impression_count: 0 },
      };
      state.tweets.push(tweet);
      return tweet;
    },
    /** The tweets of a thread, following the reply chain down from its first id. */
    thread(firstId: string): XStubTweet[] {
      const chain: XStubTweet[] = [];
      let current = state.tweets.find((t) => t.id === firstId);
      while (current) {
        chain.push(current);
        const parentId: string = current.id;
        current = state.tweets.find((t) => t.inReplyTo === parentId);
      }
      return chain;
    },
    /** Clears what was recorded and scripted (tokens and tweets stay, as on X). */
    resetRecords() {
      scripts.clear();
      denyNext = null;
      state.refreshTokensPresented.length = 0;
      state.revoked.length = 0;
      state.refusals.length = 0;
      state.unknown.length = 0;
      state.requests.length = 0;
      state.accessTokenLifetime = 7200;
      state.issueRefreshTokens = true;
    },
  };
}
export type XStub = ReturnType<typeof createXStub>;
