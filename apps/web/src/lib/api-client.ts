import type { ApiError } from '@plume/core';

/** A non-OK answer from the API, with its status and the server's message. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** What the server added, e.g. `[{ field, message }]` for a 400 naming its fields. */
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** JSON over fetch with the session cookie. Pure: no toasts, no redirects. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    credentials: 'include',
    ...rest,
    headers: {
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page, say: the status speaks for it.
    if (response.ok)
      throw new ApiRequestError(response.status, 'invalid_response', 'The server sent an unreadable answer');
  }
  if (!response.ok) {
    const error = (data as Partial<ApiError> | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? response.statusText,
      error?.details,
    );
  }
  return data as T;
}
