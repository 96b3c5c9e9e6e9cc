import type { PublishOutcome, ReplyRef } from '../../integrations/platform';

/**
 * What publishing asks of a network: post these parts (a thread when more than one) as this
 * persona's connected account. One publisher per network (x-publisher.ts, bluesky-publisher.ts),
 * over its adapter; the publishing service owns the post's state machine around the call. A
 * failure is a PlatformError, whose kind decides the post's state (failed, retried, unconfirmed).
 */
export interface PlatformPublisher {
  /**
   * Posts as the persona's connected account (the service has checked there is one), as a reply
   * threaded under `replyTo` when given; throws PlatformError.
   */
  publish(personaId: string, parts: string[], replyTo?: ReplyRef): Promise<PublishOutcome>;
  /**
   * Looks on the account for a post with this text made since `since` (reconciling an
   * unconfirmed post); null when it is not there. Networks that cannot tell leave it out.
   */
  findRecent?(personaId: string, text: string, since: Date): Promise<PublishOutcome | null>;
}
