import { AUTH_CHANNEL, type AuthMessage, authMessageSchema } from '@plume/core';

/** The windows a message may also be posted to (the opener, the popup); the channel always carries it. */
type Target = Pick<Window, 'postMessage'> | null | undefined;

export type AuthBus = {
  /** Sends on the channel and to each target still reachable. */
  post(message: AuthMessage, targets?: Target[]): void;
  close(): void;
};

/**
 * Both ways the connection popups and the Accounts tab talk: window.postMessage (same origin only)
 * and a BroadcastChannel of this origin. An authorization server that sets
 * Cross-Origin-Opener-Policy (Bluesky's does) cuts the popup from its opener; the channel still
 * reaches every tab of the site. Anything that isn't one of the four messages is ignored.
 */
export function openAuthBus(onMessage: (message: AuthMessage) => void, win: Window = window): AuthBus {
  const origin = win.location.origin;
  const accept = (data: unknown) => {
    const parsed = authMessageSchema.safeParse(data);
    if (parsed.success) onMessage(parsed.data);
  };
  const onWindowMessage = (event: MessageEvent) => {
    if (event.origin === origin) accept(event.data);
  };
  win.addEventListener('message', onWindowMessage);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL) : null;
  if (channel) channel.onmessage = (event: MessageEvent) => accept(event.data);

  let closed = false;
  return {
    post(message, targets = []) {
      // A repeat scheduled before the page moved on finds the bus closed: nothing to send.
      if (closed) return;
      channel?.postMessage(message);
      for (const target of targets) {
        try {
          target?.postMessage(message, origin);
        } catch {
          // A window cut off by COOP or already closed: the channel carries the message.
        }
      }
    },
    close() {
      closed = true;
      win.removeEventListener('message', onWindowMessage);
      channel?.close();
    },
  };
}
