/** The PostgreSQL error code, also when Drizzle wraps the driver's error. */
export function postgresCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused a row (two writers at once). */
export const isUniqueViolation = (error: unknown) => postgresCode(error) === '23505';

/** Errors that say the database could not be reached or went away (a restart, a failover, the network). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const CONNECTION_MESSAGES = /Connection terminated|connection is closed|Client has encountered a connection error/i;

/**
 * The database was out of reach: the connection was refused or lost, or the server is shutting
 * down or starting (57P01-57P03, class 08). Not a refusal of the statement itself.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^(57P0[123]|08...)$/.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `write` again, with backoff, while the database is out of reach, for up to `forMs`: an
 * outcome known only in this process's memory (what a network answered) is kept until the
 * database is back, rather than lost with the failed statement. Any other error is thrown at once.
 * `write` must be safe to run twice (a guarded transition, a recount): a statement whose answer
 * was lost may have been done.
 */
export async function untilReachable<T>(write: () => Promise<T>, forMs = 5 * 60_000): Promise<T> {
  const deadline = Date.now() + forMs;
  let wait = 100;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isConnectionLoss(error) || Date.now() + wait > deadline) throw error;
      await sleep(wait);
      wait = Math.min(wait * 2, 2000);
    }
  }
}
