import type { Account, AuthMessage } from '@plume/core';

/** Messages for another persona are ignored (editor spec §4). */
export function isForPersona(message: AuthMessage, personaId: string): boolean {
  return message.personaId === personaId;
}

/**
 * Whether `after` is a connection made since `before` was seen: connected and active now, and
 * not the same connection as before (a reconnect gets a new connectedAt).
 */
export function isNewConnection(before: Account | undefined, after: Account | undefined): boolean {
  if (!after?.isConnected || after.status !== 'active') return false;
  if (!before?.isConnected || before.status !== 'active') return true;
  return before.connectedAt !== after.connectedAt;
}

/**
 * Repeats of one message (the popup page sends it again until acknowledged) are handled once:
 * `seen` says whether `key` was handled within `windowMs`, and records it.
 */
export function createSeen(windowMs: number) {
  const seen = new Map<string, number>();
  return (key: string, now: number): boolean => {
    for (const [k, at] of seen) if (now - at > windowMs) seen.delete(k);
    if (seen.has(key)) return true;
    seen.set(key, now);
    return false;
  };
}
