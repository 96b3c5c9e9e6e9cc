import type { Account, AuthMessage } from '@plume/core';
import { describe, expect, it } from 'vitest';
import { createSeen, isForPersona, isNewConnection } from './connection';

const account = (over: Partial<Account> = {}): Account => ({
  platform: 'x',
  username: 'plume',
  isConnected: true,
  connectedAt: '2026-01-01T00:00:00.000Z',
  status: 'active',
  followers: 10,
  lastSyncAt: null,
  displayName: 'Plume',
  avatarUrl: null,
  profileUrl: null,
  authMethod: 'oauth',
  errorMessage: null,
  ...over,
});

describe('connection checks', () => {
  it('ignores messages for other personas', () => {
    const message: AuthMessage = { type: 'x-auth-complete', personaId: 'a', user: null, error: 'no' };
    expect(isForPersona(message, 'a')).toBe(true);
    expect(isForPersona(message, 'b')).toBe(false);
    expect(isForPersona({ ...message, personaId: null }, 'a')).toBe(false);
  });

  it('tells a new connection from the one already there', () => {
    expect(isNewConnection(undefined, account())).toBe(true);
    expect(isNewConnection(account(), account())).toBe(false);
    expect(isNewConnection(account(), account({ connectedAt: '2026-02-01T00:00:00.000Z' }))).toBe(true);
    expect(isNewConnection(account({ status: 'error' }), account())).toBe(true);
    expect(isNewConnection(undefined, account({ status: 'error' }))).toBe(false);
    expect(isNewConnection(undefined, undefined)).toBe(false);
  });

  it('handles a repeated message once within the window', () => {
    const seen = createSeen(1000);
    expect(seen('m', 0)).toBe(false);
    expect(seen('m', 500)).toBe(true);
    expect(seen('n', 500)).toBe(false);
    expect(seen('m', 1600)).toBe(false);
  });
});
