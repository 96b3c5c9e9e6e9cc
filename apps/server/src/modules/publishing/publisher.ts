/**
 * What publishing asks of a platform: post these parts (a thread when more than one) as this
 * persona's connected account. Adapters for X and Bluesky implement it; the publishing service
 * owns the post's state machine around the call.
 */
export type PublishOutcome = {
  /** The id of every part posted, first part first (tweet ids, at:// URIs). */
  externalIds: string[];
  /** Where the first part is seen on the web. */
  url: string | null;
};

/**
 * How a platform call failed, which decides the post's state:
 * - `rejected`: the platform refused it, or it never left (bad request, refused connection): failed.
 * - `auth`: the connection was revoked or expired: failed, and the account shows an error to reconnect.
 * - `rate_limited`: 429 before sending: failed now (a scheduled post retries after `retryAfterSeconds`).
 * - `unknown`: it may have been posted (a timeout or a reset after sending): unconfirmed, never retried blindly.
 * `postedIds`: the parts of a thread that did go out before the failure.
 */
export class PublishError extends Error {
  constructor(
    message: string,
    public readonly kind: 'rejected' | 'auth' | 'rate_limited' | 'unknown',
    public readonly options: { retryAfterSeconds?: number; postedIds?: string[]; status?: number } = {},
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

export interface PlatformPublisher {
  /** Posts as the persona's connected account (the service has checked there is one); throws PublishError. */
  publish(personaId: string, parts: string[]): Promise<PublishOutcome>;
  /**
   * Looks on the account for a post with this text made since `since` (reconciling an
   * unconfirmed post); null when it is not there. Platforms that cannot tell leave it out.
   */
  findRecent?(personaId: string, text: string, since: Date): Promise<PublishOutcome | null>;
}
