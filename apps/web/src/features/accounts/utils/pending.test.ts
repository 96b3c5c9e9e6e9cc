// @vitest-environment jsdom
import { BLUESKY_PENDING_STALE_MS, blueskyPendingKey } from '@plume/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearPending, readPending, writePending } from './pending';

const persona = 'p-1';
const pending = { popupId: 'popup-1', handle: 'alice.bsky.social', startedAt: 1_000 };

beforeEach(() => localStorage.clear());

describe('pending Bluesky connection', () => {
  it('is kept by persona id and read back while fresh', () => {
    writePending(localStorage, persona, pending);
    expect(localStorage.getItem(blueskyPendingKey(persona))).toContain('popup-1');
    expect(readPending(localStorage, persona, 1_000 + BLUESKY_PENDING_STALE_MS)).toEqual(pending);
    expect(readPending(localStorage, 'other', 1_000)).toBeNull();
  });

  it('is stale after 5 minutes, and then removed', () => {
    writePending(localStorage, persona, pending);
    expect(readPending(localStorage, persona, 1_000 + BLUESKY_PENDING_STALE_MS + 1)).toBeNull();
    expect(localStorage.getItem(blueskyPendingKey(persona))).toBeNull();
  });

  it('drops unreadable data', () => {
    localStorage.setItem(blueskyPendingKey(persona), '{not json');
    expect(readPending(localStorage, persona, 0)).toBeNull();
    localStorage.setItem(blueskyPendingKey(persona), JSON.stringify({ popupId: 1 }));
    expect(readPending(localStorage, persona, 0)).toBeNull();
    expect(localStorage.getItem(blueskyPendingKey(persona))).toBeNull();
  });

  it('never holds more than the popup id, the handle and the start', () => {
    writePending(localStorage, persona, pending);
    expect(Object.keys(JSON.parse(localStorage.getItem(blueskyPendingKey(persona)) ?? '{}')).sort()).toEqual([
      'handle',
      'popupId',
      'startedAt',
    ]);
    clearPending(localStorage, persona);
    expect(localStorage.length).toBe(0);
  });
});
