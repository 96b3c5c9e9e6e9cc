import { describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../personas/persona';
import { connectionHolds } from './pause';

const account = (platform: 'x' | 'bluesky', status: 'active' | 'error'): ConnectedAccount => ({
  platform,
  username: `${platform}.example`,
  isConnected: true,
  connectedAt: '2026-01-01T00:00:00.000Z',
  status,
  followers: 0,
  lastSyncAt: null,
});

describe('connectionHolds', () => {
  it('holds each network whose connection needs a reconnect, and says why', () => {
    expect(connectionHolds({ connected_accounts: [account('x', 'active'), account('bluesky', 'error')] })).toEqual([
      {
        platform: 'bluesky',
        username: 'bluesky.example',
        message: 'Bluesky automation is held: the connection to @bluesky.example was refused and needs a reconnect.',
      },
    ]);
    expect(connectionHolds({ connected_accounts: [account('x', 'active')] })).toEqual([]);
  });
});
