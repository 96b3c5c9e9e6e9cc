import {
  Agent,
  type AppBskyFeedDefs,
  type AppBskyFeedThreadgate,
  AtpAgent,
  type AtpSessionData,
  type BlobRef,
  ComAtprotoRepoPutRecord,
  RichText,
  XRPCError,
} from '@atproto/api';
import { TID } from '@atproto/common-web';
import {
  NodeOAuthClient,
  type NodeSavedSession,
  type NodeSavedState,
  type OAuthClientMetadataInput,
  TokenInvalidError,
  TokenRefreshError,
  TokenRevokedError,
} from '@atproto/oauth-client-node';
import { BLUESKY_OAUTH_SCOPE, PLATFORM_RULES, type PostPart, postUrl, type Spend, type WhoCanReply } from '@plume/core';
import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import { isPrivateAddress, privateAddressMessage } from '../feeds/safe-fetch';
import type { LinkPreviews } from '../net/link-card';
import { createPublicFetch } from '../net/public-fetch';
import type {
  AccountMetrics,
  AccountProfile,
  CandidateAccount,
  CandidatePost,
  CredentialStore,
  Mention,
  MentionsRead,
  PendingAuthorizations,
  PlatformAccount,
  PostReading,
  PublishImage,
  PublishOptions,
  PublishOutcome,
  ReplyRef,
  UsageMeter,
} from '../platform';
import { PlatformError } from '../platform';
import { shareAtprotoLexicons } from './shared-lexicons';

const STATE_TTL_MS = 10 * 60_000;
/** How long one call to a Bluesky server may take (well under the sweeper's 5 minutes for stuck posts). */
const CALL_TIMEOUT_MS = 30_000;
const SEALED = { state: 'bluesky-oauth-state', session: 'bluesky-oauth-session' } as const;

/** What the persona's connection keeps for an app-password sign-in (sealed in platform_accounts.credentials). */
export type AppPasswordCredentials = { service: string; session: AtpSessionData };

/**
 * Where the OAuth client keeps what it holds, sealed: flows under way and sessions by DID (shared
 * by every persona connected to that account, hence the count). The accounts repository is one;
 * app-password sessions live on the connection, through the credential store.
 */
export type BlueskyStore = Pick<PendingAuthorizations, 'putState' | 'getState' | 'deleteState'> & {
  getBlueskySession(did: string): Promise<string | undefined>;
  putBlueskySession(did: string, value: string): Promise<void>;
  deleteBlueskySession(did: string): Promise<void>;
  countByExternalId(platform: 'bluesky', externalId: string): Promise<number>;
};

/** A post view's counts in the contract's words. */
function postReading(post: AppBskyFeedDefs.PostView, handle: string): PostReading {
  const record = post.record as { text?: unknown; createdAt?: unknown };
  const created = Date.parse(String(record.createdAt ?? post.indexedAt));
  return {
    externalId: post.uri,
    text: String(record.text ?? ''),
    url: pageOf(handle, post.uri),
    postedAt: new Date(Number.isFinite(created) ? created : Date.parse(post.indexedAt)),
    likes: post.likeCount ?? 0,
    reposts: post.repostCount ?? 0,
    replies: post.replyCount ?? 0,
    quotes: post.quoteCount ?? 0,
    impressions: null,
  };
}

function candidatePost(post: AppBskyFeedDefs.PostView): CandidatePost {
  return {
    uri: post.uri,
    cid: post.cid,
    text: String((post.record as { text?: unknown }).text ?? ''),
    author: { did: post.author.did, handle: post.author.handle },
    url: pageOf(post.author.handle, post.uri),
    liked: Boolean(post.viewer?.like),
    reposted: Boolean(post.viewer?.repost),
  };
}

/**
 * A threadgate's allow rules for each limit (app.bsky.feed.threadgate): an empty list lets nobody
 * reply; everyone needs no threadgate at all.
 */
const THREADGATE_RULES: Record<Exclude<WhoCanReply, 'everyone'>, AppBskyFeedThreadgate.Record['allow']> = {
  following: [{ $type: 'app.bsky.feed.threadgate#followingRule' }],
  mentioned: [{ $type: 'app.bsky.feed.threadgate#mentionRule' }],
  followers: [{ $type: 'app.bsky.feed.threadgate#followerRule' }],
  nobody: [],
};

const PROFILE = 'app.bsky.actor.profile';
/** The self-label Bluesky asks automated accounts to carry on their profile. */
const BOT_LABEL = 'bot';
/** Tries of a profile write that lost a race with another writer (the owner's app) before giving up. */
const PROFILE_WRITE_TRIES = 5;

