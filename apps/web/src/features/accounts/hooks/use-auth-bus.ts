import type { AuthMessage } from '@plume/core';
import { useEffect, useRef } from 'react';
import { type AuthBus, openAuthBus } from '../utils/auth-bus';

/** The popup protocol's two transports for as long as the component is mounted; `onMessage` may change freely. */
export function useAuthBus(onMessage: (message: AuthMessage, bus: AuthBus) => void): React.RefObject<AuthBus | null> {
  const bus = useRef<AuthBus | null>(null);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    const opened = openAuthBus((message) => handler.current(message, opened));
    bus.current = opened;
    return () => {
      opened.close();
      bus.current = null;
    };
  }, []);
  return bus;
}
