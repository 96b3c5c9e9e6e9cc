import { type ApiError, type FieldError, fieldErrorsText, WORKSPACE_HEADER } from '@plume/core';

/** A non-OK answer from the API, with its status and the server's message. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** The fields the request got wrong, when the server names them (`lib/field-errors` puts them on a form). */
    public readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** JSON over fetch with the session cookie. Pure: no toasts, no redirects. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, init)).data;
}

/** The same, with the answer's headers (a page's next cursor rides in one). */
export async function apiWithHeaders<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ data: T; headers: Headers }> {
  const { json, headers, ...rest } = init;
  // The open workspace (lib/workspace.ts) rides on every call: the API never guesses it (issue 33).
  const workspace = typeof localStorage === 'undefined' ? null : localStorage.getItem('plume.workspace');
  const response = await fetch(path, {
    credentials: 'include',
    ...rest,
    headers: {
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(workspace ? { [WORKSPACE_HEADER]: workspace } : {}),
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
    const details = fieldErrorsIn(error?.details);
    // The server's message names fields by their request path ('body.username: …'); people read
    // their names ('Username: …'). Every toast and form shows this message, so it is said here once.
    const message = details ? fieldErrorsText(details) : (error?.message ?? response.statusText);
    throw new ApiRequestError(response.status, error?.code ?? 'http_error', message, details);
  }
  return { data: data as T, headers: response.headers };
}

/** The field errors of an error answer, of the API's shape only (the JSON was cast, not checked). */
function fieldErrorsIn(details: unknown): FieldError[] | undefined {
  if (!Array.isArray(details)) return undefined;
  const valid = details.filter((d): d is FieldError => typeof d?.field === 'string' && typeof d?.message === 'string');
  return valid.length > 0 ? valid : undefined;
}
