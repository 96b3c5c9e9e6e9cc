/** Errors that carry their HTTP status; the error handler turns them into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: unknown) {
    super(400, 'bad_request', message, details);
  }
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
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: unknown) {
    super(409, 'conflict', message, details);
  }
}

/** A third party (X, Bluesky, an LLM, SMTP) failed; its message is passed on. */
export class ProviderError extends AppError {
  constructor(provider: string, message: string) {
    super(502, 'provider_error', `${provider}: ${message}`);
  }
}

/** Too many requests (ours or a platform's): 429, with the wait in Retry-After when it is known. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    public readonly retryAfterSeconds?: number,
    details?: unknown,
  ) {
    super(429, 'rate_limited', message, details);
  }
}
