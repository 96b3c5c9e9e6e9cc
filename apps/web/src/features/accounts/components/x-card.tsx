import { type Account, X_NOT_CONFIGURED } from '@plume/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { usePublicConfig } from '../../../lib/public-config';
import { useXConnect } from '../hooks/use-x-connect';
import { AccountCard } from './account-card';
import { ConnectionFailed } from './connection-failed';
import { DisconnectButton } from './disconnect-button';

/** X: the OAuth popup (or a full-page redirect when it is blocked); the account once connected. */
export function XCard({ personaId, account }: { personaId: string; account: Account | undefined }) {
  const noticeId = useId();
  const config = usePublicConfig();
  const flow = useXConnect(personaId, account);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // Until the server says, the button waits; a server without an X client id says false.
  const configured = config.data?.xConnect === true;
  const connected = account?.isConnected === true;
  const accountError =
    connected && account.status === 'error'
      ? account.errorMessage || 'X no longer accepts this connection. Reconnect to continue.'
      : null;
  const error = flow.error ?? (accountError !== dismissed ? accountError : null);
  const connectLabel = connected ? 'Reconnect' : 'Connect X';

  return (
    <AccountCard
      platform="x"
      account={account}
      description="Sign in with X so this persona can post, reply and follow there."
    >
      {error && (
        <ConnectionFailed
          message={error}
          onDismiss={() => (flow.error ? flow.dismissError() : setDismissed(accountError))}
        />
      )}
      {config.data && !configured && (
        <p
          id={noticeId}
          data-testid="x-not-configured"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {X_NOT_CONFIGURED}
        </p>
      )}
      {flow.connecting && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Waiting for X: finish signing in in the popup window.
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        {(!connected || account.status === 'error') && (
          <Button
            onClick={flow.start}
            disabled={!configured || flow.connecting}
            aria-label={connected ? 'Reconnect X' : undefined}
            aria-describedby={config.data && !configured ? noticeId : undefined}
          >
            {flow.connecting ? 'Connecting...' : connectLabel}
          </Button>
        )}
        {connected && <DisconnectButton personaId={personaId} account={account} />}
      </div>
    </AccountCard>
  );
}
