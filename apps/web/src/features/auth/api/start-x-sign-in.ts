import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Asks the server for X's authorization URL (OAuth 2.0 + PKCE); the caller opens it in a popup. */
export function startXSignIn() {
  return api<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    json: {
      provider: 'twitter',
      callbackURL: '/auth/complete',
      errorCallbackURL: '/auth/complete',
      disableRedirect: true,
    },
  });
}

export function useStartXSignIn() {
  return useMutation({ mutationFn: startXSignIn });
}
