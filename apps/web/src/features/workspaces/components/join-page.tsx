import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/auth';
import { peekReturnTo, rememberReturnTo, takeReturnTo } from '../../../lib/persisted-session';
import { openWorkspace } from '../../../lib/workspace';
import { useJoinWorkspace } from '../api/join-workspace';

/**
 * Where an invitation e-mail's link leads (/join/:token). Signed out, it sends the visitor to sign
 * in and remembers this page, so the magic link brings them back here; signed in, it accepts the
 * invitation, opens that workspace and goes to the dashboard. A link that no longer works shows
 * the server's reason (expired, revoked, another address).
 */
export function JoinPage() {
  const { token = '' } = useParams();
  const here = `${paths.join}/${encodeURIComponent(token)}`;
  const { data: user, isPending } = useMe();
  const join = useJoinWorkspace();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const asked = useRef(false);

  useEffect(() => {
    if (!user || asked.current) return;
    // Once: StrictMode runs effects twice, and an invitation is accepted once.
    asked.current = true;
    join.mutate(token, {
      onSuccess: (workspace) => {
        // Joined: a later sign-in does not come back to this used link.
        if (peekReturnTo() === here) takeReturnTo(paths.dashboard);
        openWorkspace(queryClient, workspace);
        navigate(paths.dashboard, { replace: true });
      },
    });
  }, [user, token, join, queryClient, navigate, here]);

  useEffect(() => {
    if (!isPending && !user) rememberReturnTo(here);
  }, [isPending, user, here]);

  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-6 px-4 py-10">
      <div className="self-start">
        <Logo />
      </div>
      <section
        aria-labelledby="join-title"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h1 id="join-title" className="text-2xl font-semibold">
          {join.isError ? 'This invitation cannot be used' : 'Join a workspace'}
        </h1>
        {isPending || (user && !join.isError) ? (
          <p role="status" className="text-slate-700 dark:text-slate-300">
            Joining the workspace...
          </p>
        ) : join.isError ? (
          <>
            <p role="alert" className="text-red-700 dark:text-red-300">
              {join.error.message}
            </p>
            <p className="text-slate-700 dark:text-slate-300">
              Ask whoever invited you to send a new invitation to the address you sign in with.
            </p>
            <Link to={paths.dashboard} className="font-medium text-violet-700 underline dark:text-violet-300">
              Go to your dashboard
            </Link>
          </>
        ) : (
          <>
            <p className="text-slate-700 dark:text-slate-300">
              You were invited to a Plume workspace. Sign in with the address the invitation was sent to, and you will
              come back here to join it.
            </p>
            <div className="flex justify-end">
              <Button
                onClick={() => {
                  rememberReturnTo(here);
                  navigate(paths.login);
                }}
              >
                Sign in to join
              </Button>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
