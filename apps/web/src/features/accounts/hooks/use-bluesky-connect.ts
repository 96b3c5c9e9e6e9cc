import {
  BLUESKY_AUTH_TIMEOUT_MS,
  BLUESKY_CLOSED_CHECK_MS,
  BLUESKY_POPUP,
  type BlueskyAuthAck,
  POPUP_BLOCKED,
  POPUP_CLOSED_GRACE_MS,
} from '@plume/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { readWorkspaceId } from '../../../lib/workspace';
import { invalidateAccounts } from '../api/invalidate';
import { createSeen, isForPersona } from '../utils/connection';
import { clearPending, readPending, writePending } from '../utils/pending';
import { blueskyAuthUrl, newPopupId, popupFeatures } from '../utils/popup';
import { useAuthBus } from './use-auth-bus';

export const BLUESKY_TIMED_OUT = 'Bluesky did not finish signing in within 2 minutes. Please try again.';

type Attempt = { popupId: string; popup: Window | null; startedAt: number; cleanups: (() => void)[] };

/**
 * Bluesky's OAuth popup, watched from the Accounts tab (editor spec §4 Bluesky connection).
 * The popup's `closed` is only a hint: Bluesky's pages cut the popup from this window (COOP), so it
 * may read closed while still open. So a closed popup triggers a re-check and clears the loading
 * state after a grace period, while the channel is still heard until the overall timeout.
 */
export function useBlueskyConnect(personaId: string) {
  const queryClient = useQueryClient();
  const [{ connecting, error }, setState] = useState<{ connecting: boolean; error: string | null }>({
    connecting: false,
    error: null,
  });
  const attempt = useRef<Attempt | null>(null);
  const seen = useRef(createSeen(BLUESKY_AUTH_TIMEOUT_MS));

  const end = useCallback(() => {
    for (const cleanup of attempt.current?.cleanups ?? []) cleanup();
    attempt.current = null;
    clearPending(localStorage, personaId);
  }, [personaId]);

  const watch = useCallback(
    (a: Attempt) => {
      const later = (fn: () => void, ms: number) => {
        const id = window.setTimeout(fn, ms);
        a.cleanups.push(() => window.clearTimeout(id));
      };
      later(
        () => {
          if (attempt.current !== a) return;
          end();
          // Still waiting on an open popup: say so. Past the closed-popup grace, or recovered: nothing to say.
          setState((s) => ({ connecting: false, error: s.connecting && a.popup ? BLUESKY_TIMED_OUT : s.error }));
        },
        Math.max(0, a.startedAt + BLUESKY_AUTH_TIMEOUT_MS - Date.now()),
      );
      if (!a.popup) return;
      const check = window.setInterval(() => {
        if (!a.popup?.closed) return;
        window.clearInterval(check);
        void invalidateAccounts(queryClient, personaId);
        later(() => {
          if (attempt.current === a) setState((s) => ({ ...s, connecting: false }));
        }, POPUP_CLOSED_GRACE_MS);
      }, BLUESKY_CLOSED_CHECK_MS);
      a.cleanups.push(() => window.clearInterval(check));
    },
    [end, personaId, queryClient],
  );

  // A connection started before a reload is waited for again, unless it is stale (5 min).
  useEffect(() => {
    const pending = readPending(localStorage, personaId, Date.now());
    if (pending && Date.now() - pending.startedAt < BLUESKY_AUTH_TIMEOUT_MS) {
      const a: Attempt = { popupId: pending.popupId, popup: null, startedAt: pending.startedAt, cleanups: [] };
      attempt.current = a;
      setState({ connecting: true, error: null });
      watch(a);
    }
    return () => {
      for (const cleanup of attempt.current?.cleanups ?? []) cleanup();
      attempt.current = null;
    };
  }, [personaId, watch]);

  useAuthBus((message, bus) => {
    if (message.type !== 'bluesky-auth-complete' || !isForPersona(message, personaId)) return;
    const ack: BlueskyAuthAck = { type: 'bluesky-auth-ack', personaId, popupId: message.popupId };
    bus.post(ack, [attempt.current?.popup]);
    if (seen.current(message.popupId ?? message.url, Date.now())) return;
    void invalidateAccounts(queryClient, personaId);
    end();
    setState({ connecting: false, error: message.error });
    if (!message.error) toast.success(message.handle ? `Bluesky connected: @${message.handle}` : 'Bluesky connected');
  });

  /** Opens the popup; must run inside the click (or submit) that asked for it, or the browser blocks it. */
  const start = (handle: string): boolean => {
    end();
    const popupId = newPopupId();
    const startedAt = Date.now();
    const url = blueskyAuthUrl({
      handle,
      personaId,
      popupId,
      origin: window.location.origin,
      now: startedAt,
      workspace: readWorkspaceId(),
    });
    const popup = window.open(url, `plume-bluesky-${personaId}`, popupFeatures(BLUESKY_POPUP));
    if (!popup) {
      setState({ connecting: false, error: POPUP_BLOCKED });
      return false;
    }
    writePending(localStorage, personaId, { popupId, handle, startedAt });
    const a: Attempt = { popupId, popup, startedAt, cleanups: [] };
    attempt.current = a;
    setState({ connecting: true, error: null });
    watch(a);
    return true;
  };

  const cancel = () => {
    end();
    setState({ connecting: false, error: null });
  };

  return { connecting, error, start, cancel, dismissError: () => setState((s) => ({ ...s, error: null })) };
}
