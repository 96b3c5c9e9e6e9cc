import type { IncomingHttpHeaders } from 'node:http';
import { API_TOKEN_PREFIX, type SessionUser, usernameOf, type WorkspaceRole } from '@plume/core';
import { hashApiToken } from '../../crypto/api-token';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { type Auth, SESSION_COOKIE_PREFIX } from './auth';
import type { AuthRepository } from './auth.repository';

export type AuthenticatedUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  username: string | null;
};
export type Authenticated = {
  user: AuthenticatedUser;
  token: string;
  /** The better-auth session the caller presented; null when it presented a personal API token. */
  sessionId: string | null;
  /** A personal API token's workspace and most-allowed role (null: its owner's role); null for a session. */
  tokenScope: { workspaceId: string; role: WorkspaceRole | null } | null;
};

/** How often a session's or token's last-use time is written, at most, per process. */
const TOUCH_EVERY_MS = 60_000;
/**
 * How long a process trusts a session or token it has looked up (decision 024): a revocation in
 * this process takes effect at once, one in another process within this time.
 */
export const SESSION_CACHE_MS = 2000;

export function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function bearerOf(headers: Headers): string | null {
  const authorization = headers.get('authorization');
  return authorization?.toLowerCase().startsWith('bearer ') ? authorization.slice(7).trim() : null;
}

/** The signed session token the caller presented: the bearer token or the session cookie's value. */
function presentedToken(headers: Headers): string | null {
  const bearer = bearerOf(headers);
  if (bearer) return bearer;
  const cookies = headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name?.endsWith(`${SESSION_COOKIE_PREFIX}.session_token`)) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

/**
 * Writes last-use times at most once a minute per session or token in this process, so a busy
 * API client costs one UPDATE a minute, not one per request.
 */
function createToucher() {
  const last = new Map<string, number>();
  return async (key: string, now: Date, write: () => Promise<void>) => {
    const previous = last.get(key);
    if (previous !== undefined && now.getTime() - previous < TOUCH_EVERY_MS) return;
    if (last.size > 10_000) last.clear();
    last.set(key, now.getTime());
    await write();
  };
}

export function createAuthService(auth: Auth, repository: AuthRepository, clock: () => number = Date.now) {
  const touch = createToucher();
  // One look-up per request: the sign-in guard and the route's handler share it (by headers object).
  const looked = new WeakMap<IncomingHttpHeaders, Promise<Authenticated | null>>();
  // Who a presented credential (cookie or bearer) was, for SESSION_CACHE_MS: a request then costs
  // no session query. Only successful look-ups are kept.
  const recent = new Map<string, { found: Authenticated; at: number }>();

  /** The credential a request presents, as the cache's key: the session cookie(s) or the bearer. */
  function credentialOf(incoming: IncomingHttpHeaders): string | null {
    const authorization = incoming.authorization;
    if (authorization) return `bearer:${authorization}`;
    const cookies = (incoming.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c.split('=')[0]?.includes(SESSION_COOKIE_PREFIX))
      .sort();
    return cookies.length > 0 ? `cookie:${cookies.join(';')}` : null;
  }

  async function lookUp(incoming: IncomingHttpHeaders): Promise<Authenticated | null> {
    const key = credentialOf(incoming);
    const hit = key ? recent.get(key) : undefined;
    if (hit && clock() - hit.at < SESSION_CACHE_MS) return hit.found;
    const found = await lookUpStored(incoming);
    if (key) {
      if (recent.size > 10_000) recent.clear();
      if (found) recent.set(key, { found, at: clock() });
      else recent.delete(key);
    }
    return found;
  }

  async function lookUpStored(incoming: IncomingHttpHeaders): Promise<Authenticated | null> {
    const headers = toHeaders(incoming);
    const now = new Date();
    const bearer = bearerOf(headers);
    if (bearer?.startsWith(API_TOKEN_PREFIX)) {
      // A token that is unknown, revoked or expired is a 401, never a fall-back to the cookie.
      const found = await repository.findApiToken(hashApiToken(bearer), now);
      if (!found) return null;
      await touch(`token:${found.tokenId}`, now, () => repository.touchApiToken(found.tokenId, now));
      return { user: found.user, token: bearer, sessionId: null, tokenScope: found.scope };
    }
    const result = await auth.api.getSession({ headers });
    if (!result) return null;
    const { id, email, name, image, username } = result.user;
    const sessionId = result.session.id;
    await touch(`session:${sessionId}`, now, () => repository.touchSession(sessionId, now));
    return {
      user: { id, email, name, image: image ?? null, username: username ?? null },
      token: presentedToken(headers) ?? result.session.token,
      sessionId,
      tokenScope: null,
    };
  }

  return {
    /** The user, their sessions or tokens changed (edited, revoked): none of their look-ups is trusted from the cache any more. */
    forgetUser(userId: string) {
      for (const [key, { found }] of recent) if (found.user.id === userId) recent.delete(key);
    },

    /** The credential this request presents is not trusted from the cache any more (sign-out). */
    forgetPresented(incoming: IncomingHttpHeaders) {
      const key = credentialOf(incoming);
      if (key) recent.delete(key);
    },

    /**
     * The signed-in user, or null. Accepts the session cookie, `Authorization: Bearer` with a
     * signed session token, or a personal API token (`Bearer plume_…`).
     */
    authenticate(incoming: IncomingHttpHeaders): Promise<Authenticated | null> {
      let found = looked.get(incoming);
      if (!found) {
        found = lookUp(incoming);
        looked.set(incoming, found);
      }
      return found;
    },

    async requireUser(incoming: IncomingHttpHeaders): Promise<Authenticated> {
      const found = await this.authenticate(incoming);
      if (!found) throw new UnauthorizedError();
      return found;
    },

    /** The signed-in user's id, or 401. */
    async requireUserId(incoming: IncomingHttpHeaders): Promise<string> {
      return (await this.requireUser(incoming)).user.id;
    },

    /**
     * A signed-in session (cookie or signed session token), or 403 for a personal API token: a
     * leaked token must not mint more tokens, hide itself, or sign its owner out.
     */
    async requireSession(incoming: IncomingHttpHeaders): Promise<Authenticated & { sessionId: string }> {
      const found = await this.requireUser(incoming);
      if (found.sessionId === null) {
        throw new ForbiddenError('Personal API tokens cannot manage sessions or tokens: sign in to do this');
      }
      return { ...found, sessionId: found.sessionId };
    },

    toSessionUser({ user, token }: Authenticated): SessionUser {
      return { id: user.id, username: usernameOf(user), avatarUrl: user.image, jwt: token };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
