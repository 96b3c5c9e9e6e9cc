import type { FieldError } from '@plume/core';

/** What an error adds to its message: the fields at fault, or each item's outcome of a bulk request. */
export type ErrorExtras = { details?: FieldError[]; results?: unknown[] };

/** The answer to a failure of ours: its details are logged, never sent. */
export const INTERNAL_ERROR = { statusCode: 500, code: 'internal_error', message: 'Something went wrong on our side' };

/**
 * Errors that carry their HTTP status; the error handler turns them into
 * `{ error: { code, message, details?, results? } }`.
 */
export class AppError extends Error {
  public readonly details: FieldError[] | undefined;
  public readonly results: unknown[] | undefined;

  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.details = extras.details;
    this.results = extras.results;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: FieldError[]) {
    super(400, 'bad_request', message, { details });
  }
}

/**
 * One field is wrong: "body.runAt: Date must be in the future", with the field in `details` so a
 * form shows the message beside it. `field` is named as FieldError says (`body.…`, `query.…`).
 */
export function invalidField(field: string, message: string): BadRequestError {
  return new BadRequestError(`${field}: ${message}`, [{ field, message }]);
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', extras: ErrorExtras = {}) {
    super(404, 'not_found', message, extras);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, extras: ErrorExtras = {}) {
    super(409, 'conflict', message, extras);
  }
}

/** A third party (X, Bluesky, an LLM, SMTP) failed; its message is passed on. */
export class ProviderError extends AppError {
  constructor(provider: string, message: string, extras: ErrorExtras = {}) {
    super(502, 'provider_error', `${provider}: ${message}`, extras);
  }
}

/** Too many requests (ours or a platform's): 429, with the wait in Retry-After when it is known. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    public readonly retryAfterSeconds?: number,
    extras: ErrorExtras = {},
  ) {
    super(429, 'rate_limited', message, extras);
  }
}
