// @vitest-environment jsdom
import type { AuthMessage } from '@plume/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthBus, openAuthBus } from './auth-bus';

const ack: AuthMessage = { type: 'x-auth-ack', personaId: 'p1' };
const buses: AuthBus[] = [];
const open = (onMessage: (m: AuthMessage) => void) => {
  const bus = openAuthBus(onMessage);
  buses.push(bus);
  return bus;
};
afterEach(() => {
  for (const bus of buses.splice(0)) bus.close();
});

describe('the auth bus', () => {
  it('carries a message to another listener on the channel (the popup cut off from its opener)', async () => {
    const received = vi.fn();
    open(received);
    open(() => {}).post(ack);
    await vi.waitFor(() => expect(received).toHaveBeenCalledWith(ack));
  });

  it('also posts to the windows given, for this origin only', () => {
    const target = { postMessage: vi.fn() };
    open(() => {}).post(ack, [target, null, undefined]);
    expect(target.postMessage).toHaveBeenCalledWith(ack, window.location.origin);
  });

  it('survives a window that throws (closed, or cut off)', () => {
    const target = {
      postMessage: () => {
        throw new Error('gone');
      },
    };
    expect(() => open(() => {}).post(ack, [target])).not.toThrow();
  });

  it('accepts window messages from its own origin only, and only the protocol', () => {
    const received = vi.fn();
    open(received);
    window.dispatchEvent(new MessageEvent('message', { data: ack, origin: 'https://evil.test' }));
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'other' }, origin: window.location.origin }));
    window.dispatchEvent(new MessageEvent('message', { data: ack, origin: window.location.origin }));
    expect(received).toHaveBeenCalledTimes(1);
    expect(received).toHaveBeenCalledWith(ack);
  });

  it('sends nothing once closed', () => {
    const target = { postMessage: vi.fn() };
    const bus = open(() => {});
    bus.close();
    bus.post(ack, [target]);
    expect(target.postMessage).not.toHaveBeenCalled();
  });
});
