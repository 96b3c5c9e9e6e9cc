/**
 * The connection popups' message protocol (app spec §4 States: X and Bluesky popup pages; editor
 * spec §4 and §9): message shapes, sizes and timings, shared by the popup pages and the Accounts tab.
 *
 * Authorization servers may set Cross-Origin-Opener-Policy (Bluesky's PDS does), which cuts the
 * popup's link to its opener: the same messages also travel on a BroadcastChannel of this origin.
 */
import { z } from 'zod';
import { xUserProfileSchema } from './accounts';

export const AUTH_CHANNEL = 'plume-account-connect';

export const BLUESKY_POPUP = { width: 800, height: 700 } as const;
export const X_POPUP = { width: 600, height: 700 } as const;

/** When the Bluesky popup page sends its message again while unacknowledged (first at once). */
export const BLUESKY_MESSAGE_RETRIES_MS = [100, 500, 1000, 2000, 3000, 5000, 8000] as const;
/** When the X popup page sends its message again (first at once). */
export const X_MESSAGE_RETRIES_MS = [500, 1000] as const;
/** The Accounts tab acknowledges an X message at once and again at these times. */
export const X_ACK_REPEATS_MS = [300, 600, 1000] as const;
export const BLUESKY_CLOSED_CHECK_MS = 1000;
export const X_CLOSED_CHECK_MS = 500;
/** After the popup closes with no message: re-check, and clear the loading state after this. */
export const POPUP_CLOSED_GRACE_MS = 3000;
export const BLUESKY_AUTH_TIMEOUT_MS = 120_000;
/** A pending Bluesky connection older than this is stale when found again (after a reload). */
export const BLUESKY_PENDING_STALE_MS = 5 * 60_000;
/** Outside a popup, the Bluesky page goes to the dashboard after this. */
export const CALLBACK_REDIRECT_MS = 2000;

export const X_NOT_COMPLETED = 'X authentication was not completed. Please try again.';
export const POPUP_BLOCKED = 'Popup was blocked. Please allow popups for this site and try again.';

export const blueskyAuthCompleteSchema = z.object({
  type: z.literal('bluesky-auth-complete'),
  personaId: z.string().nullable(),
  popupId: z.string().nullable(),
  did: z.string().nullable(),
  handle: z.string().nullable(),
  error: z.string().nullable(),
  status: z.enum(['success', 'error']),
  exchangeSuccess: z.boolean(),
  timestamp: z.number(),
  messageVersion: z.literal(2),
  url: z.string(),
  attempt: z.number().int(),
});
export type BlueskyAuthComplete = z.infer<typeof blueskyAuthCompleteSchema>;

export const blueskyAuthAckSchema = z.object({
  type: z.literal('bluesky-auth-ack'),
  personaId: z.string().nullable(),
  popupId: z.string().nullable(),
});
export type BlueskyAuthAck = z.infer<typeof blueskyAuthAckSchema>;

export const xAuthCompleteSchema = z.object({
  type: z.literal('x-auth-complete'),
  personaId: z.string().nullable(),
  user: xUserProfileSchema.nullable(),
  error: z.string().nullable(),
});
export type XAuthComplete = z.infer<typeof xAuthCompleteSchema>;

export const xAuthAckSchema = z.object({ type: z.literal('x-auth-ack'), personaId: z.string().nullable() });
export type XAuthAck = z.infer<typeof xAuthAckSchema>;

/** Any of the four messages, for one listener to sort. */
export const authMessageSchema = z.discriminatedUnion('type', [
  blueskyAuthCompleteSchema,
  blueskyAuthAckSchema,
  xAuthCompleteSchema,
  xAuthAckSchema,
]);
export type AuthMessage = z.infer<typeof authMessageSchema>;

/** Pending Bluesky connection data kept in local storage, keyed by persona id (never tokens). */
export const blueskyPendingSchema = z.object({ popupId: z.string(), handle: z.string(), startedAt: z.number() });
export type BlueskyPending = z.infer<typeof blueskyPendingSchema>;
export const blueskyPendingKey = (personaId: string) => `bluesky-auth-pending:${personaId}`;

export function isStale(pending: BlueskyPending, now: number): boolean {
  return now - pending.startedAt > BLUESKY_PENDING_STALE_MS;
}
