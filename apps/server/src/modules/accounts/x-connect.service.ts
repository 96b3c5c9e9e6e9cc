/**
 * Connecting a persona's X account (editor spec §4 X connection, §7 X calls, §8 X errors) and
 * using it: OAuth 2.0 with PKCE on the server, tokens sealed at rest and never sent to the
 * browser (DESIGN.md, Principle 5), and refresh under a row lock, because X's refresh tokens
 * work once: two processes refreshing with the same one would lose the connection.
 */
import { randomBytes } from 'node:crypto';
import type { Account, XUserProfile } from '@plume/core';
import { X_NOT_CONFIGURED } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../crypto/secret-box';
import { AppError, BadRequestError, ConflictError, RateLimitedError, UnauthorizedError } from '../../errors';
import { PlatformError } from '../../integrations/platform';
import { createPkcePair, toXError, type XApi, type XTokenSet } from '../../integrations/x/x-api';
import { ownPersona } from '../personas/persona-access';
import type { Repositories, UnitOfWork } from '../repositories';
import type { AccountRow } from './accounts.repository';
import { toAccount } from './accounts.repository';
import type { AccountsService } from './accounts.service';

/** How long the authorization may take, from the popup opening to the callback (X's codes last 30 s). */
const STATE_TTL_MS = 10 * 60_000;
/** A token this close to its end is renewed before use, so it cannot run out in flight. */
const REFRESH_MARGIN_MS = 60_000;

export const X_INVALID_STATE = 'Invalid or expired state parameter';
export const X_NO_REFRESH_TOKEN = 'No refresh token available';
export const X_RECONNECT = 'X connection expired or was revoked. Reconnect the account.';
const NO_ACCOUNT = 'No X account is connected to this persona. Connect one in the Accounts tab.';

/** What is sealed in platform_accounts.credentials. */
type XCredentials = { accessToken: string; refreshToken: string | null; expiresAt: string };
/** What is sealed in oauth_states while the user is at X's authorization page. */
type PendingAuthorization = { userId: string; personaId: string; popupId: string | null; codeVerifier: string };

/** X said "too many requests": passed on as 429 with its wait (the error handler sets Retry-After). */
export class XRateLimitError extends RateLimitedError {}

const credentialsPurpose = (personaId: string) => `x-credentials:${personaId}`;
const STATE_PURPOSE = 'x-oauth-state';

/** A failed X call as an answer: 429 with X's wait, else 502 with the spec's text and X's status. */
function toHttpError(error: unknown, prefix: string): AppError {
  if (error instanceof AppError) return error;
  const failure = toXError(error);
  if (failure.kind === 'rate_limited') {
    return new XRateLimitError(`${prefix}: 429 (X rate limit)`, failure.details.retryAfterSeconds);
  }
  return new AppError(502, 'provider_error', `${prefix}: ${failure.details.status ?? failure.message}`);
}

