import { describe, expect, it } from 'vitest';
import { postUrl, profileUrl } from './platforms';

describe("a network's pages", () => {
  it('are where people see an account and one of its posts', () => {
    expect(profileUrl('x', 'ada')).toBe('https://x.com/ada');
    expect(postUrl('x', 'ada', '1850000000000000000')).toBe('https://x.com/ada/status/1850000000000000000');
    expect(profileUrl('bluesky', 'ada.bsky.social')).toBe('https://bsky.app/profile/ada.bsky.social');
    expect(postUrl('bluesky', 'ada.bsky.social', '3kabc')).toBe('https://bsky.app/profile/ada.bsky.social/post/3kabc');
  });
});
