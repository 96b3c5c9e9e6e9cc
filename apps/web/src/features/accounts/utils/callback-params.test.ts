import { blueskyAuthCompleteSchema, xAuthCompleteSchema } from '@plume/core';
import { describe, expect, it } from 'vitest';
import {
  blueskyCompleteMessage,
  MISSING_AUTHORIZATION_PARAMETERS,
  personaIdFromXState,
  readBlueskyCallback,
  readXCallback,
  xCompleteMessage,
} from './callback-params';

const persona = '0b9c2a40-5a0e-4a43-9d1e-2f7a4f3c9b11';

describe('the X callback', () => {
  it('reads the persona from the state, even on error', () => {
    expect(personaIdFromXState(`${persona}~abc123`)).toBe(persona);
    expect(personaIdFromXState('no-tilde')).toBeNull();
    expect(personaIdFromXState('~abc')).toBeNull();
    expect(personaIdFromXState(null)).toBeNull();
  });

  it('hands code and state on for the exchange', () => {
    expect(readXCallback(`?code=c1&state=${persona}~r`)).toEqual({
      kind: 'exchange',
      code: 'c1',
      state: `${persona}~r`,
      personaId: persona,
    });
  });

  it("says 'Authentication failed' with X's description, else its code", () => {
    expect(readXCallback(`?error=access_denied&error_description=User+said+no&state=${persona}~r`)).toEqual({
      kind: 'error',
      error: 'Authentication failed: User said no',
      personaId: persona,
    });
    expect(readXCallback('?error=access_denied')).toEqual({
      kind: 'error',
      error: 'Authentication failed: access_denied',
      personaId: null,
    });
  });

  it('needs both code and state', () => {
    expect(readXCallback('?code=c1')).toMatchObject({ kind: 'error', error: 'Missing required OAuth parameters' });
    expect(readXCallback('')).toMatchObject({ kind: 'error', error: 'Missing required OAuth parameters' });
  });

  it('builds x-auth-complete messages the protocol accepts', () => {
    const user = {
      id: '1',
      username: 'plume',
      name: 'Plume',
      profileImageUrl: null,
      verified: false,
      publicMetrics: { followersCount: 1, followingCount: 2, tweetCount: 3, listedCount: 0 },
    };
    expect(xAuthCompleteSchema.parse(xCompleteMessage(persona, { user }))).toMatchObject({ user, error: null });
    expect(xAuthCompleteSchema.parse(xCompleteMessage(null, { error: 'no' }))).toMatchObject({
      user: null,
      error: 'no',
    });
  });
});

describe('the Bluesky callback', () => {
  it('fails with an error parameter', () => {
    expect(readBlueskyCallback(`?error=Access+denied&personaId=${persona}&popupId=p1`)).toMatchObject({
      kind: 'error',
      error: 'Access denied',
      personaId: persona,
      popupId: 'p1',
    });
  });

  it("says 'Missing authorization parameters' with none of code, state and persona id", () => {
    expect(readBlueskyCallback('')).toMatchObject({ kind: 'error', error: MISSING_AUTHORIZATION_PARAMETERS });
    expect(MISSING_AUTHORIZATION_PARAMETERS).toBe('Missing authorization parameters');
  });

  it('succeeds when the server finished the exchange (persona id, no code or state)', () => {
    expect(readBlueskyCallback(`?personaId=${persona}&popupId=p1&did=did:plc:abc&handle=alice.bsky.social`)).toEqual({
      kind: 'connected',
      personaId: persona,
      popupId: 'p1',
      did: 'did:plc:abc',
      handle: 'alice.bsky.social',
      has: { code: false, state: false, personaId: true },
    });
  });

  it('exchanges a code and state itself', () => {
    expect(readBlueskyCallback(`?code=c&state=s&iss=https://bsky.social&personaId=${persona}`)).toMatchObject({
      kind: 'exchange',
      code: 'c',
      state: 's',
      iss: 'https://bsky.social',
      has: { code: true, state: true, personaId: true },
    });
  });

  it('names what is missing when only one of code and state came', () => {
    expect(readBlueskyCallback('?code=c')).toMatchObject({ kind: 'error', error: 'Missing state parameter' });
    expect(readBlueskyCallback('?state=s')).toMatchObject({ kind: 'error', error: 'Missing authorization code' });
  });

  it('builds version 2 bluesky-auth-complete messages', () => {
    const base = { personaId: persona, popupId: 'p1', url: 'http://localhost/bsky/callback', attempt: 3, now: 5 };
    const ok = blueskyCompleteMessage({ ...base, did: 'did:plc:abc', handle: 'alice.bsky.social', error: null });
    expect(blueskyAuthCompleteSchema.parse(ok)).toMatchObject({
      status: 'success',
      exchangeSuccess: true,
      messageVersion: 2,
      attempt: 3,
      timestamp: 5,
    });
    const bad = blueskyCompleteMessage({ ...base, did: null, handle: null, error: 'denied' });
    expect(blueskyAuthCompleteSchema.parse(bad)).toMatchObject({ status: 'error', exchangeSuccess: false });
  });
});
