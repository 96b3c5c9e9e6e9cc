import { randomBytes } from 'node:crypto';
import { postUrl, type WhoCanReply, X_NOT_CONFIGURED } from '@plume/core';
import type { SecretBox } from '../../crypto/secret-box';
import {
  type CredentialStore,
  type PendingAuthorizations,
  type PlatformAccount,
  type PlatformAdapter,
  PlatformError,
} from '../platform';
import { createPkcePair, toXError, type XApi, type XReplySettings, type XTokenSet } from './x-api';

/** How long the authorization may take, from the popup opening to the callback (X's codes last 30 s). */
const STATE_TTL_MS = 10 * 60_000;
/** A token this close to its end is renewed before use, so it cannot run out in flight. */
const REFRESH_MARGIN_MS = 60_000;

export const X_RECONNECT = 'X connection expired or was revoked. Reconnect the account.';
const NO_ACCOUNT = 'No X account is connected to this persona. Connect one in the Accounts tab.';

/** What is sealed in platform_accounts.credentials. */
type XCredentials = { accessToken: string; refreshToken: string | null; expiresAt: string };
/** What is sealed in oauth_states while the user is at X's authorization page. */
type PendingAuthorization = { appState: string; codeVerifier: string };

/** Two tweet texts alike once links (which X shortens to t.co) and spacing are left out. */
function sameTweetText(a: string, b: string): boolean {
  const bare = (t: string) =>
    t
      .replace(/https?:\/\/\S+/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/\s+/g, ' ')
      .trim();
  return bare(a) === bare(b);
}

/**
 * Who may reply, as X's `reply_settings` says it (PLATFORM_RULES.x.replyControl words it for
 * people): X has no followers-only and no "nobody" setting; the nearest ones stand in for them.
 */
const X_REPLY_SETTINGS: Record<WhoCanReply, XReplySettings | undefined> = {
  everyone: undefined,
  following: 'following',
  mentioned: 'mentionedUsers',
  followers: 'following',
  nobody: 'mentionedUsers',
};

const credentialsPurpose = (personaId: string) => `x-credentials:${personaId}`;
const STATE_PURPOSE = 'x-oauth-state';

const isAuthFailure = (error: unknown) => error instanceof PlatformError && error.kind === 'auth';

/**
 * X as a platform (integrations/platform.ts), over its API client (x-api.ts): OAuth 2.0 with PKCE,
 * tokens sealed on the connection and renewed through the credential store, because X's refresh
 * tokens work once: two processes refreshing with the same one would lose the connection. Without
 * X_CLIENT_ID every call answers X_NOT_CONFIGURED. X allows no automated likes, reposts or
 * follows, and gives a reply's context with the mention: it has no engagement, no threadAbove.
 */
