import { type AuthMode, signInErrorFromCode } from '@plume/core';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons';
import { useRedirectWhenSignedIn } from '../hooks/use-redirect-when-signed-in';
import { AuthPanel } from './auth-panel';

/** The sign-in dialog at /login: always open; closing goes back one page. */
export function SignInDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const initialMode: AuthMode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  // A magic link that failed (used, expired) comes back here as ?error=CODE.
  const [linkError] = useState(() => signInErrorFromCode(params.get('error')));
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const titleId = useId();
  useRedirectWhenSignedIn();

  const close = () => {
    setEmail('');
    setMode('signin');
    // With no page to go back to (the dialog was opened directly), go home.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          aria-labelledby={titleId}
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[95vh] w-[calc(100vw-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white shadow-2xl dark:border-slate-800 dark:bg-slate-950"
        >
          <Dialog.Title className="sr-only">{mode === 'signup' ? 'Sign up to Plume' : 'Sign in to Plume'}</Dialog.Title>
          <AuthPanel
            mode={mode}
            onModeChange={setMode}
            email={email}
            onEmailChange={setEmail}
            titleId={titleId}
            initialError={linkError}
          />
          <Dialog.Close
            className="absolute top-3 right-3 rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label="Close"
          >
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
