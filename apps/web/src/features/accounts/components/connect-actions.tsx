import { type Account, X_NOT_CONFIGURED } from '@plume/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { usePublicConfig } from '../../../lib/public-config';
import { useRefusal } from '../../../lib/workspace';
import { useBlueskyConnect } from '../hooks/use-bluesky-connect';
import { useXConnect } from '../hooks/use-x-connect';
import type { ConnectAction } from './account-card';
import { BlueskyAppPasswordDialog } from './bluesky-app-password-dialog';
import { BlueskyHandleDialog } from './bluesky-handle-dialog';

/** X: the OAuth popup (or a full-page redirect when it is blocked), once the server has an X client id. */
export function useXConnectAction(personaId: string, account: Account | undefined): ConnectAction {
  const config = usePublicConfig();
  const flow = useXConnect(personaId, account);
  // Connections are an admin's (decision 057-role-matrix): anyone below is told why it is off.
  const readOnly = useRefusal('manage');
  // Until the server says, the button waits; a server without an X client id says false.
  const configured = config.data?.xConnect === true;
  return {
    ...flow,
    disabled: !configured || readOnly !== null,
    unavailable: readOnly ?? (config.data && !configured ? X_NOT_CONFIGURED : undefined),
  };
}

/** Bluesky: the handle dialog, then the OAuth popup; or an app password. */
export function useBlueskyConnectAction(personaId: string): ConnectAction {
  const flow = useBlueskyConnect(personaId);
  const [handleOpen, setHandleOpen] = useState(false);
  const [appPasswordOpen, setAppPasswordOpen] = useState(false);
  const readOnly = useRefusal('manage');
  return {
    connecting: flow.connecting,
    error: flow.error,
    dismissError: flow.dismissError,
    cancel: flow.cancel,
    start: () => setHandleOpen(true),
    disabled: readOnly !== null,
    ...(readOnly ? { unavailable: readOnly } : {}),
    alternatives: readOnly ? undefined : (
      <Button variant="secondary" onClick={() => setAppPasswordOpen(true)}>
        Use an app password
      </Button>
    ),
    dialogs: (
      <>
        <BlueskyHandleDialog
          open={handleOpen}
          onOpenChange={setHandleOpen}
          onSubmit={(handle) => {
            flow.start(handle);
            setHandleOpen(false);
          }}
        />
        <BlueskyAppPasswordDialog personaId={personaId} open={appPasswordOpen} onOpenChange={setAppPasswordOpen} />
      </>
    ),
  };
}
