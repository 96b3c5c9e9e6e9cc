import type { SessionUser } from '@plume/core';

/**
 * The spec's persisted session (local key auth-session, version 1), kept so every tab knows
 * who is signed in. The access token is not stored: the HttpOnly cookie carries the session.
 */
export const SESSION_KEY = 'auth-session';
const RETURN_TO_KEY = 'plume.return-to';

export type PersistedSession = { version: 1; id: string; username: string; avatarUrl: string | null };

export function readPersistedSession(): PersistedSession | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as PersistedSession | null;
    return parsed?.version === 1 ? parsed : null;
  } catch {
    return null;
  }
}

/** Writes only when something changed, so other tabs are told only of real changes. */
export function writePersistedSession(user: Pick<SessionUser, 'id' | 'username' | 'avatarUrl'> | null): void {
  const next = user
    ? JSON.stringify({ version: 1, id: user.id, username: user.username, avatarUrl: user.avatarUrl })
    : null;
  if (localStorage.getItem(SESSION_KEY) === next) return;
  if (next === null) localStorage.removeItem(SESSION_KEY);
  else localStorage.setItem(SESSION_KEY, next);
}

/** Only same-origin paths, never `//host` or a full URL. */
export function safePath(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : null;
}

/** Where a signed-out visitor was going, so sign-in can take them there. */
export function rememberReturnTo(path: string): void {
  const safe = safePath(path);
  if (safe) localStorage.setItem(RETURN_TO_KEY, safe);
}

export function peekReturnTo(): string | null {
  return safePath(localStorage.getItem(RETURN_TO_KEY));
}

export function takeReturnTo(fallback: string): string {
  const value = peekReturnTo();
  localStorage.removeItem(RETURN_TO_KEY);
  return value ?? fallback;
}
