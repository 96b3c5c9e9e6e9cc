import type { Account } from '@plume/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useBlueskyConnect } from '../hooks/use-bluesky-connect';
import { AccountCard } from './account-card';
import { BlueskyAppPasswordDialog } from './bluesky-app-password-dialog';
import { BlueskyHandleDialog } from './bluesky-handle-dialog';
import { ConnectionFailed } from './connection-failed';
import { DisconnectButton } from './disconnect-button';

/** Bluesky: the handle modal and the OAuth popup, or an app password; the account once connected. */
export function BlueskyCard({ personaId, account }: { personaId: string; account: Account | undefined }) {
  const flow = useBlueskyConnect(personaId);
  const [handleOpen, setHandleOpen] = useState(false);
  const [appPasswordOpen, setAppPasswordOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const connected = account?.isConnected === true;
  const accountError =
    connected && account.status === 'error'
      ? account.errorMessage || 'Bluesky no longer accepts this connection. Reconnect to continue.'
      : null;
  const error = flow.error ?? (accountError !== dismissed ? accountError : null);

  return (
    <AccountCard
      platform="bluesky"
      account={account}
      description="Sign in with Bluesky so this persona can post, reply and follow there."
    >
      {error && (
        <ConnectionFailed
          message={error}
          onDismiss={() => (flow.error ? flow.dismissError() : setDismissed(accountError))}
        />
      )}
      {flow.connecting && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Waiting for Bluesky: finish signing in in the popup window.
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        {flow.connecting ? (
          <>
            <Button disabled>Connecting...</Button>
            <Button variant="ghost" onClick={flow.cancel}>
              Cancel
            </Button>
          </>
        ) : connected ? (
          <>
            {account.status === 'error' && (
              <Button aria-label="Reconnect Bluesky" onClick={() => setHandleOpen(true)}>
                Reconnect
              </Button>
            )}
            <DisconnectButton personaId={personaId} account={account} />
          </>
        ) : (
          <>
            <Button onClick={() => setHandleOpen(true)}>Connect Bluesky</Button>
            <Button variant="secondary" onClick={() => setAppPasswordOpen(true)}>
              Use an app password
            </Button>
          </>
        )}
      </div>
      <BlueskyHandleDialog
        open={handleOpen}
        onOpenChange={setHandleOpen}
        onSubmit={(handle) => {
          flow.start(handle);
          setHandleOpen(false);
        }}
      />
      <BlueskyAppPasswordDialog personaId={personaId} open={appPasswordOpen} onOpenChange={setAppPasswordOpen} />
    </AccountCard>
  );
}
