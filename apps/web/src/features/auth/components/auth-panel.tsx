import { type AuthMode, authTexts } from '@plume/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ApiRequestError } from '../../../lib/api-client';
import { peekReturnTo } from '../../../lib/persisted-session';
import { usePublicConfig } from '../../../lib/public-config';
import { useRequestMagicLink } from '../api/request-magic-link';
import { useStartXSignIn } from '../api/start-x-sign-in';
import { useXPopup } from '../hooks/use-x-popup';

type Method = 'email' | 'google' | 'x';

const methods: { id: Method; label: string; badge?: string }[] = [
  { id: 'email', label: 'Email', badge: 'Recommended' },
  { id: 'google', label: 'Google', badge: 'Soon' },
  { id: 'x', label: 'X' },
];

function messageOf(error: unknown): string {
  return error instanceof ApiRequestError || error instanceof Error ? error.message : 'Something went wrong';
}

/** The two panels of the sign-in dialog: methods on the left, the chosen method on the right. */
export function AuthPanel({
  mode,
  onModeChange,
  email,
  onEmailChange,
  titleId,
  initialError = null,
}: {
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  email: string;
  onEmailChange(email: string): void;
  titleId: string;
  initialError?: string | null;
}) {
  const [method, setMethod] = useState<Method>('email');
  const [error, setError] = useState<string | null>(initialError);
  const [sent, setSent] = useState<string | null>(null);
  const config = usePublicConfig();
  const magicLink = useRequestMagicLink();
  const xSignIn = useStartXSignIn();
  const [xBusy, setXBusy] = useState(false);
  const emailId = useId();
  const openPopup = useXPopup((outcome) => {
    setXBusy(false);
    if (outcome && outcome !== 'closed') setError(outcome);
  });

  const changeMode = (next: AuthMode) => {
    setError(null);
    setSent(null);
    onModeChange(next);
  };

  const choose = (next: Method) => {
    setMethod(next);
    setError(null);
  };

  const submitEmail = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setSent(null);
    magicLink.mutate(
      { email: email.trim(), callbackURL: peekReturnTo() ?? '/dashboard' },
      {
        onSuccess: () => setSent(authTexts.emailSent[mode]),
        onError: (e) => setError(messageOf(e)),
      },
    );
  };

  const continueWithX = () => {
    setError(null);
    setXBusy(true);
    xSignIn.mutate(undefined, {
      onSuccess: ({ url }) => openPopup(url),
      onError: (e) => {
        setXBusy(false);
        setError(messageOf(e));
      },
    });
  };

  return (
    <div className="grid md:grid-cols-[16rem_1fr]">
      <div className="border-b border-slate-200 bg-slate-100/70 p-6 md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900/60">
        <h2 id={titleId} className="text-2xl font-semibold tracking-tight">
          {mode === 'signup' ? `${authTexts.title.signup} Plume` : authTexts.title.signin}
        </h2>
        <nav aria-label="Sign-in methods" className="mt-6">
          <ul className="space-y-2">
            {methods.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => choose(m.id)}
                  aria-pressed={method === m.id}
                  className={cn(
                    'flex w-full items-center justify-between rounded-lg border px-3 py-2 text-left text-sm font-medium transition-colors',
                    method === m.id
                      ? 'border-violet-600 bg-white text-slate-900 dark:bg-slate-800 dark:text-white'
                      : 'border-transparent text-slate-700 hover:bg-white dark:text-slate-300 dark:hover:bg-slate-800',
                  )}
                >
                  <span>
                    {m.label}
                    {m.id === 'google' && <span className="sr-only"> (unavailable)</span>}
                  </span>
                  {m.badge && (
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs',
                        m.id === 'email'
                          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100'
                          : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
                      )}
                    >
                      {m.badge}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 text-sm">
          {mode === 'signup' ? (
            <button
              type="button"
              className="text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
              onClick={() => changeMode('signin')}
            >
              {authTexts.toSignIn}
            </button>
          ) : (
            <button
              type="button"
              className="text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
              onClick={() => changeMode('signup')}
            >
              {authTexts.toSignUp}
            </button>
          )}
        </p>
      </div>

      <div className="p-6">
        {error && (
          <div
            role="alert"
            className="mb-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {error}
          </div>
        )}

        {method === 'email' && (
          <form onSubmit={submitEmail} className="space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">{authTexts.subtitle[mode]}</p>
            <div className="space-y-1.5">
              <label htmlFor={emailId} className="block text-sm font-medium">
                Email Address
              </label>
              <input
                id={emailId}
                type="email"
                required
                autoComplete="email"
                placeholder="Enter your email"
                value={email}
                onChange={(e) => onEmailChange(e.target.value)}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-violet-600 focus:outline-2 focus:outline-violet-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
              />
            </div>
            <Button type="submit" className="w-full" disabled={magicLink.isPending}>
              {magicLink.isPending ? authTexts.emailBusy[mode] : authTexts.emailButton[mode]}
            </Button>
            {sent && (
              <div
                role="status"
                className="rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
              >
                <p className="font-medium">{sent}</p>
                {config.data?.devOutbox && (
                  <p className="mt-1 text-emerald-800 dark:text-emerald-200">
                    No mail server is set up here, so the link is in the server log and in the{' '}
                    <a className="underline" href="/api/dev/outbox" target="_blank" rel="noreferrer">
                      dev outbox
                    </a>
                    .
                  </p>
                )}
              </div>
            )}
          </form>
        )}

        {method === 'google' && (
          <div className="space-y-4">
            <p className="font-medium">Google sign-in is temporarily unavailable.</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{authTexts.googleUnavailable}</p>
            <Button variant="secondary" onClick={() => choose('email')}>
              {authTexts.goToEmail}
            </Button>
          </div>
        )}

        {method === 'x' && (
          <div className="space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {mode === 'signup' ? 'Create your account with your X profile.' : 'Sign in with your X account.'} A window
              opens for X; it closes by itself when you are done.
            </p>
            {config.data && !config.data.xSignIn ? (
              <p
                role="note"
                className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
              >
                Sign in with X is not configured on this server. Use email, or ask the administrator to set X_CLIENT_ID
                and X_CLIENT_SECRET.
              </p>
            ) : (
              <Button className="w-full" onClick={continueWithX} disabled={xBusy || !config.data}>
                {xBusy ? authTexts.xBusy : authTexts.xButton[mode]}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
