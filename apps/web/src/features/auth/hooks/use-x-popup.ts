import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { meQueryOptions } from '../../../lib/auth';

export const AUTH_COMPLETE_MESSAGE = 'plume-auth-complete';
export type AuthCompleteMessage = { type: typeof AUTH_COMPLETE_MESSAGE; error: string | null };

const POPUP_FEATURES = 'width=600,height=700,menubar=no,toolbar=no';

/**
 * Opens X's sign-in in a 600x700 popup and reports how it ended: null on success, an error
 * text, or 'closed'. The popup may lose its opener on X's pages, so success also reaches this
 * tab through the persisted session (see useSessionSync).
 */
export function useXPopup(onDone: (outcome: string | null) => void) {
  const queryClient = useQueryClient();
  const popupRef = useRef<Window | null>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  const finish = useCallback(
    (error: string | null) => {
      window.clearInterval(timerRef.current);
      popupRef.current = null;
      if (!error) void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      onDoneRef.current(error);
    },
    [queryClient],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent<AuthCompleteMessage>) => {
      if (event.origin !== window.location.origin || event.data?.type !== AUTH_COMPLETE_MESSAGE) return;
      finish(event.data.error);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timerRef.current);
    };
  }, [finish]);

  return useCallback(
    (url: string) => {
      const popup = window.open(url, 'plume-x-sign-in', POPUP_FEATURES);
      if (!popup) {
        finish('The sign-in window was blocked: allow pop-ups for this site and try again');
        return;
      }
      popupRef.current = popup;
      // A popup closed by hand sends no message; stop waiting for it.
      timerRef.current = window.setInterval(() => {
        if (popupRef.current?.closed) finish('closed');
      }, 500);
    },
    [finish],
  );
}
