import { type BlueskyPending, blueskyPendingKey, blueskyPendingSchema, isStale } from '@plume/core';

/**
 * The Bluesky connection under way, kept in local storage by persona id so a reload (or the
 * popup page) finds it. Only the popup id, the handle and the start time: never tokens.
 */
export function writePending(storage: Storage, personaId: string, pending: BlueskyPending): void {
  try {
    storage.setItem(blueskyPendingKey(personaId), JSON.stringify(pending));
  } catch {
    // Storage full or blocked: the connection still works, it just isn't recovered after a reload.
  }
}

export function clearPending(storage: Storage, personaId: string): void {
  try {
    storage.removeItem(blueskyPendingKey(personaId));
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/** The pending connection, or null when there is none, it is unreadable, or it is stale (then it is removed). */
export function readPending(storage: Storage, personaId: string, now: number): BlueskyPending | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(blueskyPendingKey(personaId));
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: ReturnType<typeof blueskyPendingSchema.safeParse>;
  try {
    parsed = blueskyPendingSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = blueskyPendingSchema.safeParse(null);
  }
  if (!parsed.success || isStale(parsed.data, now)) {
    clearPending(storage, personaId);
    return null;
  }
  return parsed.data;
}
