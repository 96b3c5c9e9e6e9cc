import { type Account, PLATFORM_LABELS } from '@plume/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useRefusal } from '../../../lib/workspace';
import { useDisconnectAccount } from '../api/disconnect-account';

/** Disconnect, after confirmation: the server deletes the account's tokens. */
export function DisconnectButton({ personaId, account }: { personaId: string; account: Account }) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectAccount();
  const name = PLATFORM_LABELS[account.platform];
  // Connections are an admin's (decision 057-role-matrix): below admin, the button says why it is off.
  const refusal = useRefusal('manage');
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Disconnect ${name}`}
        disabled={disconnect.isPending || refusal !== null}
        title={refusal ?? undefined}
        onClick={() => setConfirming(true)}
      >
        {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${name}`}
        message={`Disconnect @${account.username} from this persona? Plume deletes its access to the account and stops posting there. You can connect again at any time.`}
        confirmLabel="Disconnect"
        onConfirm={() => {
          // Not mutate's own callbacks: the refetched accounts unmount this button first, and
          // React Query skips those callbacks for an unmounted component.
          void disconnect.mutateAsync({ personaId, platform: account.platform }).then(
            () => toast.success(`${name} disconnected`),
            (e: Error) => toast.error(`Failed to disconnect ${name}: ${e.message}`),
          );
        }}
      />
    </>
  );
}
