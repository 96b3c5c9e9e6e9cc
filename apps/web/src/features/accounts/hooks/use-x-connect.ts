import {
  type Account,
  POPUP_CLOSED_GRACE_MS,
  X_ACK_REPEATS_MS,
  X_CLOSED_CHECK_MS,
  X_NOT_COMPLETED,
  X_POPUP,
  type XAuthAck,
} from '@plume/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { accountsQueryOptions } from '../../../lib/api/get-accounts';
import { readWorkspaceId } from '../../../lib/workspace';
import { invalidateAccounts } from '../api/invalidate';
import { createSeen, isForPersona, isNewConnection } from '../utils/connection';
import { clearXRedirectMark, newPopupId, popupFeatures, writeXRedirectMark, xAuthUrl } from '../utils/popup';
import { repeatMessage } from '../utils/repeat';
import { useAuthBus } from './use-auth-bus';

type Attempt = { popup: Window; before: Account | undefined; cleanups: (() => void)[] };

/**
 * X's OAuth popup, or a full-page redirect when the popup is blocked (editor spec §4 X connection).
 * `current` is the persona's X account as this tab knows it, to tell a new connection from the old one.
 */
export function useXConnect(personaId: string, current: Account | undefined) {
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const seen = useRef(createSeen(5000));
  const before = useRef(current);
  before.current = current;

  const end = useCallback(() => {
    for (const cleanup of attempt.current?.cleanups ?? []) cleanup();
    attempt.current = null;
  }, []);
  useEffect(() => end, [end]);

  useAuthBus((message, bus) => {
    if (message.type !== 'x-auth-complete' || !isForPersona(message, personaId)) return;
    const ack: XAuthAck = { type: 'x-auth-ack', personaId };
    const popup = attempt.current?.popup;
    // Acknowledged at once and again at 300, 600 and 1000 ms, in case the first is lost.
    repeatMessage({ delaysMs: X_ACK_REPEATS_MS, send: () => bus.post(ack, [popup]) });
    if (seen.current(JSON.stringify(message), Date.now())) return;
    void invalidateAccounts(queryClient, personaId);
    // Heard even after the closed-popup check gave up: a late success still ends well.
    end();
    setConnecting(false);
    setError(message.error);
    if (!message.error) toast.success(message.user ? `X connected: @${message.user.username}` : 'X connected');
  });

  /** Must run inside the click that asked for it, or the browser blocks the popup. */
  const start = () => {
    end();
    setError(null);
    const url = xAuthUrl({ personaId, popupId: newPopupId(), workspace: readWorkspaceId() });
    clearXRedirectMark();
    const popup = window.open(url, `plume-x-${personaId}`, popupFeatures(X_POPUP));
    if (!popup) {
      // /x/callback then runs in this tab and brings it back to the Accounts tab.
      writeXRedirectMark(personaId);
      window.location.assign(url);
      return;
    }
    const a: Attempt = { popup, before: before.current, cleanups: [] };
    attempt.current = a;
    setConnecting(true);
    const check = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(check);
      // Closed with no message: after the grace period, look again before calling it a failure.
      const grace = window.setTimeout(async () => {
        if (attempt.current !== a) return;
        const accounts = await queryClient
          .fetchQuery({ ...accountsQueryOptions(personaId), staleTime: 0 })
          .catch(() => undefined);
        if (attempt.current !== a) return;
        end();
        setConnecting(false);
        const now = accounts?.find((account) => account.platform === 'x');
        if (isNewConnection(a.before, now)) void invalidateAccounts(queryClient, personaId);
        else setError(X_NOT_COMPLETED);
      }, POPUP_CLOSED_GRACE_MS);
      a.cleanups.push(() => window.clearTimeout(grace));
    }, X_CLOSED_CHECK_MS);
    a.cleanups.push(() => window.clearInterval(check));
  };

  return { connecting, error, start, dismissError: () => setError(null) };
}
