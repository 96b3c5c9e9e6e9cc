import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type MagicLinkRequest = { email: string; callbackURL: string };

export function requestMagicLink({ email, callbackURL }: MagicLinkRequest) {
  return api<{ status: boolean }>('/api/auth/sign-in/magic-link', {
    method: 'POST',
    json: { email, callbackURL, newUserCallbackURL: callbackURL, errorCallbackURL: '/login' },
  });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
