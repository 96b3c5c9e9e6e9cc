import type { BlueskyAuthComplete, XAuthComplete, XUserProfile } from '@plume/core';

/** What /x/callback was given by X (app spec: X popup page; editor spec §8). */
export type XCallback =
  | { kind: 'exchange'; code: string; state: string; personaId: string | null }
  | { kind: 'error'; error: string; personaId: string | null };

/** The state is `{personaId}~{random}`: the persona is known even when X reports an error. */
export function personaIdFromXState(state: string | null): string | null {
  if (!state) return null;
  const cut = state.indexOf('~');
  return cut > 0 ? state.slice(0, cut) : null;
}

export function readXCallback(search: string): XCallback {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  const personaId = personaIdFromXState(state);
  if (error) {
    const description = params.get('error_description');
    return { kind: 'error', error: `Authentication failed: ${description || error}`, personaId };
  }
  if (!code || !state) return { kind: 'error', error: 'Missing required OAuth parameters', personaId };
  return { kind: 'exchange', code, state, personaId };
}

/** What /bsky/callback was given: by the server after it finished, or by a deployment that leaves the exchange to the page. */
export type BlueskyCallback = {
  personaId: string | null;
  popupId: string | null;
  /** Which of the spec's ticks to show. */
  has: { code: boolean; state: boolean; personaId: boolean };
} & (
  | { kind: 'error'; error: string }
  | { kind: 'connected'; personaId: string; did: string | null; handle: string | null }
  | { kind: 'exchange'; code: string; state: string; iss: string | null }
);

export const MISSING_AUTHORIZATION_PARAMETERS = 'Missing authorization parameters';

export function readBlueskyCallback(search: string): BlueskyCallback {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const personaId = params.get('personaId');
  const popupId = params.get('popupId');
  const error = params.get('error_description') || params.get('error');
  const base = {
    personaId,
    popupId,
    has: { code: Boolean(code), state: Boolean(state), personaId: Boolean(personaId) },
  };
  if (error) return { ...base, kind: 'error', error };
  if (code && state) return { ...base, kind: 'exchange', code, state, iss: params.get('iss') };
  if (!code && !state) {
    if (!personaId) return { ...base, kind: 'error', error: MISSING_AUTHORIZATION_PARAMETERS };
    // The server already finished the exchange and sent the popup here with the account.
    return { ...base, kind: 'connected', personaId, did: params.get('did'), handle: params.get('handle') };
  }
  return { ...base, kind: 'error', error: code ? 'Missing state parameter' : 'Missing authorization code' };
}

/** The bluesky-auth-complete message (version 2) for one send. */
export function blueskyCompleteMessage({
  personaId,
  popupId,
  did,
  handle,
  error,
  url,
  attempt,
  now,
}: {
  personaId: string | null;
  popupId: string | null;
  did: string | null;
  handle: string | null;
  error: string | null;
  url: string;
  attempt: number;
  now: number;
}): BlueskyAuthComplete {
  return {
    type: 'bluesky-auth-complete',
    personaId,
    popupId,
    did,
    handle,
    error,
    status: error ? 'error' : 'success',
    exchangeSuccess: !error,
    timestamp: now,
    messageVersion: 2,
    url,
    attempt,
  };
}

export function xCompleteMessage(
  personaId: string | null,
  outcome: { user: XUserProfile } | { error: string },
): XAuthComplete {
  return 'user' in outcome
    ? { type: 'x-auth-complete', personaId, user: outcome.user, error: null }
    : { type: 'x-auth-complete', personaId, user: null, error: outcome.error };
}
