import { RateLimitedError } from '../../errors';
import type { RateLimitsRepository } from './rate-limits.repository';

const WINDOW_MS = 60_000;

/** Our own limit on writing requests: 429 with Retry-After (the error handler sets the header). */
export class GenerationRateLimitError extends RateLimitedError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      `Too many writing requests: at most ${limit} a minute. Try again in ${retryAfterSeconds} s.`,
      retryAfterSeconds,
    );
  }
}

/**
 * The per-user limit on calls that may reach a model (chat, draft, generate, Test connection),
 * counted in the database so every process shares it.
 */
export function createWritingLimit(rateLimits: RateLimitsRepository, perMinute: number) {
  return {
    async count(workspaceId: string): Promise<void> {
      const { count, ttlMs } = await rateLimits.hit(`writing|${workspaceId}`, WINDOW_MS);
      if (count > perMinute) throw new GenerationRateLimitError(perMinute, Math.max(1, Math.ceil(ttlMs / 1000)));
    },
  };
}
export type WritingLimit = ReturnType<typeof createWritingLimit>;