/** The parts of an at:// URI. */
function rkeyOf(uri: string): string {
  return uri.split('/').pop() ?? '';
}

/** A post's page on Bluesky, from its author's handle and its at:// URI. */
function pageOf(handle: string, uri: string): string {
  return postUrl('bluesky', handle, rkeyOf(uri));
}

const isLoopbackHost = (host: string) => ['localhost', '127.0.0.1', '[::1]'].includes(host);

/**
 * The OAuth client's identity. On a loopback APP_URL (development, tests) Plume is an atproto
 * "loopback client" (no metadata document; redirects to 127.0.0.1 as the spec requires); anywhere
 * else its metadata is served at /api/oauth/bluesky/client-metadata.json.
 */
export function blueskyClientMetadata(appUrl: string): OAuthClientMetadataInput {
  const url = new URL(appUrl);
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) {
    const redirectUri = `http://127.0.0.1:${url.port || '80'}/api/oauth/bluesky/callback`;
    const clientId = `http://localhost?${new URLSearchParams({ redirect_uri: redirectUri, scope: BLUESKY_OAUTH_SCOPE })}`;
    return {
      client_id: clientId,
      redirect_uris: [redirectUri],
      scope: BLUESKY_OAUTH_SCOPE,
      response_types: ['code'],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      dpop_bound_access_tokens: true,
    };
  }
  return {
    client_id: `${appUrl}/api/oauth/bluesky/client-metadata.json`,
    client_name: 'Plume',
    client_uri: appUrl,
    redirect_uris: [`${appUrl}/api/oauth/bluesky/callback`],
    scope: BLUESKY_OAUTH_SCOPE,
    response_types: ['code'],
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'none',
    application_type: 'web',
    dpop_bound_access_tokens: true,
  };
}

const WRITE_POINTS = PLATFORM_RULES.bluesky.budget.writePoints ?? { create: 3, update: 2, delete: 1 };

/**
 * What an XRPC call the PDS accepted spent of the account's limits (decision 033): record writes
 * in points (a create, an update, a delete; applyWrites adds up its writes, as the PDS does) and
 * sessions created; null for every other call (reads cost none).
 */
export function xrpcSpend(nsid: string, body: unknown): Spend | null {
  switch (nsid) {
    case 'com.atproto.repo.createRecord':
      return { points: WRITE_POINTS.create };
    case 'com.atproto.repo.putRecord':
      return { points: WRITE_POINTS.update };
    case 'com.atproto.repo.deleteRecord':
      return { points: WRITE_POINTS.delete };
    case 'com.atproto.repo.applyWrites': {
      const writes = (body as { writes?: { $type?: unknown }[] } | null)?.writes ?? [];
      const points = writes.reduce((sum, write) => {
        const type = String(write.$type ?? '');
        if (type.endsWith('#create')) return sum + WRITE_POINTS.create;
        if (type.endsWith('#update')) return sum + WRITE_POINTS.update;
        return sum + WRITE_POINTS.delete;
      }, 0);
      return points > 0 ? { points } : null;
    }
    case 'com.atproto.server.createSession':
      return { sessions: 1 };
    default:
      return null;
  }
}

/** The NSID an XRPC request names (`/xrpc/<nsid>`), or null for anything else (OAuth endpoints, DID documents). */
function nsidOf(input: Request | URL | string): string | null {
  const url = input instanceof Request ? new URL(input.url) : new URL(input, 'http://pds.invalid');
  return /^\/xrpc\/([A-Za-z0-9.-]+)$/.exec(url.pathname)?.[1] ?? null;
}

type Send = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/**
 * `send`, reporting to the meter what each call the PDS accepted spent of the account `did`'s
 * limits; a session created is the account's its answer names (a sign-in does not know it before).
 */
function metered(meter: UsageMeter, did: string | null, send: Send): Send {
  return async (input, init) => {
    const nsid = nsidOf(input);
    const writes =
      nsid === 'com.atproto.repo.applyWrites'
        ? typeof init?.body === 'string'
          ? init.body
          : input instanceof Request
            ? await input.clone().text()
            : null
        : null;
    const response = await send(input, init);
    if (!nsid || !response.ok) return response;
    try {
      const spend = xrpcSpend(nsid, writes ? JSON.parse(writes) : null);
      const account =
        spend && nsid === 'com.atproto.server.createSession'
          ? String(((await response.clone().json()) as { did?: unknown }).did ?? '')
          : did;
      if (spend && account) await meter.record('bluesky', account, spend);
    } catch {
      // A body that does not read as the PDS documents it: the call stands, uncounted.
    }
    return response;
  };
}

