/** Query parameters that carry a one-time secret: OAuth codes and states, magic-link tokens. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'refresh_token', 'id_token']);

/** The request URL with the values of secret query parameters replaced, for log lines. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (!SECRET_PARAMS.has(key.toLowerCase())) continue;
    params.set(key, '[redacted]');
    changed = true;
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** Fastify's request log fields, with the URL redacted (codes and tokens are never logged). */
export function requestLogFields(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}): Record<string, unknown> {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}

type LoggedError = { type: string; message: string; stack: string; code?: unknown; cause?: LoggedError };

/**
 * An error as log lines show it, without what a query carried: Drizzle puts a failed query's
 * parameters (a user's posts, sealed tokens) in its message, and PostgreSQL repeats values in its
 * `detail` ("Key (email)=(…) already exists"). The SQL, the codes and the stack stay.
 */
export function errorLogFields(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  let message = error.message;
  let stack = error.stack ?? '';
  if ('query' in error && 'params' in error && typeof error.query === 'string') {
    message = `Failed query: ${error.query}`;
    stack = stack.replace(error.message, message);
  }
  const logged: LoggedError = { type: error.constructor.name || error.name, message, stack };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) logged.code = code;
  if (error.cause !== undefined && depth < 3) logged.cause = errorLogFields(error.cause, depth + 1);
  return logged;
}
