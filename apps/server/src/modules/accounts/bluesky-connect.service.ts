import type { Account, BlueskyAppPasswordRequest, BlueskyProfile, Persona } from '@plume/core';
import { parseBlueskyHandle } from '@plume/core';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError, BadRequestError, ForbiddenError, invalidField, ProviderError } from '../../errors';
import { type AccountConnect, type AccountGrant, AuthorizationError, PlatformError } from '../../integrations/platform';
import { ownPersona } from '../personas/persona-access';
import type { Repositories } from '../repositories';
import { toAccount } from './accounts.repository';
import type { Connecting } from './popup-access';

/**
 * What an authorization is for (the user who started it, the persona's workspace, the persona);
 * sealed with the OAuth client's state, so only the server reads it.
 */
const appStateSchema = z.object({
  userId: z.string(),
  workspaceId: z.string(),
  personaId: z.string(),
  popupId: z.string().nullable(),
});
type AppState = z.infer<typeof appStateSchema>;

function readAppState(text: string | null | undefined): AppState | null {
  if (!text) return null;
  try {
    return appStateSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Where the popup finishes: the spec's /bsky/callback page, told how it went. */
function callbackPage(appUrl: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return `${appUrl}/bsky/callback?${query}`;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createBlueskyConnectService(deps: {
  repositories: Repositories;
  /** The Bluesky adapter's connect operations. */
  bluesky: AccountConnect;
  appUrl: string;
  defaultService: string;
  log: FastifyBaseLogger;
  /** Told when an account was connected to the persona (its automated label is seen to: decision 034). */
  onConnected?: (persona: Persona) => Promise<void>;
}) {
  const { repositories, bluesky, appUrl, defaultService, log } = deps;

  /** A connection was saved: what it should say about the persona is seen to (a failure to ask is logged, never the user's). */
  async function connected(persona: Persona): Promise<void> {
    await deps.onConnected?.(persona).catch((error: unknown) => log.warn({ err: error }, 'after connecting'));
  }

  /** Reads the authorized account's profile and saves the connection. */
  async function connectOAuth(
    persona: Persona,
    grant: AccountGrant,
  ): Promise<{ account: Account; profile: BlueskyProfile }> {
    const personaId = persona.id;
    const profile = await grant.profile();
    const row = await repositories.accounts.upsert({
      personaId,
      platform: 'bluesky',
      externalId: profile.externalId,
      username: profile.username,
      displayName: profile.displayName,
      avatarUrl: profile.avatarUrl,
      authMethod: 'oauth',
      credentials: grant.seal(personaId),
      followers: profile.followers,
    });
    await connected(persona);
    return { account: toAccount(row), profile: { did: profile.externalId, handle: profile.username } };
  }

  /** Finishes an authorization at the account's server; a state it does not know is an invalid one. */
  async function finish(params: URLSearchParams) {
    const done = await bluesky.finishAuthorization(params);
    if (!done) throw new AuthorizationError('State validation failed. Please try again.', null);
    return done;
  }

  const service = {
    /**
     * The popup's first step: the URL of the account's authorization page (PAR, PKCE, DPoP), or of
     * the callback page with the reason it cannot start. A popup shows a page, never JSON.
     */
    async start(
      who: (() => Promise<Connecting>) | null,
      query: { handle: string; personaId: string; popupId?: string | undefined },
    ): Promise<string> {
      const fail = (error: string) =>
        callbackPage(appUrl, { error, personaId: query.personaId, popupId: query.popupId });
      if (!who) return fail('Not authenticated');
      const parsed = parseBlueskyHandle(query.handle);
      if ('error' in parsed) return fail(parsed.error);
      try {
        const { userId, workspaceId } = await who();
        const persona = await ownPersona(repositories.personas, workspaceId, query.personaId);
        const appState: AppState = { userId, workspaceId, personaId: persona.id, popupId: query.popupId ?? null };
        return await bluesky.authorize({
          personaId: persona.id,
          appState: JSON.stringify(appState),
          handle: parsed.handle,
        });
      } catch (error) {
        log.info({ err: error }, 'bluesky authorization could not start');
        return fail(messageOf(error));
      }
    },

    /**
     * The authorization server's redirect (GET /api/oauth/bluesky/callback): finishes on the
     * server, then sends the popup to /bsky/callback with the handle or the error.
     */
    async finishRedirect(params: URLSearchParams, sessionUserId: string | null): Promise<string> {
      let appState: AppState | null = null;
      // The browser finishing the flow must be the one that started it (else a link to someone's
      // authorization page could connect their account to another user's persona). A loopback
      // client's callback arrives on 127.0.0.1 without the app's cookie: development only.
      if (bluesky.callbackHasSession) {
        const started = readAppState(await bluesky.pendingAppState(params.get('state') ?? ''));
        if (started && started.userId !== sessionUserId) {
          return callbackPage(appUrl, { error: 'State validation failed. Please try again.' });
        }
      }
      try {
        const done = await finish(params);
        appState = readAppState(done.appState);
        if (!appState) return callbackPage(appUrl, { error: 'State validation failed. Please try again.' });
        const persona = await ownPersona(repositories.personas, appState.workspaceId, appState.personaId);
        const { profile } = await connectOAuth(persona, done.grant);
        return callbackPage(appUrl, {
          personaId: persona.id,
          popupId: appState.popupId,
          did: profile.did,
          handle: profile.handle,
        });
      } catch (error) {
        // A failed authorization carries our state even when the user said no at the server.
        appState ??= readAppState(error instanceof AuthorizationError ? error.appState : null);
        log.info({ err: error }, 'bluesky authorization failed');
        return callbackPage(appUrl, {
          error: describeCallbackError(error),
          personaId: appState?.personaId,
          popupId: appState?.popupId,
        });
      }
    },

    /** POST /api/oauth/token: the same finish, for a callback page that received the code itself. */
    async exchange(
      who: Connecting,
      body: { code: string; state: string; personaId?: string | undefined; iss?: string | undefined },
    ): Promise<{ personaId: string; profile: BlueskyProfile; account: Account }> {
      const params = new URLSearchParams({ code: body.code, state: body.state });
      if (body.iss) params.set('iss', body.iss);
      let done: Awaited<ReturnType<typeof finish>>;
      try {
        done = await finish(params);
      } catch (error) {
        const message = describeCallbackError(error);
        if (message.startsWith('State validation failed')) throw new BadRequestError(message);
        throw new ProviderError('Bluesky', `Token exchange failed: ${message}`);
      }
      const appState = readAppState(done.appState);
      if (
        !appState ||
        appState.userId !== who.userId ||
        appState.workspaceId !== who.workspaceId ||
        (body.personaId && body.personaId !== appState.personaId)
      ) {
        throw new ForbiddenError('State validation failed. Please try again.');
      }
      const persona = await ownPersona(repositories.personas, who.workspaceId, appState.personaId);
      try {
        return { personaId: appState.personaId, ...(await connectOAuth(persona, done.grant)) };
      } catch (error) {
        // Authorized, but the account's server did not answer for its profile: a 502 that says so.
        log.info({ err: error }, 'bluesky profile could not be read after authorizing');
        throw new ProviderError('Bluesky', `Could not read the account's profile: ${messageOf(error)}`);
      }
    },

    /** The second way in: an app password (bots, self-hosted servers). */
    async connectWithAppPassword(userId: string, personaId: string, body: BlueskyAppPasswordRequest): Promise<Account> {
      const persona = await ownPersona(repositories.personas, userId, personaId);
      const service = body.service ?? defaultService;
      if (!bluesky.signIn) throw new ProviderError('Bluesky', 'app passwords are not available');
      let grant: Awaited<ReturnType<NonNullable<AccountConnect['signIn']>>>;
      try {
        grant = await bluesky.signIn({ identifier: body.handle, password: body.appPassword, service });
      } catch (error) {
        throw appPasswordError(error);
      }
      const row = await repositories.accounts.upsert({
        personaId,
        platform: 'bluesky',
        externalId: grant.externalId,
        username: grant.username,
        displayName: '',
        avatarUrl: null,
        authMethod: 'app_password',
        credentials: grant.seal(personaId),
        followers: 0,
      });
      await connected(persona);
      // The profile is a nicety: the connection stands even if it can't be read now.
      try {
        const profile = await bluesky.profile(row);
        const updated = await repositories.accounts.update(row.id, {
          displayName: profile.displayName,
          avatarUrl: profile.avatarUrl,
          followers: profile.followers,
          username: profile.username,
        });
        return toAccount(updated ?? row);
      } catch (error) {
        log.info({ err: error }, 'bluesky profile could not be read after connecting');
        return toAccount(row);
      }
    },
  };
  return service;
}
export type BlueskyConnectService = ReturnType<typeof createBlueskyConnectService>;

/** The spec's texts where it has them; otherwise the server's own words. */
function describeCallbackError(error: unknown): string {
  const message = messageOf(error);
  if (/unknown authorization session|invalid state|state/i.test(message) && !/access_denied/.test(message)) {
    return 'State validation failed. Please try again.';
  }
  return message;
}

/** A refused app password is the user's to fix (400 naming the field); an unreachable server is the provider's (502). */
function appPasswordError(error: unknown): AppError {
  const status = error instanceof PlatformError ? error.details.status : undefined;
  const message = messageOf(error);
  if (status === 401 || status === 400) {
    return invalidField('body.appPassword', message || 'Invalid identifier or password');
  }
  if (status === 429) return new AppError(429, 'rate_limited', `Bluesky: ${message}`);
  return new ProviderError('Bluesky', message || 'could not be reached');
}
