/**
 * Connecting a persona's X account (editor spec §4 X connection, §7 X calls, §8 X errors): OAuth
 * 2.0 with PKCE on the server through the X adapter's connect operations (integrations/platform.ts),
 * tokens sealed at rest and never sent to the browser (DESIGN.md, Principle 5); the adapter
 * renews them through the credential store, because X's refresh tokens work once.
 */
import type { Account, XUserProfile } from '@plume/core';
import { AppError, BadRequestError, ConflictError, RateLimitedError, UnauthorizedError } from '../../errors';
import { type AccountConnect, type AccountProfile, asPlatformError } from '../../integrations/platform';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';
import { toAccount } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import type { Connecting } from './popup-access';

export const X_INVALID_STATE = 'Invalid or expired state parameter';
export const X_NO_REFRESH_TOKEN = 'No refresh token available';

/**
 * Who an authorization is for: the user who started it and the workspace of the persona, sealed
 * with the authorization under way, so only the server reads it.
 */
type AppState = { userId: string; workspaceId: string; personaId: string; popupId: string | null };

/** X said "too many requests": passed on as 429 with its wait (the error handler sets Retry-After). */
export class XRateLimitError extends RateLimitedError {}

/** The spec's X profile (GET /api/x/user/me, the token answer) from the account's profile. */
function xProfile(profile: AccountProfile): XUserProfile {
  return {
    id: profile.externalId,
    username: profile.username,
    name: profile.displayName,
    profileImageUrl: profile.avatarUrl,
    verified: profile.verified ?? false,
    publicMetrics: {
      followersCount: profile.followers,
      followingCount: profile.following,
      tweetCount: profile.posts,
      listedCount: profile.listed ?? 0,
    },
  };
}

function readAppState(text: string | null): AppState | undefined {
  try {
    return text ? (JSON.parse(text) as AppState) : undefined;
  } catch {
    return undefined;
  }
}

/** A failed X call as an answer: 429 with X's wait, else 502 with the spec's text and X's status. */
function toHttpError(error: unknown, prefix: string): AppError {
  if (error instanceof AppError) return error;
  const failure = asPlatformError(error);
  if (failure.kind === 'rate_limited') {
    return new XRateLimitError(`${prefix}: 429 (X rate limit)`, failure.details.retryAfterSeconds);
  }
  return new AppError(502, 'provider_error', `${prefix}: ${failure.details.status ?? failure.message}`);
}

export function createXConnectService(deps: {
  /** The X adapter's connect operations (they answer X_NOT_CONFIGURED without X credentials). */
  x: AccountConnect;
  appUrl: string;
  repositories: Repositories;
  accounts: AccountsService;
}) {
  const { x, repositories, accounts } = deps;
  const redirectUri = `${deps.appUrl}/x/callback`;

  function requireX(): void {
    if (x.unavailable) throw new ConflictError(x.unavailable);
  }

  /** X's authorization page for the persona (PKCE S256, the spec's scopes); the pending state is kept sealed. */
  async function authorizeUrl(
    who: (() => Promise<Connecting>) | null,
    input: { personaId: string; popupId?: string | undefined },
  ): Promise<string> {
    if (!who) throw new UnauthorizedError();
    const { userId, workspaceId } = await who();
    requireX();
    await ownPersona(repositories.personas, workspaceId, input.personaId);
    const appState: AppState = { userId, workspaceId, personaId: input.personaId, popupId: input.popupId ?? null };
    return x.authorize({ personaId: input.personaId, appState: JSON.stringify(appState) });
  }

  const service = {
    /** GET /api/oauth/x: where the popup goes, X's authorization page for a fresh state and PKCE pair, or /x/callback with why it cannot start. */
    async start(
      who: (() => Promise<Connecting>) | null,
      input: { personaId: string; popupId?: string | undefined },
    ): Promise<string> {
      try {
        return await authorizeUrl(who, input);
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
      who: Connecting,
      input: { code: string; state: string; personaId?: string | undefined },
    ): Promise<{ personaId: string; user: XUserProfile; account: Account }> {
      requireX();
      // Read before taking: another user's request must not use up this user's state.
      const pending = readAppState(await x.pendingAppState(input.state));
      if (
        !pending ||
        pending.userId !== who.userId ||
        pending.workspaceId !== who.workspaceId ||
        (input.personaId && input.personaId !== pending.personaId)
      ) {
        throw new BadRequestError(X_INVALID_STATE);
      }
      const { personaId } = pending;
      await ownPersona(repositories.personas, who.workspaceId, personaId);

      let finished: Awaited<ReturnType<AccountConnect['finishAuthorization']>>;
      try {
        finished = await x.finishAuthorization(new URLSearchParams({ code: input.code, state: input.state }));
      } catch (error) {
        throw new AppError(502, 'provider_error', `Token exchange failed: ${asPlatformError(error).message}`);
      }
      if (!finished) throw new BadRequestError(X_INVALID_STATE);
      let user: XUserProfile;
      try {
        user = xProfile(await finished.grant.profile());
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
        credentials: finished.grant.seal(personaId),
        followers: user.publicMetrics.followersCount,
      });
      return { personaId, user, account: toAccount(row) };
    },

    /** POST /api/auth/x/refresh: renews the persona's token now (alone: the credential store's lock). */
    async refresh(userId: string, personaId: string): Promise<{ expiresAt: string }> {
      requireX();
      await ownPersona(repositories.personas, userId, personaId);
      const row = await accounts.requireAccount(personaId, 'x');
      let renewed: { expiresAt: string } | null | undefined;
      try {
        renewed = await x.renew?.(row);
      } catch (error) {
        throw toHttpError(error, 'Failed to refresh token');
      }
      if (!renewed) throw new ConflictError(X_NO_REFRESH_TOKEN);
      return renewed;
    },

    /** GET /api/x/user/me: the persona's X profile read from X; the account's followers follow it. */
    async me(userId: string, personaId: string): Promise<XUserProfile> {
      requireX();
      await ownPersona(repositories.personas, userId, personaId);
      const row = await accounts.requireAccount(personaId, 'x');
      let user: XUserProfile;
      try {
        user = xProfile(await x.profile(row));
      } catch (error) {
        throw toHttpError(error, 'Failed to fetch user profile');
      }
      await repositories.accounts.update(row.id, {
        followers: user.publicMetrics.followersCount,
        username: user.username,
        displayName: user.name,
        avatarUrl: user.profileImageUrl,
      });
      return user;
    },
  };
  return service;
}
export type XConnectService = ReturnType<typeof createXConnectService>;
