import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchMe, meQueryOptions } from '../../../lib/auth';
import { takeReturnTo, writePersistedSession } from '../../../lib/persisted-session';
import { AUTH_COMPLETE_MESSAGE, type AuthCompleteMessage } from '../hooks/use-x-popup';

/** Where X's sign-in lands, inside the popup: tell the opener and close. */
export function AuthCompletePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('Finishing sign-in...');

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const failure = params.get('error_description') ?? params.get('error');
    const tell = (error: string | null) => {
      const message: AuthCompleteMessage = { type: AUTH_COMPLETE_MESSAGE, error };
      window.opener?.postMessage(message, window.location.origin);
    };
    if (failure) {
      const error = `Authentication failed: ${failure.replaceAll('_', ' ')}`;
      setText(error);
      tell(error);
      if (window.opener) window.close();
      return;
    }
    fetchMe().then(
      (user) => {
        writePersistedSession(user);
        queryClient.setQueryData(meQueryOptions.queryKey, user);
        if (window.opener) {
          tell(user ? null : 'Sign-in did not complete');
          window.close();
        } else {
          navigate(user ? takeReturnTo('/dashboard') : '/login', { replace: true });
        }
      },
      () => {
        const error = 'Plume could not be reached to finish signing in. Close this window and try again.';
        setText(error);
        tell(error);
      },
    );
  }, [navigate, queryClient]);

  return (
    <main className="grid min-h-screen place-items-center p-6">
      <p role="status" className="text-lg">
        {text}
      </p>
    </main>
  );
}
