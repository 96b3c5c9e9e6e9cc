/** The connection popups' addresses and window features (editor spec §7 and §9). */

/** `width=…,height=…` centred over the current window, with the browser's chrome kept minimal. */
export function popupFeatures(
  size: { width: number; height: number },
  win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'> = window,
): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - size.height) / 2));
  return `width=${size.width},height=${size.height},left=${left},top=${top},menubar=no,toolbar=no,location=yes,status=no`;
}

/**
 * The open workspace, for a popup's first address: a navigation cannot send the X-Plume-Workspace
 * header (decision 058-workspace-web). None for the personal workspace, the server's default.
 */
function withWorkspace(query: URLSearchParams, workspace: string | null | undefined): URLSearchParams {
  if (workspace) query.set('workspace', workspace);
  return query;
}

/** GET /api/oauth/bluesky with the spec's query: state, handle, redirectUrl, personaId, authMethod=dpop, popupId, t. */
export function blueskyAuthUrl({
  handle,
  personaId,
  popupId,
  origin,
  now,
  workspace,
}: {
  handle: string;
  personaId: string;
  popupId: string;
  origin: string;
  now: number;
  workspace?: string | null;
}): string {
  const query = new URLSearchParams({
    handle,
    personaId,
    popupId,
    authMethod: 'dpop',
    state: popupId,
    redirectUrl: `${origin}/bsky/callback`,
    t: String(now),
  });
  return `/api/oauth/bluesky?${withWorkspace(query, workspace)}`;
}

/** GET /api/oauth/x: the server keeps the PKCE verifier and sends the popup on to X. */
export function xAuthUrl({
  personaId,
  popupId,
  workspace,
}: {
  personaId: string;
  popupId: string;
  workspace?: string | null;
}): string {
  return `/api/oauth/x?${withWorkspace(new URLSearchParams({ personaId, popupId }), workspace)}`;
}

/** A popup id: random, unguessable, short enough for a query string. */
export function newPopupId(): string {
  return crypto.randomUUID();
}

/**
 * Set in this tab's session storage before a full-page redirect to X (the popup was blocked):
 * /x/callback, finding it, knows it runs in the main window and returns to the Accounts tab.
 */
export const X_REDIRECT_KEY = 'plume-x-connect-redirect';
const X_REDIRECT_MAX_AGE_MS = 15 * 60_000;

export function writeXRedirectMark(personaId: string, now = Date.now(), storage: Storage = sessionStorage): void {
  try {
    storage.setItem(X_REDIRECT_KEY, JSON.stringify({ personaId, at: now }));
  } catch {
    // Without the mark, the callback page still connects and offers the way back.
  }
}

/** Whether this tab was redirected to X for `personaId` lately (so /x/callback runs in the main window). */
export function readXRedirectMark(
  personaId: string | null,
  now = Date.now(),
  storage: Storage = sessionStorage,
): boolean {
  try {
    const mark = JSON.parse(storage.getItem(X_REDIRECT_KEY) ?? 'null') as { personaId?: unknown; at?: unknown } | null;
    return (
      mark !== null &&
      personaId !== null &&
      mark.personaId === personaId &&
      typeof mark.at === 'number' &&
      now - mark.at < X_REDIRECT_MAX_AGE_MS
    );
  } catch {
    return false;
  }
}

/** A popup opened from this tab copies its session storage: no stale mark may go with it. */
export function clearXRedirectMark(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(X_REDIRECT_KEY);
  } catch {
    // Nothing kept, nothing to remove.
  }
}
