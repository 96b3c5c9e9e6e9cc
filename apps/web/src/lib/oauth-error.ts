import { oauthErrorFromUrl } from '@plume/core';

/**
 * An OAuth error that came back in the URL: its message, and the URL's search without the
 * OAuth parameters (the hash is dropped too), to replace the address with.
 */
export function takeOAuthError(search: string, hash: string): { message: string; search: string } | null {
  const message = oauthErrorFromUrl(search, hash);
  if (!message) return null;
  const params = new URLSearchParams(search);
  for (const key of ['error', 'error_description', 'error_uri', 'state']) params.delete(key);
  const rest = params.toString();
  return { message, search: rest ? `?${rest}` : '' };
}
