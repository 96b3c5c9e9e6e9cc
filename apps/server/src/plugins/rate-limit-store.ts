import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** Counts a hit on `key` in a window of `windowMs`: the count so far and the time the window has left. */
export type RateLimitCounter = { hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> };

/** A @fastify/rate-limit store over PostgreSQL, so every API process counts against one limit. */
export function pgRateLimitStore(repository: RateLimitCounter): FastifyRateLimitStoreCtor {
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

    /**
     * Each route counts on its own, as the library's Redis store does. The library passes the
     * route's limit settings with the route under `routeInfo` (its typings say `path` and `prefix`,
     * which are never set: every route then shared one counter per address).
     */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const given = routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } };
      const route = given.routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new PgStore(undefined, `${method} ${route.url ?? ''}|`);
    }
  }
  return PgStore;
}
