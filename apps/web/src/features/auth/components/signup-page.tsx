import type { AuthMode } from '@plume/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { useRedirectWhenSignedIn } from '../hooks/use-redirect-when-signed-in';
import { AuthPanel } from './auth-panel';

/** /signup: the sign-up screen, with a way back to the landing page. */
export function SignupPage() {
  const [mode, setMode] = useState<AuthMode>('signup');
  const [email, setEmail] = useState('');
  const titleId = useId();
  useRedirectWhenSignedIn();
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
        <Logo />
        <Link to="/" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-200/70 dark:hover:bg-slate-800">
          ← Back
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="sr-only">Create your Plume account</h1>
        <section
          aria-labelledby={titleId}
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl dark:border-slate-800 dark:bg-slate-950"
        >
          <AuthPanel mode={mode} onModeChange={setMode} email={email} onEmailChange={setEmail} titleId={titleId} />
        </section>
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          Setup takes about 3 minutes. No credit card needed.
        </p>
      </main>
    </div>
  );
}
