import type { Account, XUserProfile } from '@plume/core';
import { api } from '../../../lib/api-client';

/** POST /api/auth/x/token: /x/callback hands X's code and state to the server, which keeps the tokens. */
export const exchangeXCode = (body: { code: string; state: string }) =>
  api<{ personaId: string; user: XUserProfile; account: Account }>('/api/auth/x/token', {
    method: 'POST',
    json: body,
  });
