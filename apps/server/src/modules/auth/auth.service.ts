import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { API_TOKEN_PREFIX, type SessionUser, usernameOf, type WorkspaceRole } from '@plume/core';
import { hashApiToken } from '../../crypto/api-token';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { type Auth, SESSION_COOKIE_PREFIX } from './auth';
import type { AuthRepository, StoredSession } from './auth.repository';

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

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer` header, or null. */
function bearerOf(authorization: string | undefined): string | null {
  return authorization?.toLowerCase().startsWith('bearer ') ? authorization.slice(7).trim() || null : null;
}

/**
 * The signed session values a request presents, as the library reads them: the bearer token (its
 * bearer plugin puts that in the cookie), else each session cookie of the library's name.
 */
function presentedValues(incoming: IncomingHttpHeaders, cookieName: string): string[] {
  const bearer = bearerOf(incoming.authorization);
  if (bearer) return [bearer];
  return (incoming.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c.slice(0, c.indexOf('=')) === cookieName)
    .map((c) => decoded(c.slice(cookieName.length + 1)) ?? '');
}

/**
 * The session token of a signed value (`token.signature`: HMAC-SHA256 with the secret, in
 * base64), as the library checks a signed cookie; null when the signature is not the secret's.
 */
function verifiedToken(signed: string, secret: string): string | null {
  const at = signed.lastIndexOf('.');
  if (at < 1) return null;
  const token = signed.slice(0, at);
  // The library's tokens have no dot; its bearer check splits at the first, its cookie check at the last.
  if (token.includes('.')) return null;
  const signature = Buffer.from(signed.slice(at + 1));
  if (signature.length !== 44 || signed.at(-1) !== '=') return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return timingSafeEqual(expected, signature) ? token : null;
}

/**
 * Writes last-use times at most once a minute per session or token in this process, so a busy
 * API client costs one UPDATE a minute, not one per request. The request does not wait for it: a
 * last-use time is a note, and under load its UPDATE would be the slowest part of that request.
 */
function createToucher(onFailure: (error: unknown) => void) {
  const last = new Map<string, number>();
  return (key: string, now: Date, write: () => Promise<void>) => {
    const previous = last.get(key);
    if (previous !== undefined && now.getTime() - previous < TOUCH_EVERY_MS) return;
    if (last.size > 10_000) last.clear();
    last.set(key, now.getTime());
    write().catch(onFailure);
  };
}

export function createAuthService(
  auth: Auth,
  repository: AuthRepository,
  options: { clock?: () => number; onTouchFailed?: (error: unknown) => void } = {},
) {
  const clock = options.clock ?? Date.now;
  const touch = createToucher(options.onTouchFailed ?? (() => {}));
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

  /**
   * The stored session of the one validly signed value a request presents, when the library would
   * take it as it is: found, unexpired, and not due the daily extension. One coalesced statement
   * (decision 064); anything else (no such session, expired, an extension due, a value it cannot
   * read) is the library's.
   */
  async function sessionAsStored(
    signed: string,
    context: Awaited<Auth['$context']>,
    now: Date,
  ): Promise<StoredSession | null> {
    const value = signed.includes('%') ? decoded(signed) : signed;
    const token = value ? verifiedToken(value, context.secret) : null;
    if (!token) return null;
    const stored = await repository.findSession(token);
    if (!stored || stored.expiresAt <= now) return null;
    const { expiresIn, updateAge } = context.sessionConfig;
    const extensionDue = stored.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now.getTime();
    return extensionDue ? null : stored;
  }

  async function lookUpStored(incoming: IncomingHttpHeaders): Promise<Authenticated | null> {
    const now = new Date();
    const bearer = bearerOf(incoming.authorization);
    if (bearer?.startsWith(API_TOKEN_PREFIX)) {
      // A token that is unknown, revoked or expired is a 401, never a fall-back to the cookie.
      const found = await repository.findApiToken(hashApiToken(bearer), now);
      if (!found) return null;
      touch(`token:${found.tokenId}`, now, () => repository.touchApiToken(found.tokenId, now));
      return { user: found.user, token: bearer, sessionId: null, tokenScope: found.scope };
    }
    const context = await auth.$context;
    const values = presentedValues(incoming, context.authCookies.sessionToken.name);
    // Two cookies of the name are the library's to settle.
    let session = values.length === 1 && values[0] ? await sessionAsStored(values[0], context, now) : null;
    let token = values.find((value) => value !== '');
    if (!session) {
      const result = await auth.api.getSession({ headers: toHeaders(incoming) });
      if (!result) return null;
      const { id, email, name, image, username } = result.user;
      session = {
        id: result.session.id,
        expiresAt: result.session.expiresAt,
        user: { id, email, name, image: image ?? null, username: username ?? null },
      };
      token ??= result.session.token;
    }
    const sessionId = session.id;
    touch(`session:${sessionId}`, now, () => repository.touchSession(sessionId, now));
    return { user: session.user, token: token ?? '', sessionId, tokenScope: null };
  }

  return {
    /**
     * Who this request's credential was when it was last looked up in this process, however long
     * ago (null: never, or forgotten since). Not proof of anything: a credential never changes
     * hands, so a caller may start what it needs next alongside `authenticate`.
     */
    lastKnown(incoming: IncomingHttpHeaders): Authenticated | null {
      const key = credentialOf(incoming);
      return (key ? recent.get(key)?.found : undefined) ?? null;
    },

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
