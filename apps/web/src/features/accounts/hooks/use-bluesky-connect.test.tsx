import {
  AUTH_CHANNEL,
  BLUESKY_AUTH_TIMEOUT_MS,
  BLUESKY_CLOSED_CHECK_MS,
  type BlueskyAuthComplete,
  blueskyPendingKey,
  POPUP_BLOCKED,
  POPUP_CLOSED_GRACE_MS,
} from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writePending } from '../utils/pending';
import { BLUESKY_TIMED_OUT, useBlueskyConnect } from './use-bluesky-connect';

/*
 * The Accounts tab's side of the Bluesky popup (editor spec §4 Bluesky connection): the 800x700
 * popup, popup blocked, the ack, other personas' messages ignored, the closed popup, the 120 s
 * timeout, and a connection under way found again after a reload.
 */

const PERSONA = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';
type FakePopup = { closed: boolean; postMessage: ReturnType<typeof vi.fn> };

function setup(popup: FakePopup | null = { closed: false, postMessage: vi.fn() }) {
  const open = vi.fn(() => popup as unknown as Window | null);
  vi.stubGlobal('open', open);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useBlueskyConnect(PERSONA), { wrapper });
  return { hook, popup, open };
}

/** What /bsky/callback posts when the exchange is done. */
function complete(message: Partial<BlueskyAuthComplete>) {
  const data: BlueskyAuthComplete = {
    type: 'bluesky-auth-complete',
    personaId: PERSONA,
    popupId: 'p1',
    did: 'did:plc:ada',
    handle: 'ada.test',
    error: null,
    status: 'success',
    exchangeSuccess: true,
    timestamp: Date.now(),
    messageVersion: 2,
    url: 'http://localhost/bsky/callback',
    attempt: 1,
    ...message,
  };
  window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const pendingStored = () => localStorage.getItem(blueskyPendingKey(PERSONA));

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Bluesky popup, seen from the Accounts tab', () => {
  it('says so when the popup is blocked, and keeps nothing pending', () => {
    const { hook } = setup(null);
    let opened = true;
    act(() => {
      opened = hook.result.current.start('ada.test');
    });
    expect(opened).toBe(false);
    expect(hook.result.current).toMatchObject({ connecting: false, error: POPUP_BLOCKED });
    expect(pendingStored()).toBeNull();
  });

  it('opens 800x700 for the handle, keeps the attempt pending, and ends it on the message for this persona', async () => {
    const { hook, popup, open } = setup();
    act(() => {
      hook.result.current.start('ada.test');
    });
    const [url, , features] = open.mock.calls[0] as unknown as [string, string, string];
    const target = new URL(url, window.location.origin);
    expect(target.pathname).toBe('/api/oauth/bluesky');
    expect(target.searchParams.get('handle')).toBe('ada.test');
    expect(target.searchParams.get('personaId')).toBe(PERSONA);
    expect(features).toContain('width=800');
    expect(features).toContain('height=700');
    expect(hook.result.current.connecting).toBe(true);
    const pending = JSON.parse(pendingStored() ?? 'null');
    expect(pending).toMatchObject({ handle: 'ada.test', popupId: target.searchParams.get('popupId') });

    act(() => complete({ personaId: 'another-persona', popupId: 'x' }));
    expect(popup?.postMessage).not.toHaveBeenCalled();
    expect(hook.result.current.connecting).toBe(true);

    act(() => complete({ popupId: pending.popupId }));
    expect(popup?.postMessage).toHaveBeenCalledWith(
      { type: 'bluesky-auth-ack', personaId: PERSONA, popupId: pending.popupId },
      window.location.origin,
    );
    expect(hook.result.current).toMatchObject({ connecting: false, error: null });
    expect(pendingStored()).toBeNull();
    // The popup repeats its message until acknowledged: each repeat is acknowledged (on the
    // channel, which reaches a popup cut off by COOP), and handled once.
    const heard: unknown[] = [];
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (event) => heard.push(event.data);
    act(() => complete({ popupId: pending.popupId, error: 'should be ignored' }));
    await vi.waitFor(() =>
      expect(heard).toContainEqual({ type: 'bluesky-auth-ack', personaId: PERSONA, popupId: pending.popupId }),
    );
    channel.close();
    expect(hook.result.current.error).toBeNull();
  });

  it('gives up after 2 minutes on a popup left open, with a message', async () => {
    const { hook } = setup();
    act(() => {
      hook.result.current.start('ada.test');
    });
    await advance(BLUESKY_AUTH_TIMEOUT_MS - 1000);
    expect(hook.result.current).toMatchObject({ connecting: true, error: null });
    await advance(1000);
    expect(hook.result.current).toMatchObject({ connecting: false, error: BLUESKY_TIMED_OUT });
    expect(pendingStored()).toBeNull();
  });

  it('stops waiting 3 s after the popup closed, yet still hears a late message until the timeout', async () => {
    const { hook, popup } = setup();
    act(() => {
      hook.result.current.start('ada.test');
    });
    if (popup) popup.closed = true;
    await advance(BLUESKY_CLOSED_CHECK_MS + POPUP_CLOSED_GRACE_MS - 100);
    expect(hook.result.current.connecting).toBe(true);
    await advance(100);
    // Bluesky's pages cut the popup off (COOP): closed may be wrong, so no failure is claimed.
    expect(hook.result.current).toMatchObject({ connecting: false, error: null });

    act(() => complete({ popupId: 'late', error: 'Access was denied' }));
    expect(hook.result.current.error).toBe('Access was denied');
    // And nothing more happens at the timeout.
    await advance(BLUESKY_AUTH_TIMEOUT_MS);
    expect(hook.result.current.error).toBe('Access was denied');
  });

  it('waits again after a reload for a connection started under 2 minutes ago, not for an older one', async () => {
    writePending(localStorage, PERSONA, { popupId: 'p1', handle: 'ada.test', startedAt: Date.now() - 30_000 });
    const fresh = setup();
    expect(fresh.hook.result.current.connecting).toBe(true);
    await advance(BLUESKY_AUTH_TIMEOUT_MS - 30_000);
    // No popup to speak for after a reload: it just stops waiting.
    expect(fresh.hook.result.current).toMatchObject({ connecting: false, error: null });
    cleanup();

    writePending(localStorage, PERSONA, { popupId: 'p2', handle: 'ada.test', startedAt: Date.now() - 3 * 60_000 });
    const old = setup();
    expect(old.hook.result.current.connecting).toBe(false);
  });
});