/** Turns whatever a Bluesky call threw into a PlatformError of the right kind (see ../platform.ts). */
export function toBlueskyError(error: unknown, postedIds: string[] = []): PlatformError {
  if (error instanceof PlatformError) return error;
  if (error instanceof TokenRevokedError || error instanceof TokenInvalidError || error instanceof TokenRefreshError) {
    return new PlatformError('Bluesky connection expired or was revoked. Reconnect the account.', 'auth', {
      postedIds,
    });
  }
  if (error instanceof XRPCError) {
    const status = error.status as number;
    if (status === 401 || error.error === 'ExpiredToken' || error.error === 'InvalidToken') {
      return new PlatformError('Bluesky connection expired or was revoked. Reconnect the account.', 'auth', {
        postedIds,
        status,
      });
    }
    if (status === 429) {
      const reset = Number(error.headers?.['ratelimit-reset']);
      const retryAfterSeconds = Number.isFinite(reset) ? Math.max(1, Math.ceil(reset - Date.now() / 1000)) : 60;
      return new PlatformError(error.message || 'Rate limit exceeded', 'rate_limited', {
        retryAfterSeconds,
        postedIds,
        status,
      });
    }
    if (status >= 400 && status < 500) {
      return new PlatformError(error.message || error.error, 'rejected', { postedIds, status });
    }
    // 5xx, or no answer at all (status 1): did it leave? A refused connection never did.
    if (status === 1 && refusedBeforeSending(error)) {
      return new PlatformError(error.message || 'Bluesky could not be reached', 'rejected', { postedIds });
    }
    return new PlatformError(error.message || 'Bluesky did not answer', 'unknown', { postedIds, status });
  }
  if (refusedBeforeSending(error)) {
    return new PlatformError('Bluesky could not be reached', 'rejected', { postedIds });
  }
  return new PlatformError(error instanceof Error ? error.message : String(error), 'unknown', { postedIds });
}

