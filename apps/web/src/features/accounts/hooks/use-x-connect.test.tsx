import {
  type Account,
  POPUP_CLOSED_GRACE_MS,
  X_CLOSED_CHECK_MS,
  X_NOT_COMPLETED,
  type XAuthComplete,
} from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useXConnect } from './use-x-connect';

/*
 * The Accounts tab's side of the X popup (editor spec §4 X connection): the 600x700 popup, the ack
 * at once and at 300, 600 and 1000 ms, other personas' messages ignored, and a popup closed with
 * no message reported after 3 s, unless the connection did arrive meanwhile.
 */

const PERSONA = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';
const xAccount: Account = {
  platform: 'x',
  username: 'ada',
  isConnected: true,
  connectedAt: '2026-11-24T00:00:00.000Z',
  status: 'active',
  followers: 3,
  lastSyncAt: '2026-11-24T00:00:00.000Z',
  displayName: 'Ada',
  avatarUrl: null,
  profileUrl: 'https://x.com/ada',
  authMethod: 'oauth',
  errorMessage: null,
};

type FakePopup = { closed: boolean; postMessage: ReturnType<typeof vi.fn> };

function setup(options: { accountsAfterClose?: Account[] } = {}) {
  const popup: FakePopup = { closed: false, postMessage: vi.fn() };
  const open = vi.fn(() => popup as unknown as Window);
  vi.stubGlobal('open', open);
  const fetch = vi.fn(async () => new Response(JSON.stringify(options.accountsAfterClose ?? []), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useXConnect(PERSONA, undefined), { wrapper });
  return { hook, popup, open, fetch };
}

/** What /x/callback posts to its opener. */
function complete(message: Partial<XAuthComplete>) {
  const data: XAuthComplete = { type: 'x-auth-complete', personaId: PERSONA, user: null, error: null, ...message };
  window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the X popup, seen from the Accounts tab', () => {
  it('opens a 600x700 popup on the server route for this persona', () => {
    const { hook, open } = setup();
    act(() => hook.result.current.start());
    expect(hook.result.current.connecting).toBe(true);
    const [url, name, features] = open.mock.calls[0] as unknown as [string, string, string];
    expect(new URL(url, window.location.origin).pathname).toBe('/api/oauth/x');
    expect(new URL(url, window.location.origin).searchParams.get('personaId')).toBe(PERSONA);
    expect(name).toBe(`plume-x-${PERSONA}`);
    expect(features).toContain('width=600');
    expect(features).toContain('height=700');
  });

  it('says X authentication was not completed 3 s after the popup closed with no message', async () => {
    const { hook, popup, fetch } = setup();
    act(() => hook.result.current.start());
    popup.closed = true;
    await advance(X_CLOSED_CHECK_MS);
    // Not yet: the grace period lets a late message or a finished connection arrive.
    await advance(POPUP_CLOSED_GRACE_MS - 100);
    expect(hook.result.current).toMatchObject({ connecting: true, error: null });
    await advance(100);
    expect(fetch).toHaveBeenCalled();
    expect(hook.result.current).toMatchObject({ connecting: false, error: X_NOT_COMPLETED });
  });

  it('reports no failure when the connection is there after all (the message was lost)', async () => {
    const { hook, popup } = setup({ accountsAfterClose: [xAccount] });
    act(() => hook.result.current.start());
    popup.closed = true;
    await advance(X_CLOSED_CHECK_MS + POPUP_CLOSED_GRACE_MS);
    expect(hook.result.current).toMatchObject({ connecting: false, error: null });
  });

  it('acknowledges at once and at 300, 600 and 1000 ms, and ignores messages for other personas', async () => {
    const { hook, popup } = setup();
    act(() => hook.result.current.start());

    act(() => complete({ personaId: 'someone-else', error: 'not yours' }));
    await advance(1500);
    expect(popup.postMessage).not.toHaveBeenCalled();
    expect(hook.result.current).toMatchObject({ connecting: true, error: null });

    act(() => complete({ error: 'The user denied access' }));
    expect(popup.postMessage).toHaveBeenCalledTimes(1);
    expect(popup.postMessage).toHaveBeenLastCalledWith(
      { type: 'x-auth-ack', personaId: PERSONA },
      window.location.origin,
    );
    expect(hook.result.current).toMatchObject({ connecting: false, error: 'The user denied access' });
    await advance(299);
    expect(popup.postMessage).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(popup.postMessage).toHaveBeenCalledTimes(2);
    await advance(700);
    expect(popup.postMessage).toHaveBeenCalledTimes(4);
    await advance(5000);
    expect(popup.postMessage).toHaveBeenCalledTimes(4);
  });
});