export function createXConnectService(deps: {
  /** Unset when X_CLIENT_ID / X_CLIENT_SECRET are not configured. */
  xApi: XApi | undefined;
  appUrl: string;
  repositories: Repositories;
  unitOfWork: UnitOfWork;
  secretBox: SecretBox;
  accounts: AccountsService;
  log: FastifyBaseLogger;
}) {
  const { xApi, repositories, unitOfWork, secretBox, accounts, log } = deps;
  const redirectUri = `${deps.appUrl}/x/callback`;

  function requireX(): XApi {
    if (!xApi) throw new ConflictError(X_NOT_CONFIGURED);
    return xApi;
  }

  /** X's authorization page for the persona (PKCE S256, the spec's scopes); the pending state is kept sealed. */
  async function authorizeUrl(
    userId: string | null,
    input: { personaId: string; popupId?: string | undefined },
  ): Promise<string> {
    if (!userId) throw new UnauthorizedError();
    const api = requireX();
    await ownPersona(repositories.personas, userId, input.personaId);
    // The persona id leads the state so the callback page knows whose popup it is.
    const state = `${input.personaId}~${randomBytes(32).toString('base64url')}`;
    const { codeVerifier, codeChallenge } = createPkcePair();
    const pending: PendingAuthorization = {
      userId,
      personaId: input.personaId,
      popupId: input.popupId ?? null,
      codeVerifier,
    };
    await repositories.accounts.putState(
      state,
      'x',
      secretBox.seal(JSON.stringify(pending), STATE_PURPOSE),
      STATE_TTL_MS,
    );
    return api.authorizeUrl({ state, codeChallenge, redirectUri });
  }

  function seal(personaId: string, tokens: XTokenSet | XCredentials): string {
    const credentials: XCredentials = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt instanceof Date ? tokens.expiresAt.toISOString() : tokens.expiresAt,
    };
    return secretBox.seal(JSON.stringify(credentials), credentialsPurpose(personaId));
  }

  function open(row: AccountRow): XCredentials | undefined {
    if (!row.credentials) return undefined;
    return JSON.parse(secretBox.open(row.credentials, credentialsPurpose(row.personaId))) as XCredentials;
  }

  /**
   * The persona's tokens, renewed first when they are due, inside one transaction holding the
   * account row's lock: whoever refreshes stores the rotated pair before anyone else can read the
   * spent one. `force`: renew now, unless `replacing` names a token another holder already replaced.
   * Only the transaction's repositories are used inside (on PGlite the outer handle would deadlock).
   */
  async function lockedTokens(
    personaId: string,
    mode: { force: boolean; replacing?: string },
  ): Promise<{ credentials: XCredentials; refreshed: boolean }> {
    const api = xApi;
    if (!api) throw new PlatformError(X_NOT_CONFIGURED, 'rejected');
    const result = await unitOfWork(async (tx) => {
      const row = await tx.accounts.findForUpdate(personaId, 'x');
      if (!row?.credentials) return { failure: new PlatformError(NO_ACCOUNT, 'rejected') };
      if (row.status === 'error') return { failure: new PlatformError(row.errorMessage ?? X_RECONNECT, 'auth') };
      let credentials: XCredentials;
      try {
        credentials = open(row) as XCredentials;
      } catch {
        // Sealed with another APP_SECRET: the tokens are lost to us, only a reconnect mends it.
        await tx.accounts.markError(row.id, X_RECONNECT);
        return { failure: new PlatformError(X_RECONNECT, 'auth') };
      }
      const due = mode.force
        ? mode.replacing === undefined || mode.replacing === credentials.accessToken
        : Date.parse(credentials.expiresAt) - Date.now() < REFRESH_MARGIN_MS;
      if (!due) return { credentials, refreshed: false };
      if (!credentials.refreshToken) {
        // Expired and nothing to renew it with (offline.access was not granted): reconnect.
        await tx.accounts.markError(row.id, X_RECONNECT);
        return { failure: new PlatformError(X_RECONNECT, 'auth') };
      }
      let fresh: XTokenSet;
      try {
        fresh = await api.refresh(credentials.refreshToken);
      } catch (error) {
        const failure = toXError(error);
        const { status, retryAfterSeconds } = failure.details;
        // 400 invalid_request / invalid_grant: the refresh token was used, revoked or expired.
        // (A 401 is our client credentials being refused: the server's setup, not this account.)
        if (status === 400) {
          await tx.accounts.markError(row.id, X_RECONNECT);
          return { failure: new PlatformError(X_RECONNECT, 'auth', { status }) };
        }
        const kind = failure.kind === 'rate_limited' ? 'rate_limited' : 'rejected';
        return {
          failure: new PlatformError(`Renewing the X token failed: ${failure.message}`, kind, {
            ...(status ? { status } : {}),
            ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
          }),
        };
      }
      const next: XCredentials = {
        accessToken: fresh.accessToken,
        // X sends the next refresh token with every refresh; the spent one is kept only if it did not.
        refreshToken: fresh.refreshToken ?? credentials.refreshToken,
        expiresAt: fresh.expiresAt.toISOString(),
      };
      await tx.accounts.update(row.id, { credentials: seal(personaId, next) });
      return { credentials: next, refreshed: true };
    });
    if ('failure' in result) throw result.failure;
    return result;
  }

  const isAuthFailure = (error: unknown) => error instanceof PlatformError && error.kind === 'auth';

  const service = {
    /** GET /api/oauth/x: where the popup goes, X's authorization page for a fresh state and PKCE pair, or /x/callback with why it cannot start. */
    async start(userId: string | null, input: { personaId: string; popupId?: string | undefined }): Promise<string> {
      try {
        return await authorizeUrl(userId, input);
      } catch (error) {
        // A popup shows a page, never JSON: /x/callback with the reason, for this persona's tab.
        if (!(error instanceof AppError)) throw error;
        const back = new URL(redirectUri);
        back.searchParams.set('error', error.code);
        back.searchParams.set('error_description', error.message);
        back.searchParams.set('state', `${input.personaId}~`);
        return back.toString();
      }
    },

    /** POST /api/auth/x/token: the callback's code for tokens; the connection is saved, the tokens stay here. */
    async finish(
      userId: string,
      input: { code: string; state: string; personaId?: string | undefined },
    ): Promise<{ personaId: string; user: XUserProfile; account: Account }> {
      const api = requireX();
      // Read before taking: another user's request must not use up this user's state.
      const sealed = await repositories.accounts.getState(input.state, 'x');
      let pending: PendingAuthorization | undefined;
      try {
        pending = sealed ? (JSON.parse(secretBox.open(sealed, STATE_PURPOSE)) as PendingAuthorization) : undefined;
      } catch {
        pending = undefined;
      }
      if (!pending || pending.userId !== userId || (input.personaId && input.personaId !== pending.personaId)) {
        throw new BadRequestError(X_INVALID_STATE);
      }
      if ((await repositories.accounts.takeState(input.state, 'x')) === undefined) {
        throw new BadRequestError(X_INVALID_STATE);
      }
      const { personaId } = pending;
      await ownPersona(repositories.personas, userId, personaId);

      let tokens: XTokenSet;
      try {
        tokens = await api.exchangeCode({ code: input.code, codeVerifier: pending.codeVerifier, redirectUri });
      } catch (error) {
        throw new AppError(502, 'provider_error', `Token exchange failed: ${toXError(error).message}`);
      }
      let user: XUserProfile;
      try {
        user = await api.me(tokens.accessToken);
      } catch (error) {
        throw toHttpError(error, 'Failed to fetch user profile');
      }
      const row = await repositories.accounts.upsert({
        personaId,
        platform: 'x',
        externalId: user.id,
        username: user.username,
        displayName: user.name,
        avatarUrl: user.profileImageUrl,
        authMethod: 'oauth',
        credentials: seal(personaId, tokens),
        followers: user.publicMetrics.followersCount,
      });
      return { personaId, user, account: toAccount(row) };
    },

    /** POST /api/auth/x/refresh: renews the persona's token now (under the row lock). */
    async refresh(userId: string, personaId: string): Promise<{ expiresAt: string }> {
      requireX();
      await ownPersona(repositories.personas, userId, personaId);
      const row = await accounts.requireAccount(personaId, 'x');
      // Tokens that no longer open go on to lockedTokens, which marks the account for a reconnect.
      const readable = (() => {
        try {
          return open(row);
        } catch {
          return null;
        }
      })();
      if (readable && !readable.refreshToken) throw new ConflictError(X_NO_REFRESH_TOKEN);
      try {
        const { credentials } = await lockedTokens(personaId, { force: true });
        return { expiresAt: credentials.expiresAt };
      } catch (error) {
        throw toHttpError(error, 'Failed to refresh token');
      }
    },

    /** GET /api/x/user/me: the persona's X profile read from X; the account's followers follow it. */
    async me(userId: string, personaId: string): Promise<XUserProfile> {
      requireX();
      await ownPersona(repositories.personas, userId, personaId);
      const row = await accounts.requireAccount(personaId, 'x');
      let user: XUserProfile;
      try {
        user = await service.withXToken(personaId, (token) => requireX().me(token));
      } catch (error) {
        throw toHttpError(error, 'Failed to fetch user profile');
      }
      await repositories.accounts.update(row.id, {
        followers: user.publicMetrics.followersCount,
        username: user.username,
        displayName: user.name,
        avatarUrl: user.profileImageUrl,
        lastSyncAt: new Date(),
      });
      return user;
    },

    /**
     * Runs `fn` with a usable access token for the persona's X account: renewed first when it
     * ends within a minute; on a 401 renewed once (unless another holder already did) and `fn`
     * tried once more. `fn` runs after the lock is released: a post must not hold the row (or, on
     * PGlite, the whole database) for as long as X takes. A connection that cannot be renewed is
     * marked `error` and fails with PlatformError kind `auth`; `fn`'s other errors pass through.
     */
    async withXToken<T>(personaId: string, fn: (accessToken: string) => Promise<T>): Promise<T> {
      const first = await lockedTokens(personaId, { force: false });
      try {
        return await fn(first.credentials.accessToken);
      } catch (error) {
        if (!isAuthFailure(error)) throw error;
      }
      const second = await lockedTokens(personaId, { force: true, replacing: first.credentials.accessToken });
      try {
        return await fn(second.credentials.accessToken);
      } catch (error) {
        if (!isAuthFailure(error)) throw error;
        // A token fresh from X refused too: the app's access was taken away.
        const row = await repositories.accounts.find(personaId, 'x');
        if (row) await repositories.accounts.markError(row.id, X_RECONNECT);
        throw new PlatformError(X_RECONNECT, 'auth', { status: 401 });
      }
    },

    /** The disconnect hook: asks X to revoke the removed connection's tokens (best effort, both tried). */
    async revoke(row: AccountRow): Promise<void> {
      if (!xApi) return;
      const credentials = open(row);
      if (!credentials) return;
      const attempts: [string, 'access_token' | 'refresh_token'][] = [[credentials.accessToken, 'access_token']];
      if (credentials.refreshToken) attempts.unshift([credentials.refreshToken, 'refresh_token']);
      const failures: unknown[] = [];
      for (const [token, hint] of attempts) {
        try {
          await xApi.revoke(token, hint);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) {
        log.warn({ err: failures[0], personaId: row.personaId }, 'X did not revoke a disconnected token');
      }
    },
  };
  return service;
}
export type XConnectService = ReturnType<typeof createXConnectService>;