export function createXAdapter(deps: {
  /** Unset when X_CLIENT_ID / X_CLIENT_SECRET are not configured. */
  api: XApi | undefined;
  appUrl: string;
  secretBox: SecretBox;
  credentials: CredentialStore;
  states: PendingAuthorizations;
}): PlatformAdapter {
  const { api, secretBox, credentials, states } = deps;
  const redirectUri = `${deps.appUrl}/x/callback`;

  function requireApi(): XApi {
    if (!api) throw new PlatformError(X_NOT_CONFIGURED, 'rejected');
    return api;
  }

  function seal(personaId: string, tokens: XTokenSet | XCredentials): string {
    const sealed: XCredentials = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt instanceof Date ? tokens.expiresAt.toISOString() : tokens.expiresAt,
    };
    return secretBox.seal(JSON.stringify(sealed), credentialsPurpose(personaId));
  }

  function open(personaId: string, sealed: string): XCredentials {
    return JSON.parse(secretBox.open(sealed, credentialsPurpose(personaId))) as XCredentials;
  }

  /** The account's tokens as loaded, or null when there are none or they no longer open. */
  function loaded(account: PlatformAccount): XCredentials | null {
    try {
      return account.credentials ? open(account.personaId, account.credentials) : null;
    } catch {
      return null;
    }
  }

  const dueSoon = (tokens: XCredentials) => Date.parse(tokens.expiresAt) - Date.now() < REFRESH_MARGIN_MS;

  /**
   * The account's tokens as stored now, renewed first when they are due, alone for this account
   * across every process: whoever refreshes stores the rotated pair before anyone else can read
   * the spent one. `force`: renew now, unless `replacing` names a token another holder already
   * replaced. Tokens that cannot be renewed fail with kind `auth` (the store marks the account).
   */
  function lockedTokens(account: PlatformAccount, mode: { force: boolean; replacing?: string }): Promise<XCredentials> {
    const client = requireApi();
    return credentials.update(account, async (stored, save) => {
      if (!stored) throw new PlatformError(NO_ACCOUNT, 'rejected');
      let current: XCredentials;
      try {
        current = open(account.personaId, stored);
      } catch {
        // Sealed with another APP_SECRET: the tokens are lost to us, only a reconnect mends it.
        throw new PlatformError(X_RECONNECT, 'auth');
      }
      const due = mode.force
        ? mode.replacing === undefined || mode.replacing === current.accessToken
        : dueSoon(current);
      if (!due) return current;
      // Expired and nothing to renew it with (offline.access was not granted): reconnect.
      if (!current.refreshToken) throw new PlatformError(X_RECONNECT, 'auth');
      let fresh: XTokenSet;
      try {
        fresh = await client.refresh(current.refreshToken);
      } catch (error) {
        const failure = toXError(error);
        const { status, retryAfterSeconds } = failure.details;
        // 400 invalid_request / invalid_grant: the refresh token was used, revoked or expired.
        // (A 401 is our client credentials being refused: the server's setup, not this account.)
        if (status === 400) throw new PlatformError(X_RECONNECT, 'auth', { status });
        throw new PlatformError(
          `Renewing the X token failed: ${failure.message}`,
          failure.kind === 'rate_limited' ? 'rate_limited' : 'rejected',
          { ...(status ? { status } : {}), ...(retryAfterSeconds ? { retryAfterSeconds } : {}) },
        );
      }
      const next: XCredentials = {
        accessToken: fresh.accessToken,
        // X sends the next refresh token with every refresh; the spent one is kept only if it did not.
        refreshToken: fresh.refreshToken ?? current.refreshToken,
        expiresAt: fresh.expiresAt.toISOString(),
      };
      await save(seal(account.personaId, next));
      return next;
    });
  }

  /**
   * Runs `fn` with a usable access token for the account: the loaded one while it is good for a
   * minute more, else renewed first; on a 401 renewed once (unless another holder already did)
   * and `fn` tried once more. `fn` runs outside the lock: a post must not hold it for as long as
   * X takes. (A connection marked `error` never gets here: the credential store's guard refuses it.)
   */
  async function withToken<T>(account: PlatformAccount, fn: (client: XApi, accessToken: string) => Promise<T>) {
    const client = requireApi();
    const known = loaded(account);
    const first = known && !dueSoon(known) ? known : await lockedTokens(account, { force: false });
    try {
      return await fn(client, first.accessToken);
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
    }
    const second = await lockedTokens(account, { force: true, replacing: first.accessToken });
    try {
      return await fn(client, second.accessToken);
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      // A token fresh from X refused too: the app's access was taken away.
      throw new PlatformError(X_RECONNECT, 'auth', { status: 401 });
    }
  }

  return {
    platform: 'x',

    connect: {
      unavailable: api ? null : X_NOT_CONFIGURED,
      callbackHasSession: true,
      clientMetadata: null,

      async authorize({ personaId, appState }) {
        const client = requireApi();
        // The persona id leads the state so the callback page knows whose popup it is.
        const state = `${personaId}~${randomBytes(32).toString('base64url')}`;
        const { codeVerifier, codeChallenge } = createPkcePair();
        const pending: PendingAuthorization = { appState, codeVerifier };
        await states.putState(state, 'x', secretBox.seal(JSON.stringify(pending), STATE_PURPOSE), STATE_TTL_MS);
        return client.authorizeUrl({ state, codeChallenge, redirectUri });
      },

      async pendingAppState(state) {
        const sealed = await states.getState(state, 'x');
        try {
          return sealed ? (JSON.parse(secretBox.open(sealed, STATE_PURPOSE)) as PendingAuthorization).appState : null;
        } catch {
          return null;
        }
      },

      async finishAuthorization(params) {
        const client = requireApi();
        const sealed = await states.takeState(params.get('state') ?? '', 'x');
        if (sealed === undefined) return null;
        let pending: PendingAuthorization;
        try {
          pending = JSON.parse(secretBox.open(sealed, STATE_PURPOSE)) as PendingAuthorization;
        } catch {
          return null;
        }
        const tokens = await client.exchangeCode({
          code: params.get('code') ?? '',
          codeVerifier: pending.codeVerifier,
          redirectUri,
        });
        return {
          appState: pending.appState,
          grant: {
            profile: () => client.me(tokens.accessToken),
            seal: (personaId) => seal(personaId, tokens),
          },
        };
      },

      profile: (account) => credentials.guard(account, () => withToken(account, (client, token) => client.me(token))),

      renew: (account) =>
        credentials.guard(account, async () => {
          requireApi();
          // Tokens that no longer open go on to lockedTokens, which asks for a reconnect.
          const known = loaded(account);
          if (known && !known.refreshToken) return null;
          return { expiresAt: (await lockedTokens(account, { force: true })).expiresAt };
        }),
    },

    /** Asks X to revoke a removed connection's tokens, both tried; the first failure is thrown after. */
    async revoke(account) {
      if (!api || !account.credentials) return;
      const tokens = open(account.personaId, account.credentials);
      const attempts: [string, 'access_token' | 'refresh_token'][] = [[tokens.accessToken, 'access_token']];
      if (tokens.refreshToken) attempts.unshift([tokens.refreshToken, 'refresh_token']);
      const failures: unknown[] = [];
      for (const [token, hint] of attempts) {
        try {
          await api.revoke(token, hint);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw failures[0];
    },

    /**
     * One post, or a thread as a reply chain. A retry after a refreshed token goes on from the
     * last part that went out, so no part is posted twice; a failure reports the parts posted.
     */
    publish: (account, parts, replyTo, options = {}) =>
      credentials.guard(account, async () => {
        const texts = parts.map((part) => part.text);
        const posted: string[] = [];
        /** Each part's media ids once its images are up (a retry after a refresh does not upload again). */
        let mediaIds: string[][] | null = null;
        let sent = false;
        try {
          await withToken(account, async (client, accessToken) => {
            // Every image goes up (with its alt text) before the first part is posted: a failed
            // upload fails the post with nothing on X (decision 046-media-library).
            if (!mediaIds) {
              const uploaded: string[][] = [];
              try {
                for (const images of parts.map((_part, i) => options.images?.[i] ?? [])) {
                  const ids: string[] = [];
                  for (const image of images) ids.push(await client.uploadImage(accessToken, image));
                  uploaded.push(ids);
                }
              } catch (error) {
                const failure = toXError(error);
                if (failure.kind === 'auth' || failure.kind === 'rate_limited') throw failure;
                // Nothing was posted: the post can be tried again as it is. A 403 is a connection
                // made before Plume asked for media.write: only a reconnect grants it.
                const why =
                  failure.details.status === 403
                    ? 'X refused it: reconnect the X account so Plume may upload images'
                    : failure.message;
                throw new PlatformError(`An image could not be uploaded to X: ${why}`, 'rejected', {
                  ...(failure.details.status ? { status: failure.details.status } : {}),
                  postedIds: [],
                });
              }
              mediaIds = uploaded;
            }
            sent = true;
            try {
              const ids = await client.postThread(accessToken, texts.slice(posted.length), {
                mediaIds: mediaIds.slice(posted.length),
                inReplyTo: posted.at(-1) ?? replyTo?.parent.id,
                accountId: account.externalId,
                // Who may reply is said on the post that starts the conversation, never on a reply.
                replySettings: replyTo ? undefined : X_REPLY_SETTINGS[options.whoCanReply ?? 'everyone'],
                madeWithAi: options.aiWritten === true,
              });
              posted.push(...ids);
            } catch (error) {
              posted.push(...(toXError(error).details.postedIds ?? []));
              throw error;
            }
          });
        } catch (error) {
          if (!(error instanceof PlatformError) && !sent) {
            // Failed on our side before anything went to X (the database, sealed tokens): nothing was posted.
            throw new PlatformError(error instanceof Error ? error.message : String(error), 'rejected', {
              postedIds: [],
            });
          }
          const failure = toXError(error);
          throw new PlatformError(failure.message, failure.kind, { ...failure.details, postedIds: [...posted] });
        }
        const first = posted[0];
        return { externalIds: posted, url: first ? postUrl('x', account.username, first) : null };
      }),

    readMetrics: (account, options) =>
      credentials.guard(account, () => withToken(account, (client, token) => client.readMetrics(token, options))),

    /**
     * The account's own tweet with this text since `since` (reconciling an unconfirmed post): its
     * timeline read once (users/me and one page of users/:id/tweets, billed like a metrics read).
     * X answers links shortened (t.co), so texts are compared with their links left out.
     */
    findRecentPost: (account, text, since) =>
      credentials.guard(account, () =>
        withToken(account, async (client, token) => {
          const { posts } = await client.readMetrics(token, { since, maxPages: 1 });
          const found = posts.find((p) => sameTweetText(p.text, text));
          return found ? { externalIds: [found.externalId], url: found.url } : null;
        }),
      ),

    readMentions: (account, { cursor, since, maxPages }) =>
      credentials.guard(account, () =>
        withToken(account, (client, token) =>
          client.readMentions(token, account.externalId, { sinceId: cursor, startTime: since, maxPages }),
        ),
      ),
  };
}
