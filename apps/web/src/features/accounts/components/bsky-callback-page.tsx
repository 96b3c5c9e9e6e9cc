import { BLUESKY_MESSAGE_RETRIES_MS, CALLBACK_REDIRECT_MS } from '@plume/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import { exchangeBlueskyCode } from '../api/exchange-bluesky-code';
import { useAuthBus } from '../hooks/use-auth-bus';
import { blueskyCompleteMessage, readBlueskyCallback } from '../utils/callback-params';
import { clearPending } from '../utils/pending';
import { repeatMessage } from '../utils/repeat';
import { CallbackLayout } from './callback-layout';

/** After the Accounts tab acknowledges a success, the popup closes after this. */
const CLOSE_AFTER_ACK_MS = 1500;

type View =
  | { state: 'pending' }
  | { state: 'success'; did: string | null; handle: string | null }
  | { state: 'error'; error: string };

function exchangeError(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message || 'Failed to exchange authorization code';
  if (error instanceof Error) return 'Failed to exchange authorization code';
  return 'An unknown error occurred';
}

/**
 * /bsky/callback (app spec: Bluesky popup page). The server normally finishes the authorization and
 * sends the popup here with the account (personaId, popupId, did, handle) or an error; a deployment
 * that passes on code and state has the page finish it. Either way the Accounts tab is told, again
 * and again until it acknowledges.
 */
export function BskyCallbackPage() {
  const navigate = useNavigate();
  const [callback] = useState(() => readBlueskyCallback(window.location.search));
  // Bluesky's pages cut window.opener (COOP): a popup id in the address means the Accounts tab opened it.
  const [inPopup] = useState(() => Boolean(window.opener) || callback.popupId !== null);
  const [view, setView] = useState<View>({ state: 'pending' });
  const [debug, setDebug] = useState({ attempts: 0, acknowledged: false });
  const started = useRef(false);
  const acked = useRef(false);
  const succeeded = useRef(false);
  const repeater = useRef<{ resend(): void; stop(): void } | null>(null);
  const timers = useRef<number[]>([]);

  const bus = useAuthBus((message) => {
    if (message.type !== 'bluesky-auth-ack' || message.personaId !== callback.personaId) return;
    if (message.popupId && callback.popupId && message.popupId !== callback.popupId) return;
    if (acked.current) return;
    acked.current = true;
    repeater.current?.stop();
    if (callback.personaId) clearPending(localStorage, callback.personaId);
    setDebug((d) => ({ ...d, acknowledged: true }));
    if (succeeded.current && inPopup) timers.current.push(window.setTimeout(() => window.close(), CLOSE_AFTER_ACK_MS));
  });

  // Sent again when the page becomes visible, if still unacknowledged.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') repeater.current?.resend();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      repeater.current?.stop();
      for (const timer of timers.current) window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const finish = (outcome: { did: string | null; handle: string | null } | { error: string }) => {
      const error = 'error' in outcome ? outcome.error : null;
      const account = 'error' in outcome ? { did: null, handle: null } : outcome;
      succeeded.current = error === null;
      setView(error ? { state: 'error', error } : { state: 'success', ...account });
      repeater.current = repeatMessage({
        delaysMs: BLUESKY_MESSAGE_RETRIES_MS,
        send: (attempt) => {
          setDebug((d) => ({ ...d, attempts: attempt }));
          bus.current?.post(
            blueskyCompleteMessage({
              personaId: callback.personaId,
              popupId: callback.popupId,
              ...account,
              error,
              url: window.location.href,
              attempt,
              now: Date.now(),
            }),
            [window.opener as Window | null],
          );
        },
        isDone: () => acked.current,
        isVisible: () => document.visibilityState === 'visible',
      });
      if (!error && !inPopup) {
        timers.current.push(window.setTimeout(() => navigate('/dashboard', { replace: true }), CALLBACK_REDIRECT_MS));
      }
    };

    if (callback.kind === 'error') finish({ error: callback.error });
    else if (callback.kind === 'connected') finish({ did: callback.did, handle: callback.handle });
    else {
      exchangeBlueskyCode({
        code: callback.code,
        state: callback.state,
        ...(callback.personaId ? { personaId: callback.personaId } : {}),
        ...(callback.iss ? { iss: callback.iss } : {}),
      }).then(
        ({ profile }) => finish({ did: profile.did, handle: profile.handle }),
        (error: unknown) => finish({ error: exchangeError(error) }),
      );
    }
  }, [bus, callback, inPopup, navigate]);

  const leave = inPopup ? (
    <Button onClick={() => window.close()}>Close Window</Button>
  ) : (
    <Button onClick={() => navigate('/dashboard')}>Go to Dashboard</Button>
  );

  const debugPanel = (
    <details data-testid="bsky-debug" className="rounded-xl border border-slate-200 p-3 text-xs dark:border-slate-800">
      <summary className="cursor-pointer font-medium">Debug info</summary>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 break-all">
        <dt className="text-slate-600 dark:text-slate-400">Persona ID</dt>
        <dd>{callback.personaId ?? 'none'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Popup ID</dt>
        <dd>{callback.popupId ?? 'none'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Flow</dt>
        <dd>{callback.kind === 'exchange' ? 'code exchange on this page' : callback.kind}</dd>
        <dt className="text-slate-600 dark:text-slate-400">In a popup</dt>
        <dd>{inPopup ? 'yes' : 'no'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Opener reachable</dt>
        <dd>{window.opener ? 'yes' : 'no'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Messages sent</dt>
        <dd>{debug.attempts}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Acknowledged</dt>
        <dd>{debug.acknowledged ? 'yes' : 'no'}</dd>
      </dl>
    </details>
  );

  if (view.state === 'pending') {
    const ticks = [
      ['Authorization code', callback.has.code],
      ['State', callback.has.state],
      ['Persona ID', callback.has.personaId],
    ] as const;
    return (
      <CallbackLayout state="pending" title="Connecting to Bluesky...">
        <ul className="space-y-1 text-sm" data-testid="bsky-ticks">
          {ticks.map(([label, present]) => (
            <li key={label} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={present ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500'}
              >
                {present ? '✓' : '✗'}
              </span>
              {label}: {present ? 'received' : 'missing'}
            </li>
          ))}
        </ul>
        {debugPanel}
      </CallbackLayout>
    );
  }

  if (view.state === 'success') {
    return (
      <CallbackLayout state="success" title="Successfully Connected!" actions={leave}>
        <p className="text-slate-700 dark:text-slate-300">
          {view.handle
            ? `Your Bluesky account @${view.handle} has been connected successfully`
            : 'Your Bluesky account has been connected successfully'}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {inPopup ? 'You can close this window.' : 'Taking you to the dashboard...'}
        </p>
        {debugPanel}
      </CallbackLayout>
    );
  }

  return (
    <CallbackLayout state="error" title="Connection Failed" actions={leave}>
      <p data-testid="callback-error" className="break-words text-slate-700 dark:text-slate-300">
        {view.error}
      </p>
      {debugPanel}
    </CallbackLayout>
  );
}
