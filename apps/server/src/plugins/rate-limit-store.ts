import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitsRepository } from '../modules/rate-limits/rate-limits.repository';

/** A @fastify/rate-limit store over PostgreSQL, so every API process counts against one limit. */
export function pgRateLimitStore(repository: RateLimitsRepository): FastifyRateLimitStoreCtor {
  class PgStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      repository
        .hit(this.prefix + key, timeWindow)
        .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: { path: string; prefix: string }): FastifyRateLimitStore {
      return new PgStore(undefined, `${routeOptions.prefix}${routeOptions.path}|`);
    }
  }
  return PgStore;
}
