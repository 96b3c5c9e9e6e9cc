import type { IncomingHttpHeaders } from 'node:http';
import { type SessionUser, usernameOf } from '@plume/core';
import { UnauthorizedError } from '../../errors';
import { type Auth, SESSION_COOKIE_PREFIX } from './auth';

export type AuthenticatedUser = { id: string; email: string; name: string; image: string | null };
export type Authenticated = { user: AuthenticatedUser; token: string };

export function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** The signed session token the caller presented: the bearer token or the session cookie's value. */
function presentedToken(headers: Headers): string | null {
  const authorization = headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim();
  const cookies = headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name?.endsWith(`${SESSION_COOKIE_PREFIX}.session_token`)) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function createAuthService(auth: Auth) {
  return {
    /** The signed-in user, or null; accepts the session cookie or `Authorization: Bearer`. */
    async authenticate(incoming: IncomingHttpHeaders): Promise<Authenticated | null> {
      const headers = toHeaders(incoming);
      const result = await auth.api.getSession({ headers });
      if (!result) return null;
      const { id, email, name, image } = result.user;
      return {
        user: { id, email, name, image: image ?? null },
        token: presentedToken(headers) ?? result.session.token,
      };
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

    toSessionUser({ user, token }: Authenticated): SessionUser {
      return { id: user.id, username: usernameOf(user), avatarUrl: user.image, jwt: token };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
