// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  readPersistedSession,
  rememberReturnTo,
  SESSION_KEY,
  safePath,
  takeReturnTo,
  writePersistedSession,
} from './persisted-session';

beforeEach(() => localStorage.clear());

describe('the persisted session', () => {
  it('stores version 1 with the user but never a token', () => {
    writePersistedSession({ id: 'u1', username: 'a@b.co', avatarUrl: null });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '')).toEqual({
      version: 1,
      id: 'u1',
      username: 'a@b.co',
      avatarUrl: null,
    });
    expect(readPersistedSession()?.username).toBe('a@b.co');
  });

  it('is cleared on sign-out and ignores other versions', () => {
    writePersistedSession({ id: 'u1', username: 'a@b.co', avatarUrl: null });
    writePersistedSession(null);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ version: 2, id: 'x' }));
    expect(readPersistedSession()).toBeNull();
  });
});

describe('return-to paths', () => {
  it('accepts same-origin paths only', () => {
    expect(safePath('/dashboard?x=1')).toBe('/dashboard?x=1');
    expect(safePath('//evil.example/x')).toBeNull();
    expect(safePath('https://evil.example')).toBeNull();
    expect(safePath('/\\evil')).toBeNull();
  });

  it('is taken once, with a fallback', () => {
    rememberReturnTo('/dashboard');
    expect(takeReturnTo('/x')).toBe('/dashboard');
    expect(takeReturnTo('/x')).toBe('/x');
  });
});
