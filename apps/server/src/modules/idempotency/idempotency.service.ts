import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@plume/core';
import { AppError, ConflictError, type ErrorExtras, INTERNAL_ERROR } from '../../errors';
import type { IdempotencyRepository, IdempotencyRow } from './idempotency.repository';

/** How long a request with a key already running is waited for before the caller is told to come back. */
export const IDEMPOTENCY_WAIT_MS = 60_000;
/** A key whose first request has not answered after this long belongs to a process that died. */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60_000;
/** How long keys (and their answers) are kept: the cleanup-expired job removes older ones. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3_600_000;
const POLL_MS = 100;

/** What is kept of an error answer, to give it again. */
type StoredError = { error: { code: string; message: string } & ErrorExtras; retryAfterSeconds?: number };

/** An answer given again for a key already used: the first request's error, status and all. */
class RepeatedError extends AppError {
  constructor(
    status: number,
    stored: StoredError,
    public readonly retryAfterSeconds?: number,
  ) {
    const { code, message, details, results } = stored.error;
    super(status, code, message, { details, results });
  }
}

/** JSON with every object's keys in order, so equal requests hash the same whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const field = `headers.${IDEMPOTENCY_KEY_HEADER.toLowerCase()}`;
const reused = () => {
  const message = `${IDEMPOTENCY_KEY_HEADER}: this key was already used with a different request; send a new key for a new request`;
  return new AppError(422, 'idempotency_key_reused', message, { details: [{ field, message }] });
};

/**
 * Requests made once per key (the `Idempotency-Key` header): the first request with a key runs and
 * its answer is kept with the key; the same key again gets that answer (waiting for it while the
 * first still runs) instead of doing the work twice; the same key with another request is a 422.
 * Any route can adopt it: `once(...)` around the service call, the route and request named.
 */
export function createIdempotencyService(deps: {
  repository: IdempotencyRepository;
  now?: () => Date;
  waitMs?: number;
}) {
  const { repository, now = () => new Date(), waitMs = IDEMPOTENCY_WAIT_MS } = deps;

  /** The first request's answer, given again: its body, or its error thrown again. */
  function repeat<T>(row: IdempotencyRow & { status: number }): T {
    if (row.status < 400) return row.response as T;
    const stored = row.response as StoredError;
    throw new RepeatedError(row.status, stored, stored.retryAfterSeconds);
  }

  async function run<T>(userId: string, key: string, work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (error instanceof AppError) {
        // A refusal is the answer for this key too (a new click sends a new key).
        const wait = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
        const stored: StoredError = {
          error: { code: error.code, message: error.message, details: error.details, results: error.results },
          ...(typeof wait === 'number' ? { retryAfterSeconds: wait } : {}),
        };
        await repository.complete(userId, key, error.statusCode, stored);
      } else {
        // A failure of ours is the answer too: it may have come after the work was done (a post
        // that went out, then a database write failed), so the same key must not run it again.
        const { statusCode, code, message } = INTERNAL_ERROR;
        await repository.complete(userId, key, statusCode, { error: { code, message } } satisfies StoredError);
      }
      throw error;
    }
    await repository.complete(userId, key, 200, result);
    return result;
  }

  /**
   * Takes `key` for a request about to run (`first`: run it, then `finish`), or gives the first
   * request's answer: its body and status, or its error thrown again; waits while the first runs.
   * The same key with another route or request is a 422.
   */
  async function begin(input: {
    userId: string;
    key: string;
    route: string;
    request: unknown;
  }): Promise<{ first: true } | { first: false; status: number; body: unknown }> {
    const { userId, key, route } = input;
    const requestHash = createHash('sha256').update(canonical(input.request)).digest('hex');
    const started = now().getTime();
    for (;;) {
      if (await repository.claim({ userId, key, route, requestHash })) return { first: true };
      const row = await repository.find(userId, key);
      // Removed between the two reads (the cleanup of day-old keys): claim it again.
      if (!row) continue;
      if (row.route !== route || row.requestHash !== requestHash) throw reused();
      if (row.status !== null)
        return { first: false, status: row.status, body: repeat({ ...row, status: row.status }) };
      const at = now().getTime();
      if (at - row.createdAt.getTime() > IDEMPOTENCY_ABANDONED_MS) {
        throw new ConflictError(
          `The first request with this ${IDEMPOTENCY_KEY_HEADER} never finished: check what it did before trying again with a new key`,
        );
      }
      if (at - started > waitMs) {
        const error = new AppError(
          409,
          'idempotency_in_progress',
          `The first request with this ${IDEMPOTENCY_KEY_HEADER} is still running; ask again in a moment for its answer`,
        );
        throw Object.assign(error, { retryAfterSeconds: 2 });
      }
      // The first request is still running: its answer is this one's too.
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  return {
    begin,

    /**
     * The answer of a request `begin` let run, kept for its key: a body with its status, or an
     * error answer (`{ error }` as the API gives it, and the Retry-After it said, if any).
     */
    async finish(userId: string, key: string, status: number, response: unknown, retryAfterSeconds?: number) {
      const kept =
        status >= 400 && response && typeof response === 'object' && retryAfterSeconds !== undefined
          ? { ...response, retryAfterSeconds }
          : response;
      await repository.complete(userId, key, status, kept);
    },

    /**
     * Runs `work` once for `key` (a 200 answer, or an error the API gives); without a key, simply
     * runs it. `route` and `request` (its parameters and body) tell one use of a key from another.
     */
    async once<T>(input: {
      userId: string;
      key: string | undefined;
      route: string;
      request: unknown;
      work: () => Promise<T>;
    }): Promise<T> {
      const { userId, key, route, work } = input;
      if (key === undefined) return work();
      const begun = await begin({ userId, key, route, request: input.request });
      return begun.first ? run(userId, key, work) : (begun.body as T);
    },
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
