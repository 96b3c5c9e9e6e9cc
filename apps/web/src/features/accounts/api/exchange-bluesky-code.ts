import type { Account, BlueskyProfile } from '@plume/core';
import { api } from '../../../lib/api-client';

/**
 * POST /api/oauth/token: for a deployment that sends the popup to /bsky/callback with the code
 * and state, the page hands them to the server, which finishes the authorization. Tokens stay there.
 */
export const exchangeBlueskyCode = (body: { code: string; state: string; personaId?: string; iss?: string }) =>
  api<{ personaId: string; profile: BlueskyProfile; account: Account }>('/api/oauth/token', {
    method: 'POST',
    json: body,
  });
