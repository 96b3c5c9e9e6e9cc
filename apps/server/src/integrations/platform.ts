/**
 * The one contract between Plume and a social network. Each network's adapter
 * (integrations/x, integrations/bluesky) reports in these words, so that publishing, and next the
 * metrics, notifications and engagement that read from the networks, treat X and Bluesky alike.
 */

/** A post that went out: the id of every part, first part first (tweet ids, at:// URIs). */
export type PublishOutcome = {
  externalIds: string[];
  /** Where the first part is seen on the web. */
  url: string | null;
};

/**
 * How a call to a network failed, which decides what the caller may do next:
 * - `rejected`: the network refused it (a 4xx), or it never left (a refused connection, an unknown
 *   host, an account that is not connected): nothing happened.
 * - `auth`: the connection was revoked or expired (401): refresh, or the user reconnects.
 * - `rate_limited`: 429: try again after `retryAfterSeconds` (the network's reset time).
 * - `unknown`: it may have happened (a timeout or a reset after sending, a 5xx): never retried blindly.
 */
export type PlatformFailure = 'rejected' | 'auth' | 'rate_limited' | 'unknown';

export class PlatformError extends Error {
  constructor(
    message: string,
    public readonly kind: PlatformFailure,
    public readonly details: {
      /** The network's HTTP status, when it answered. */
      status?: number;
      retryAfterSeconds?: number;
      /** The parts of a thread that did go out before the failure. */
      postedIds?: string[];
      /** An OAuth error code (invalid_grant, …) on token endpoints. */
      oauthError?: string;
    } = {},
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}
