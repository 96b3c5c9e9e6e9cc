// @vitest-environment jsdom
import { BLUESKY_POPUP, X_POPUP } from '@plume/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  blueskyAuthUrl,
  clearXRedirectMark,
  popupFeatures,
  readXRedirectMark,
  writeXRedirectMark,
  xAuthUrl,
} from './popup';

beforeEach(() => sessionStorage.clear());

describe('popup addresses', () => {
  it("opens Bluesky's sign-in with the spec's query", () => {
    const url = new URL(
      blueskyAuthUrl({
        handle: 'alice.bsky.social',
        personaId: 'p1',
        popupId: 'x1',
        origin: 'https://plume.test',
        now: 42,
      }),
      'https://plume.test',
    );
    expect(url.pathname).toBe('/api/oauth/bluesky');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      handle: 'alice.bsky.social',
      personaId: 'p1',
      popupId: 'x1',
      authMethod: 'dpop',
      state: 'x1',
      redirectUrl: 'https://plume.test/bsky/callback',
      t: '42',
    });
  });

  it("opens X's sign-in for the persona", () => {
    expect(xAuthUrl({ personaId: 'p1', popupId: 'x1' })).toBe('/api/oauth/x?personaId=p1&popupId=x1');
  });

  it('names the open workspace, which a popup cannot send as a header, and none for the personal one', () => {
    expect(xAuthUrl({ personaId: 'p1', popupId: 'x1', workspace: 'w1' })).toBe(
      '/api/oauth/x?personaId=p1&popupId=x1&workspace=w1',
    );
    expect(xAuthUrl({ personaId: 'p1', popupId: 'x1', workspace: null })).not.toContain('workspace');
    const bsky = { handle: 'a.test', personaId: 'p1', popupId: 'x1', origin: 'https://plume.test', now: 42 };
    expect(
      new URL(blueskyAuthUrl({ ...bsky, workspace: 'w1' }), 'https://plume.test').searchParams.get('workspace'),
    ).toBe('w1');
  });

  it('sizes the popups 800x700 (Bluesky) and 600x700 (X), centred', () => {
    const win = { screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 };
    expect(popupFeatures(BLUESKY_POPUP, win)).toMatch(/^width=800,height=700,left=400,top=150,/);
    expect(popupFeatures(X_POPUP, win)).toMatch(/^width=600,height=700,left=500,top=150,/);
  });
});

describe('the full-page X redirect mark', () => {
  it('is found for the same persona while recent', () => {
    writeXRedirectMark('p1', 1000);
    expect(readXRedirectMark('p1', 2000)).toBe(true);
    expect(readXRedirectMark('p2', 2000)).toBe(false);
    expect(readXRedirectMark(null, 2000)).toBe(false);
    expect(readXRedirectMark('p1', 1000 + 16 * 60_000)).toBe(false);
    clearXRedirectMark();
    expect(readXRedirectMark('p1', 2000)).toBe(false);
  });
});
