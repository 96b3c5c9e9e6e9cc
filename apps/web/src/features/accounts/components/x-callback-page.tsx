import { CALLBACK_REDIRECT_MS, X_MESSAGE_RETRIES_MS, type XUserProfile } from '@plume/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { exchangeXCode } from '../api/exchange-x-code';
import { useAuthBus } from '../hooks/use-auth-bus';
import { readXCallback, xCompleteMessage } from '../utils/callback-params';
import { clearXRedirectMark, readXRedirectMark } from '../utils/popup';
import { repeatMessage } from '../utils/repeat';
import { CallbackLayout } from './callback-layout';

/** How long the success screen stays before the popup closes itself. */
export const X_CLOSE_AFTER_MS = 3000;

type View =
  | { state: 'pending' }
  | { state: 'success'; user: XUserProfile }
  | { state: 'error'; error: string; offline?: boolean };

function exchangeError(error: unknown): { error: string; offline?: boolean } {
  if (error instanceof ApiRequestError) return { error: error.message || 'Token exchange failed' };
  return { error: 'Could not reach backend server', offline: true };
}

/**
 * /x/callback (app spec: X popup page): X sends the browser back here with a code, or an error.
 * In the popup it tells the Accounts tab and closes; after a full-page redirect (the popup was
 * blocked) it returns to the Accounts tab itself.
 */
export function XCallbackPage() {
  const navigate = useNavigate();
  const [callback] = useState(() => readXCallback(window.location.search));
  const personaId = callback.personaId;
  // Set by the Accounts tab before it redirected this very tab to X.
  const [mainWindow] = useState(() => readXRedirectMark(personaId));
  const [view, setView] = useState<View>(() =>
    callback.kind === 'error' ? { state: 'error', error: callback.error } : { state: 'pending' },
  );
  const started = useRef(false);
  const acked = useRef(false);
  const repeater = useRef<{ stop(): void } | null>(null);
  const bus = useAuthBus((message) => {
    if (message.type === 'x-auth-ack' && message.personaId === personaId) {
      acked.current = true;
      repeater.current?.stop();
    }
  });

  useEffect(() => () => repeater.current?.stop(), []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The code and state are single-use: keep them out of the address bar and the history.
    navigate(window.location.pathname, { replace: true });
    clearXRedirectMark();

    const report = (outcome: { user: XUserProfile } | { error: string }) => {
      const message = xCompleteMessage(personaId, outcome);
      // At once and again at 500 and 1000 ms, until the Accounts tab acknowledges it.
      repeater.current = repeatMessage({
        delaysMs: X_MESSAGE_RETRIES_MS,
        send: () => bus.current?.post(message, [window.opener as Window | null]),
        isDone: () => acked.current,
      });
    };

    if (callback.kind === 'error') {
      report({ error: callback.error });
      return;
    }
    exchangeXCode({ code: callback.code, state: callback.state }).then(
      ({ user, personaId: connected }) => {
        setView({ state: 'success', user });
        report({ user });
        window.setTimeout(
          () => {
            if (mainWindow) navigate(`/editor/${encodeURIComponent(connected)}?tab=accounts`, { replace: true });
            else window.close();
          },
          mainWindow ? CALLBACK_REDIRECT_MS : X_CLOSE_AFTER_MS,
        );
      },
      (error: unknown) => {
        const failure = exchangeError(error);
        setView({ state: 'error', ...failure });
        report({ error: failure.error });
      },
    );
  }, [bus, callback, mainWindow, navigate, personaId]);

  if (view.state === 'pending') return <CallbackLayout state="pending" title="Connecting your X account..." />;

  if (view.state === 'success') {
    return (
      <CallbackLayout
        state="success"
        title="Successfully Connected!"
        actions={
          <>
            <Button onClick={() => window.close()}>Close Window</Button>
            <Button variant="secondary" onClick={() => navigate('/dashboard')}>
              Return to Dashboard
            </Button>
          </>
        }
      >
        <p className="text-slate-700 dark:text-slate-300">
          Your X account @{view.user.username} has been connected successfully
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {mainWindow ? 'Taking you back to the persona...' : 'This window closes in a few seconds.'}
        </p>
      </CallbackLayout>
    );
  }

  return (
    <CallbackLayout
      state="error"
      title="Connection Failed"
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() =>
              personaId ? navigate(`/editor/${encodeURIComponent(personaId)}?tab=accounts`) : navigate(-1)
            }
          >
            Go Back
          </Button>
          <Button variant="secondary" onClick={() => window.close()}>
            Close Window
          </Button>
          <Button variant="secondary" onClick={() => navigate('/')}>
            Return to Home
          </Button>
        </>
      }
    >
      <p data-testid="callback-error" className="break-words text-slate-700 dark:text-slate-300">
        {view.error}
      </p>
      {view.offline && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
          Plume's server did not answer. If you run Plume yourself, check that it is running (npm start) and that X's
          callback address points at it, then try again.
        </p>
      )}
    </CallbackLayout>
  );
}
