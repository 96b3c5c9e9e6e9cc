import { describe, expect, it } from 'vitest';
import { accountSchema, BLUESKY_HANDLE_INVALID, BLUESKY_HANDLE_REQUIRED, parseBlueskyHandle } from './accounts';
import { BLUESKY_PENDING_STALE_MS, isStale } from './popup-protocol';

describe('the Bluesky handle rules', () => {
  it('needs something besides spaces', () => {
    expect(parseBlueskyHandle('')).toEqual({ error: BLUESKY_HANDLE_REQUIRED });
    expect(parseBlueskyHandle('   ')).toEqual({ error: BLUESKY_HANDLE_REQUIRED });
    expect(parseBlueskyHandle(' @ ')).toEqual({ error: BLUESKY_HANDLE_REQUIRED });
  });

  it('takes only letters, digits, dots and hyphens', () => {
    expect(parseBlueskyHandle('user name.bsky.social')).toEqual({ error: BLUESKY_HANDLE_INVALID });
    expect(parseBlueskyHandle('user_name.bsky.social')).toEqual({ error: BLUESKY_HANDLE_INVALID });
    expect(parseBlueskyHandle('did:plc:abc')).toEqual({ error: BLUESKY_HANDLE_INVALID });
  });

  it('trims, drops a leading @, lowercases, and reads a bare name as a bsky.social handle', () => {
    expect(parseBlueskyHandle('  @Alice.bsky.social ')).toEqual({ handle: 'alice.bsky.social' });
    expect(parseBlueskyHandle('alice')).toEqual({ handle: 'alice.bsky.social' });
    expect(parseBlueskyHandle('plume-team.example.com')).toEqual({ handle: 'plume-team.example.com' });
  });

  it('refuses empty labels and labels that start or end with a hyphen', () => {
    expect(parseBlueskyHandle('alice..test')).toEqual({ error: BLUESKY_HANDLE_INVALID });
    expect(parseBlueskyHandle('-alice.test')).toEqual({ error: BLUESKY_HANDLE_INVALID });
    expect(parseBlueskyHandle('alice-.test')).toEqual({ error: BLUESKY_HANDLE_INVALID });
    expect(parseBlueskyHandle(`${'a'.repeat(64)}.test`)).toEqual({ error: BLUESKY_HANDLE_INVALID });
  });

  it('takes the longest handle, and the account report can carry it', () => {
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(longest).toHaveLength(253);
    expect(parseBlueskyHandle(longest)).toEqual({ handle: longest });
    expect(parseBlueskyHandle(`${longest}e`)).toEqual({ error: BLUESKY_HANDLE_INVALID });
    const report = {
      platform: 'bluesky',
      username: longest,
      isConnected: true,
      connectedAt: null,
      status: 'active',
      followers: 0,
      lastSyncAt: null,
      displayName: '',
      avatarUrl: null,
      profileUrl: null,
      authMethod: 'app_password',
      errorMessage: null,
    };
    expect(accountSchema.safeParse(report).success).toBe(true);
  });
});

describe('pending connections', () => {
  it('are stale after five minutes', () => {
    const pending = { popupId: 'p', handle: 'a.test', startedAt: 1_000 };
    expect(isStale(pending, 1_000 + BLUESKY_PENDING_STALE_MS)).toBe(false);
    expect(isStale(pending, 1_001 + BLUESKY_PENDING_STALE_MS)).toBe(true);
  });
});
