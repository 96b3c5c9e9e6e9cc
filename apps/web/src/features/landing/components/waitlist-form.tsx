import { emailError, type WaitlistResponse } from '@plume/core';
import { type FormEvent, useId, useState } from 'react';
import { buttonBase } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ApiRequestError } from '../../../lib/api-client';
import { useJoinWaitlist } from '../api/join-waitlist';

/** The server's 400 names the field (the e-mail, the form's only one); the form shows its message. */
function messageOf(error: Error): string {
  const field = error instanceof ApiRequestError ? error.details?.[0] : undefined;
  return field?.message ?? (error.message || 'Could not join the waitlist. Please try again.');
}

function Success({ result }: { result: WaitlistResponse }) {
  return (
    <div role="status" className="rounded-2xl bg-white/10 p-6 text-center" data-testid="waitlist-success">
      <p className="text-3xl" aria-hidden="true">
        {result.status === 'joined' ? '🎉' : '👋'}
      </p>
      <p className="mt-2 text-xl font-semibold">
        {result.status === 'joined' ? 'You’re on the list!' : 'You’re already on the list'}
      </p>
      <p className="mt-1 text-violet-50">
        {result.status === 'joined'
          ? 'We will write as soon as your early access is ready.'
          : 'This address joined before, so there is nothing more to do. We will be in touch.'}
      </p>
    </div>
  );
}

/** 'Get Early Access': the waitlist form, its joining state and its success view. */
export function WaitlistForm() {
  const [email, setEmail] = useState('');
  const [touchedError, setTouchedError] = useState<string | null>(null);
  const join = useJoinWaitlist();
  const inputId = useId();
  const errorId = useId();
  if (join.isSuccess) return <Success result={join.data} />;

  const error = touchedError ?? (join.isError ? messageOf(join.error) : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setTouchedError(problem);
    if (!problem) join.mutate({ email: email.trim() });
  };
  return (
    <form noValidate onSubmit={submit} className="mx-auto w-full max-w-md" aria-label="Get Early Access">
      <label htmlFor={inputId} className="block text-left text-sm font-medium text-white">
        Email
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (touchedError) setTouchedError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'min-w-0 flex-1 rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-white',
            error ? 'border-red-400' : 'border-transparent',
          )}
        />
        <button
          type="submit"
          disabled={join.isPending}
          className={cn(
            buttonBase,
            'bg-slate-950 py-2.5 text-white hover:bg-slate-800 focus-visible:outline-white disabled:bg-slate-950/70',
          )}
        >
          {join.isPending ? 'Joining...' : 'Join the waitlist'}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 rounded-md bg-white px-2 py-1 text-left text-sm text-red-800">
          {error}
        </p>
      )}
      <p className="mt-3 text-left text-sm text-violet-50">
        The first 100 people on the list create their personas free. No spam; one e-mail when you are in.
      </p>
    </form>
  );
}
