import { describe, expect, it } from 'vitest';
import { postSegments, xShownLink } from './post-text';

describe('a post text as each network shows it', () => {
  const text = 'Read https://www.example.com/a/very/long/path/indeed by @ada.bsky.social #TidePools.';

  it('on X, shortens links and finds mentions and hashtags as twitter-text does', () => {
    const segments = postSegments('x', text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind !== 'text').map((s) => [s.kind, 'shown' in s ? s.shown : ''])).toEqual([
      ['link', 'example.com/a/very/long…'],
      ['mention', '@ada'],
      ['tag', '#TidePools'],
    ]);
  });

  it('on Bluesky, keeps the text as sent and finds handles with a domain, links and tags', () => {
    const segments = postSegments('bluesky', `${text} Also example.org and @nodot.`);
    expect(segments.map((s) => s.text).join('')).toBe(`${text} Also example.org and @nodot.`);
    expect(segments.filter((s) => s.kind !== 'text').map((s) => [s.kind, s.text])).toEqual([
      ['link', 'https://www.example.com/a/very/long/path/indeed'],
      ['mention', '@ada.bsky.social'],
      ['tag', '#TidePools'],
      ['link', 'example.org'],
    ]);
  });

  it('shows a short link whole on X', () => {
    expect(xShownLink('https://example.com/x')).toBe('example.com/x');
  });
});