/** A connection refused or a name not found: the request never reached Bluesky. */
function refusedBeforeSending(error: unknown): boolean {
  const codes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET_BEFORE_SEND']);
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A post and its threadgate in one commit (applyWrites), as Bluesky's own app makes them: the
 * threadgate's record key is the post's, chosen here (a TID) since both are written at once.
 */
async function postGated(
  agent: Agent,
  record: Record<string, unknown>,
  whoCanReply: Exclude<WhoCanReply, 'everyone'>,
): Promise<{ uri: string; cid: string }> {
  const repo = agent.assertDid;
  const rkey = TID.nextStr();
  const uri = `at://${repo}/app.bsky.feed.post/${rkey}`;
  const { data } = await agent.com.atproto.repo.applyWrites({
    repo,
    validate: true,
    writes: [
      {
        $type: 'com.atproto.repo.applyWrites#create',
        collection: 'app.bsky.feed.post',
        rkey,
        value: { $type: 'app.bsky.feed.post', ...record },
      },
      {
        $type: 'com.atproto.repo.applyWrites#create',
        collection: 'app.bsky.feed.threadgate',
        rkey,
        value: {
          $type: 'app.bsky.feed.threadgate',
          post: uri,
          allow: THREADGATE_RULES[whoCanReply],
          createdAt: record.createdAt,
        },
      },
    ],
  });
  const created = data.results?.[0] as { uri?: string; cid?: string } | undefined;
  if (!created?.uri || !created.cid) throw new PlatformError('Bluesky did not say what it created', 'unknown');
  return { uri: created.uri, cid: created.cid };
}

/**
 * The only code that talks to Bluesky: OAuth (PAR, PKCE, DPoP) through @atproto/oauth-client-node
 * with its state and sessions sealed in the database, app-password sessions (reused, not created
 * per call: createSession is rate limited), profiles, and posts with RichText facets. The
 * platform adapter (bluesky-adapter.ts) is built over it.
 */
export function createBlueskyClient(deps: {
  config: Config['bluesky'];
  appUrl: string;
  store: BlueskyStore;
  credentials: CredentialStore;
  secretBox: SecretBox;
  /** Where each call's spend of the account's limits is reported (decision 033). */
  meter: UsageMeter;
  /** Reads a link card's picture (through the SSRF-safe fetcher); without it, cards go without one. */
  readImage?: LinkPreviews['readImage'];
}) {
  const { config, appUrl, store: accounts, credentials, secretBox, meter } = deps;
  // An agent per call on an account, each without building its own lexicons.
  shareAtprotoLexicons();

  /**
   * A part's link card as Bluesky's external embed (a part with images has none): its picture, when
   * the page named one that is a real image of at most 1,000,000 bytes, uploaded as a blob first.
   * A picture that cannot be had leaves the card without one; the post goes out either way.
   */
  async function externalEmbed(agent: Agent, part: PostPart) {
    const card = part.media.length === 0 ? part.link : null;
    if (!card?.url || !card.title) return undefined;
    let thumb: BlobRef | undefined;
    const image = card.imageUrl && deps.readImage ? await deps.readImage(card.imageUrl) : null;
    if (image) {
      const { data } = await agent.com.atproto.repo.uploadBlob(image.bytes, { encoding: image.mimeType });
      thumb = data.blob;
    }
    return {
      $type: 'app.bsky.embed.external',
      external: { uri: card.url, title: card.title, description: card.description, ...(thumb ? { thumb } : {}) },
    };
  }
  /** A part's images as Bluesky's images embed (uploaded as blobs), each with its alt text and aspect ratio. */
  async function imagesEmbed(agent: Agent, images: readonly PublishImage[]) {
    if (images.length === 0) return undefined;
    const uploaded = [];
    for (const image of images) {
      const { data } = await agent.com.atproto.repo.uploadBlob(image.bytes, { encoding: image.mimeType });
      uploaded.push({
        image: data.blob,
        alt: image.alt,
        aspectRatio: { width: image.width, height: image.height },
      });
    }
    return { $type: 'app.bsky.embed.images' as const, images: uploaded };
  }
  // Handles and DID documents come from users: their servers must be public unless allowed. The
  // same guarded fetch runs either way (tests exercise it), and no call may hang past the timeout.
  const guarded = createPublicFetch(
    config.allowPrivate ? () => false : isPrivateAddress,
    privateAddressMessage('BLUESKY_ALLOW_PRIVATE'),
  );
  const safeFetch = ((input: string | URL | Request, init?: RequestInit) => {
    const given = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
    return guarded(input, { ...init, signal: given ? AbortSignal.any([given, timeout]) : timeout });
  }) as typeof fetch;
  const clientMetadata = blueskyClientMetadata(appUrl);

  const oauth = new NodeOAuthClient({
    clientMetadata,
    allowHttp: config.allowPrivate,
    handleResolver: config.handleResolver,
    plcDirectoryUrl: config.plcUrl,
    fetch: safeFetch,
    // One refresh of a session at a time, across processes: the credential store's lock.
    requestLock: credentials.exclusive,
    stateStore: {
      async get(key) {
        const sealed = await accounts.getState(key, 'bluesky');
        return sealed ? (JSON.parse(secretBox.open(sealed, SEALED.state)) as NodeSavedState) : undefined;
      },
      async set(key, value) {
        await accounts.putState(key, 'bluesky', secretBox.seal(JSON.stringify(value), SEALED.state), STATE_TTL_MS);
      },
      async del(key) {
        await accounts.deleteState(key);
      },
    },
    sessionStore: {
      async get(did) {
        const sealed = await accounts.getBlueskySession(did);
        return sealed ? (JSON.parse(secretBox.open(sealed, SEALED.session)) as NodeSavedSession) : undefined;
      },
      async set(did, value) {
        await accounts.putBlueskySession(did, secretBox.seal(JSON.stringify(value), SEALED.session));
      },
      async del(did) {
        await accounts.deleteBlueskySession(did);
      },
    },
  });

  const client = {
    clientMetadata,
    /** A loopback client (development): its callback arrives on 127.0.0.1, without the app's cookie. */
    loopback: (clientMetadata.client_id ?? '').startsWith('http://localhost'),

    /** What an authorization under way was started for (our app state), without using it up. */
    async peekAppState(stateKey: string): Promise<string | null> {
      const sealed = stateKey ? await accounts.getState(stateKey, 'bluesky') : undefined;
      if (!sealed) return null;
      return (JSON.parse(secretBox.open(sealed, SEALED.state)) as NodeSavedState).appState ?? null;
    },

    /** Starts an authorization: PAR at the account's server; the URL to send the popup to. */
    authorizeUrl(handle: string, appState: string): Promise<URL> {
      return oauth.authorize(handle, { scope: BLUESKY_OAUTH_SCOPE, state: appState });
    },

    /** Finishes an authorization with the callback's parameters (code, state, iss, or error). */
    async completeAuthorization(params: URLSearchParams): Promise<{ did: string; appState: string | null }> {
      const { session, state } = await oauth.callback(params);
      return { did: session.did, appState: state };
    },

    /** Signs in with an app password once; the session is kept and reused (and refreshed) after. */
    async loginWithAppPassword(identifier: string, password: string, service: string): Promise<AppPasswordCredentials> {
      const agent = new AtpAgent({ service, fetch: metered(meter, null, safeFetch) as typeof fetch });
      await agent.login({ identifier, password });
      if (!agent.session) throw new Error('Bluesky answered without a session');
      return { service, session: agent.session };
    },

    sealAppPassword(credentials: AppPasswordCredentials): string {
      return secretBox.seal(JSON.stringify(credentials), 'bluesky-app-password');
    },

    /** Runs `work` with an agent for a connection; an app-password session is resumed and its refreshed tokens stored. */
    async withAgent<T>(
      row: Pick<PlatformAccount, 'id' | 'externalId' | 'authMethod'>,
      work: (agent: Agent) => Promise<T>,
    ): Promise<T> {
      if (row.authMethod === 'oauth') {
        const session = await oauth.restore(row.externalId);
        const fetchHandler = metered(meter, row.externalId, (url, init) =>
          session.fetchHandler(String(url), init ?? {}),
        );
        return work(new Agent({ did: session.did, fetchHandler: (url, init) => fetchHandler(url, init) }));
      }
      // One user of a refresh token at a time, with the tokens as stored now (a publish that held
      // the lock before may have rotated them): two publishes must not rotate it at once.
      return credentials.update(row, async (sealed, save) => {
        if (!sealed) throw new TokenInvalidError(row.externalId, 'No stored session');
        const stored = JSON.parse(secretBox.open(sealed, 'bluesky-app-password')) as AppPasswordCredentials;
        const agent = new AtpAgent({
          service: stored.service,
          fetch: metered(meter, row.externalId, safeFetch) as typeof fetch,
          persistSession: (_event, session) => {
            if (!session) return;
            return save(client.sealAppPassword({ ...stored, session }));
          },
        });
        await agent.resumeSession(stored.session);
        return work(agent);
      });
    },

    /** The profile: from the AppView when there is one; else the repository's own profile record. */
    async readProfile(agent: Agent, did: string): Promise<AccountProfile> {
      try {
        const { data } = await agent.app.bsky.actor.getProfile({ actor: did });
        return {
          externalId: did,
          username: data.handle,
          displayName: data.displayName ?? '',
          avatarUrl: data.avatar ?? null,
          followers: data.followersCount ?? 0,
          following: data.followsCount ?? 0,
          posts: data.postsCount ?? 0,
        };
      } catch {
        const { data: repo } = await agent.com.atproto.repo.describeRepo({ repo: did });
        let displayName = '';
        try {
          const { data } = await agent.com.atproto.repo.getRecord({
            repo: did,
            collection: 'app.bsky.actor.profile',
            rkey: 'self',
          });
          displayName = String((data.value as { displayName?: unknown }).displayName ?? '');
        } catch {
          // No profile record yet: the handle speaks for the account.
        }
        return {
          externalId: did,
          username: repo.handle,
          displayName,
          avatarUrl: null,
          followers: 0,
          following: 0,
          posts: 0,
        };
      }
    },

    /**
     * Posts the parts as a thread (each a reply to the one before, all under the first), each with
     * its languages; with `replyTo`, the first part replies to that post, in its thread. A limit on
     * who may reply (`options.whoCanReply`, a thread of its own only) goes out with the first part
     * in one commit: its threadgate record, under the post's record key, is written with the post
     * or neither is.
     */
    async postThread(
      agent: Agent,
      handle: string,
      parts: readonly PostPart[],
      replyTo?: ReplyRef,
      options: PublishOptions = {},
    ): Promise<PublishOutcome> {
      const gate = !replyTo && options.whoCanReply && options.whoCanReply !== 'everyone' ? options.whoCanReply : null;
      const posted: { uri: string; cid: string }[] = [];
      const above = replyTo
        ? {
            root: { uri: replyTo.root.id, cid: replyTo.root.cid ?? '' },
            parent: { uri: replyTo.parent.id, cid: replyTo.parent.cid ?? '' },
          }
        : undefined;
      // Every part's images go up as blobs before the first part is posted: a failed upload
      // fails the post with nothing on the network (decision 046-media-library).
      let imageEmbeds: Awaited<ReturnType<typeof imagesEmbed>>[];
      try {
        imageEmbeds = await Promise.all(parts.map((_part, i) => imagesEmbed(agent, options.images?.[i] ?? [])));
      } catch (error) {
        const failure = toBlueskyError(error);
        // Nothing was posted: the post can be tried again as it is.
        throw new PlatformError(`An image could not be uploaded to Bluesky: ${failure.message}`, 'rejected', {
          ...(failure.details.status ? { status: failure.details.status } : {}),
          postedIds: [],
        });
      }
      try {
        for (const [index, part] of parts.entries()) {
          const rich = new RichText({ text: part.text });
          await rich.detectFacets(agent);
          const root = above?.root ?? posted[0];
          const parent = posted[posted.length - 1] ?? above?.parent;
          // Images take the part's embed; a link card goes only on a part without them.
          const embed = imageEmbeds[index] ?? (part.media.length === 0 ? await externalEmbed(agent, part) : undefined);
          const record = {
            text: rich.text,
            facets: rich.facets,
            createdAt: new Date().toISOString(),
            ...(part.langs.length > 0 ? { langs: [...part.langs] } : {}),
            ...(embed ? { embed } : {}),
            ...(root && parent ? { reply: { root, parent } } : {}),
          };
          const result = gate && posted.length === 0 ? await postGated(agent, record, gate) : await agent.post(record);
          posted.push({ uri: result.uri, cid: result.cid });
        }
      } catch (error) {
        throw toBlueskyError(
          error,
          posted.map((p) => p.uri),
        );
      }
      const first = posted[0];
      return {
        externalIds: posted.map((p) => p.uri),
        url: first ? pageOf(handle, first.uri) : null,
      };
    },

    /**
     * Adds or removes the `bot` self-label on the account's profile record, keeping everything else
     * in it as it is (name, description, pictures, other self-labels, pinned post, fields Plume does
     * not know): the record is read, changed in its labels only, and written back only if nobody
     * wrote it meanwhile (swapRecord on the cid read; a lost race reads it again). Answers whether
     * it changed anything.
     */
    async setAutomatedLabel(agent: Agent, did: string, on: boolean): Promise<boolean> {
      for (let attempt = 1; ; attempt++) {
        let current: { cid: string; value: Record<string, unknown> } | null = null;
        try {
          const { data } = await agent.com.atproto.repo.getRecord({ repo: did, collection: PROFILE, rkey: 'self' });
          if (!data.cid) throw new PlatformError('Bluesky gave the profile without its version (cid)', 'rejected');
          current = { cid: data.cid, value: data.value as Record<string, unknown> };
        } catch (error) {
          // No profile yet: one is made for the label alone (nothing to remove otherwise).
          if (!(error instanceof XRPCError && error.error === 'RecordNotFound')) throw error;
        }
        const labels = current?.value.labels as { $type?: string; values?: { val: string }[] } | undefined;
        const values = labels?.values ?? [];
        if (values.some((l) => l.val === BOT_LABEL) === on) return false;
        const nextValues = on ? [...values, { val: BOT_LABEL }] : values.filter((l) => l.val !== BOT_LABEL);
        const { labels: _dropped, ...rest } = current?.value ?? { $type: PROFILE };
        const record =
          nextValues.length > 0
            ? { ...rest, labels: { ...labels, $type: 'com.atproto.label.defs#selfLabels', values: nextValues } }
            : rest;
        try {
          await agent.com.atproto.repo.putRecord({
            repo: did,
            collection: PROFILE,
            rkey: 'self',
            record,
            // null: only if there is still no profile record.
            swapRecord: current?.cid ?? null,
          });
          return true;
        } catch (error) {
          if (!(error instanceof ComAtprotoRepoPutRecord.InvalidSwapError) || attempt >= PROFILE_WRITE_TRIES)
            throw error;
        }
      }
    },

    /** The account's own recent post with this text, made since `since` (reconciling an unconfirmed post). */
    async findRecentPost(
      agent: Agent,
      did: string,
      handle: string,
      text: string,
      since: Date,
    ): Promise<PublishOutcome | null> {
      const { data } = await agent.com.atproto.repo.listRecords({
        repo: did,
        collection: 'app.bsky.feed.post',
        limit: 50,
      });
      const match = data.records.find((r) => {
        const value = r.value as { text?: unknown; createdAt?: unknown };
        return value.text === text && new Date(String(value.createdAt)).getTime() >= since.getTime();
      });
      return match ? { externalIds: [match.uri], url: pageOf(handle, match.uri) } : null;
    },

    /**
     * The account's counts and its own posts (not reposts) since `since`, newest first, from the
     * AppView (the account's server passes app.bsky reads on to it): `getProfile`, then
     * `getAuthorFeed` a page of 100 at a time, at most `maxPages` pages. Each call is one read.
     */
    async readMetrics(
      agent: Agent,
      did: string,
      handle: string,
      options: { since: Date; maxPages: number },
    ): Promise<AccountMetrics> {
      const { data: profile } = await agent.app.bsky.actor.getProfile({ actor: did });
      let reads = 1;
      const posts: PostReading[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < options.maxPages; page++) {
        const { data } = await agent.app.bsky.feed.getAuthorFeed({
          actor: did,
          limit: 100,
          filter: 'posts_with_replies',
          ...(cursor ? { cursor } : {}),
        });
        reads += 1;
        let older = false;
        for (const item of data.feed) {
          if (item.reason || item.post.author.did !== did) continue;
          const reading = postReading(item.post, handle);
          if (reading.postedAt.getTime() < options.since.getTime()) {
            older = true;
            continue;
          }
          posts.push(reading);
        }
        cursor = data.cursor;
        if (older || !cursor || data.feed.length === 0) break;
      }
      return {
        account: {
          followers: profile.followersCount ?? 0,
          following: profile.followsCount ?? 0,
          posts: profile.postsCount ?? 0,
        },
        posts,
        reads,
      };
    },

    /** Posts by their at:// URIs (25 a call, as getPosts takes), e.g. Plume's own older ones. */
    async readPosts(agent: Agent, uris: string[], handle: string): Promise<{ posts: PostReading[]; reads: number }> {
      const posts: PostReading[] = [];
      let reads = 0;
      for (let i = 0; i < uris.length; i += 25) {
        const { data } = await agent.app.bsky.feed.getPosts({ uris: uris.slice(i, i + 25) });
        reads += 1;
        posts.push(...data.posts.map((post) => postReading(post, handle)));
      }
      return { posts, reads };
    },

    /**
     * The account's mentions, replies and quotes after `cursor` (the indexedAt of the newest one
     * seen), or from `since` on a first read; oldest first. Pages of 50, at most `maxPages`. Plume's
     * own cursor only: nothing is marked seen (no updateSeen), so the owner finds their notifications
     * in their own app as they left them.
     */
    async readMentions(
      agent: Agent,
      options: { cursor: string | null; since: Date; maxPages: number },
    ): Promise<MentionsRead> {
      const after = options.cursor ?? options.since.toISOString();
      const mentions: Mention[] = [];
      let newest = options.cursor;
      let reads = 0;
      let page: string | undefined;
      for (let n = 0; n < options.maxPages; n++) {
        const { data } = await agent.app.bsky.notification.listNotifications({
          limit: 50,
          reasons: ['mention', 'reply', 'quote'],
          // Every mention, not only those from followed accounts: the account's own "priority"
          // setting (the owner's) does not decide what the persona considers.
          priority: false,
          ...(page ? { cursor: page } : {}),
        });
        reads += 1;
        let older = false;
        for (const item of data.notifications) {
          if (item.indexedAt <= after) {
            older = true;
            continue;
          }
          if (!newest || item.indexedAt > newest) newest = item.indexedAt;
          const kind = (['mention', 'reply', 'quote'] as const).find((reason) => reason === item.reason);
          if (!kind) continue;
          const record = item.record as {
            text?: unknown;
            createdAt?: unknown;
            reply?: { root?: { uri: string; cid: string } };
          };
          const self = { id: item.uri, cid: item.cid };
          const root = record.reply?.root ? { id: record.reply.root.uri, cid: record.reply.root.cid } : self;
          const handle = item.author.handle;
          mentions.push({
            externalId: item.uri,
            kind,
            author: { id: item.author.did, handle },
            text: String(record.text ?? ''),
            url: pageOf(handle, item.uri),
            receivedAt: new Date(item.indexedAt),
            ref: { parent: self, root },
          });
        }
        page = data.cursor;
        if (older || !page || data.notifications.length === 0) break;
      }
      mentions.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
      return { mentions, cursor: newest, reads };
    },

    /** The posts above one in its thread, oldest first (at most `height`): a reply's context. */
    async readThreadAbove(agent: Agent, uri: string, height: number): Promise<{ author: string; text: string }[]> {
      const { data } = await agent.app.bsky.feed.getPostThread({ uri, depth: 0, parentHeight: height });
      const chain: { author: string; text: string }[] = [];
      let node = data.thread as { post?: AppBskyFeedDefs.PostView; parent?: unknown };
      while (node.parent) {
        node = node.parent as typeof node;
        if (!node.post) break;
        chain.unshift({
          author: node.post.author.handle,
          text: String((node.post.record as { text?: unknown }).text ?? ''),
        });
      }
      return chain;
    },

    /** Recent posts of an account (not reposts, not replies): likes and reposts of people who reached the persona. */
    async authorPosts(agent: Agent, actor: string, limit: number): Promise<CandidatePost[]> {
      const { data } = await agent.app.bsky.feed.getAuthorFeed({ actor, limit, filter: 'posts_no_replies' });
      return data.feed.filter((item) => !item.reason).map((item) => candidatePost(item.post));
    },

    /** Posts by their at:// URIs (25 a call) as they are now, with the account's likes and reposts of them; deleted ones are left out. */
    async candidatePosts(agent: Agent, uris: string[]): Promise<CandidatePost[]> {
      const out: CandidatePost[] = [];
      for (let i = 0; i < uris.length; i += 25) {
        const { data } = await agent.app.bsky.feed.getPosts({ uris: uris.slice(i, i + 25) });
        out.push(...data.posts.map(candidatePost));
      }
      return out;
    },

    /** The accounts that follow `did`, newest first (one page of at most 100). */
    async followers(agent: Agent, did: string, limit: number): Promise<{ did: string; handle: string }[]> {
      const { data } = await agent.app.bsky.graph.getFollowers({ actor: did, limit: Math.min(limit, 100) });
      return data.followers.map((p) => ({ did: p.did, handle: p.handle }));
    },

    /** Profiles (25 a call): followers, description, whether the account follows them already and whether they follow it. */
    async profiles(agent: Agent, dids: string[]): Promise<CandidateAccount[]> {
      const out: CandidateAccount[] = [];
      for (let i = 0; i < dids.length; i += 25) {
        const { data } = await agent.app.bsky.actor.getProfiles({ actors: dids.slice(i, i + 25) });
        for (const p of data.profiles) {
          out.push({
            did: p.did,
            handle: p.handle,
            text: [p.displayName ?? '', p.description ?? ''].join(' '),
            followers: p.followersCount ?? 0,
            following: Boolean(p.viewer?.following),
            followsYou: Boolean(p.viewer?.followedBy),
          });
        }
      }
      return out;
    },

    /** Likes, reposts or follows; answers the record made (what undoing deletes). */
    async like(agent: Agent, post: { uri: string; cid: string }): Promise<string> {
      return (await agent.like(post.uri, post.cid)).uri;
    },
    async repost(agent: Agent, post: { uri: string; cid: string }): Promise<string> {
      return (await agent.repost(post.uri, post.cid)).uri;
    },
    async follow(agent: Agent, did: string): Promise<string> {
      return (await agent.follow(did)).uri;
    },

    /** Deletes a record the account made (a like, repost or follow): undoing it. */
    async deleteRecord(agent: Agent, recordUri: string): Promise<void> {
      const [, , repo, collection, rkey] = recordUri.split('/');
      if (!repo || !collection || !rkey) throw new PlatformError(`Not a record: ${recordUri}`, 'rejected');
      await agent.com.atproto.repo.deleteRecord({ repo, collection, rkey });
    },

    /** How many connections still use this account (its OAuth session is shared by them). */
    connectionsTo: (did: string) => accounts.countByExternalId('bluesky', did),

    /**
     * Ends a stored app-password session at its server (com.atproto.server.deleteSession with its
     * refresh token): the tokens Plume held stop working. The app password itself is the user's to revoke.
     */
    async endAppPasswordSession(sealed: string): Promise<void> {
      const stored = JSON.parse(secretBox.open(sealed, 'bluesky-app-password')) as AppPasswordCredentials;
      const response = await safeFetch(new URL('/xrpc/com.atproto.server.deleteSession', stored.service), {
        method: 'POST',
        headers: { authorization: `Bearer ${stored.session.refreshJwt}` },
      });
      if (!response.ok) {
        throw new PlatformError(`Bluesky did not end the session (HTTP ${response.status})`, 'rejected', {
          status: response.status,
        });
      }
    },

    /** Revokes a DID's OAuth session at its server and forgets it. */
    async revokeOAuth(did: string): Promise<void> {
      await oauth.revoke(did);
    },
  };
  return client;
}
export type BlueskyClient = ReturnType<typeof createBlueskyClient>;
