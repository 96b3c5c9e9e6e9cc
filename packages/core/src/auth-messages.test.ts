import { describe, expect, it } from 'vitest';
import { usernameOf } from './api/session';
import { oauthErrorFromUrl, signInErrorFromCode } from './auth-messages';

describe('oauthErrorFromUrl', () => {
  it('reads error_description from the query', () => {
    expect(oauthErrorFromUrl('?error=access_denied&error_description=User+denied', '')).toBe(
      'Authentication failed: User denied',
    );
  });
  it('reads error_description from the hash', () => {
    expect(oauthErrorFromUrl('', '#error=x&error_description=Token%20expired')).toBe(
      'Authentication failed: Token expired',
    );
  });
  it('is null without a description', () => {
    expect(oauthErrorFromUrl('?error=access_denied', '#a=1')).toBeNull();
  });
});

describe('usernameOf', () => {
  it('prefers the e-mail, then the full name, then empty', () => {
    expect(usernameOf({ email: 'a@b.co', name: 'Ann' })).toBe('a@b.co');
    expect(usernameOf({ email: null, name: 'Ann' })).toBe('Ann');
    expect(usernameOf({ email: ' ', name: null })).toBe('');
  });
});

describe('signInErrorFromCode', () => {
  it('explains a used or expired magic link', () => {
    expect(signInErrorFromCode('INVALID_TOKEN')).toBe(
      'This sign-in link has expired or was already used. Enter your email to get a new one.',
    );
  });
  it('names other codes and ignores none', () => {
    expect(signInErrorFromCode('ACCOUNT_NOT_LINKED')).toBe('Sign-in failed: account not linked');
    expect(signInErrorFromCode(null)).toBeNull();
  });
});
