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
