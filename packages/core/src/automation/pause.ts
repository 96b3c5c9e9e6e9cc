import { z } from 'zod';
import type { ConnectedAccount } from '../personas/persona';
import { PLATFORM_LABELS, type Platform } from '../platforms/platforms';

/*
 * A persona's automation pauses itself when something says it should stop and ask (decision 035):
 * its account answers errors, its owner deletes a post Plume published soon after it went out,
 * or its reply drafts are rejected again and again. The rule lives on the server
 * (modules/automation/pause.ts); this is what the persona carries and every screen says.
 */

/**
 * Why it paused: `account_errors` (publishes or actions failed in a row on one account),
 * `reconnect` (the network refused the connection: it needs a reconnect), `post_deleted` (a post
 * Plume published was deleted on the network within the hour), `replies_rejected` (reply drafts
 * rejected in a row).
 */
export const AUTOMATION_PAUSE_REASONS = ['account_errors', 'reconnect', 'post_deleted', 'replies_rejected'] as const;
export type AutomationPauseReason = (typeof AUTOMATION_PAUSE_REASONS)[number];

export const automationPauseSchema = z
  .object({
    reason: z.enum(AUTOMATION_PAUSE_REASONS),
    /** What happened, in a sentence the owner reads after "Paused:". */
    message: z.string(),
    since: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AutomationPause' });
export type AutomationPause = z.infer<typeof automationPauseSchema>;

/** What a pause stops and what it leaves alone, in the words every screen and notice uses. */
export const PAUSE_EFFECT =
  'Until you resume, it writes no posts, answers no one and likes, reposts or follows no one. Posts you wrote or approved yourself still go out.';

/**
 * A connection the network refused (`status: 'error'`) holds the persona's automation on that
 * network: nothing is written for it or sent on it (posts, replies, likes, reposts, follows)
 * until it is reconnected. No switch and no Resume: the connection itself is the state.
 */
export type ConnectionHold = { platform: Platform; username: string; message: string };

/** What a hold stops, in the words the card and the Automation tab use. */
export const CONNECTION_HOLD_EFFECT =
  'Until you reconnect it, nothing is written for it or sent on it: no posts, replies, likes, reposts or follows. Approving or scheduling a post there is refused.';

/** The persona's networks whose automation is held, and why, in words. */
export function connectionHolds(persona: { connected_accounts: ConnectedAccount[] }): ConnectionHold[] {
  return persona.connected_accounts
    .filter((a) => a.isConnected && a.status === 'error')
    .map((a) => ({
      platform: a.platform,
      username: a.username,
      message: `${PLATFORM_LABELS[a.platform]} automation is held: the connection to @${a.username} was refused and needs a reconnect.`,
    }));
}
