import type { AccountSession } from '@plume/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSignOut } from '../../../lib/auth';
import { useSessions } from '../api/get-sessions';
import { useRevokeAllSessions } from '../api/revoke-all-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { cardClass, formatDateTime } from './field';

/** Signed-in browsers and devices, each signed out on its own or all at once. */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeAll = useRevokeAllSessions();
  const signOut = useSignOut();
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const revokeOne = (session: AccountSession) =>
    revoke.mutate(session.id, {
      onSuccess: () => toast.success('Session signed out', { description: session.device }),
      onError: (error) => toast.error(`Failed to sign the session out: ${error.message}`),
    });

  return (
    <section aria-labelledby="account-sessions" className={cardClass}>
      <div>
        <h2 id="account-sessions" className="text-lg font-semibold">
          Active sessions
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Browsers and devices signed in to your account. Personal API tokens are listed below and are not affected.
        </p>
      </div>
      {sessions.isPending ? (
        <p role="status">Loading...</p>
      ) : sessions.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          Failed to load sessions: {sessions.error.message}
        </p>
      ) : (
        <ul aria-label="Sessions" className="divide-y divide-slate-200 dark:divide-slate-800">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 space-y-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {session.device}
                  {session.current && (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {session.ipAddress ? `${session.ipAddress} · ` : ''}Signed in {formatDateTime(session.createdAt)} ·
                  Last active {formatDateTime(session.lastActiveAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  disabled={revoke.isPending}
                  onClick={() => revokeOne(session)}
                  aria-label={`Revoke ${session.device}, signed in ${formatDateTime(session.createdAt)}`}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button
          variant="secondary"
          disabled={others === 0 || revokeAll.isPending}
          onClick={() =>
            revokeAll.mutate(false, {
              onSuccess: ({ revoked }) =>
                toast.success(`Signed out of ${revoked} other session${revoked === 1 ? '' : 's'}`),
              onError: (error) => toast.error(`Failed to sign out other sessions: ${error.message}`),
            })
          }
        >
          Sign out all other sessions
        </Button>
        <Button variant="danger" disabled={revokeAll.isPending} onClick={() => setConfirmEverywhere(true)}>
          Sign out everywhere, including this device
        </Button>
      </div>
      <ConfirmDialog
        open={confirmEverywhere}
        onOpenChange={setConfirmEverywhere}
        title="Sign out everywhere?"
        message="Every browser and device signed in to your account is signed out, this one included. Personal API tokens keep working until you revoke them."
        confirmLabel="Sign out everywhere"
        onConfirm={() =>
          revokeAll.mutate(true, {
            // This session is gone too: the usual sign-out clears what the app kept and goes home.
            onSuccess: () => signOut.mutate(),
            onError: (error) => toast.error(`Failed to sign out everywhere: ${error.message}`),
          })
        }
      />
    </section>
  );
}
