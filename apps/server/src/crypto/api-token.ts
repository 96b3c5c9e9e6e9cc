import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@plume/core';

/** Characters of a token kept in the clear to tell tokens apart: 'plume_' and 6 more. */
const SHOWN = API_TOKEN_PREFIX.length + 6;

/** A new personal API token: 'plume_' and 256 random bits (base64url), its hash and its shown prefix. */
export function generateApiToken(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiToken(secret), prefix: secret.slice(0, SHOWN) };
}

/** SHA-256, hex: the token is high-entropy, so a slow password hash would add nothing but latency. */
export function hashApiToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
