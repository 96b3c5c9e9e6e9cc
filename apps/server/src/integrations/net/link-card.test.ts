import { describe, expect, it } from 'vitest';
import { parseOpenGraph, sniffImage } from './link-card';

describe('reading a page for its card', () => {
  it('takes the Open Graph tags, in any attribute order, entities decoded, the picture made absolute', () => {
    const html = `<html><head><title>Not this</title>
      <meta content='Two &quot;quoted&quot; words' property='og:description'>
      <meta property="og:title" content="Tom &amp; Jerry">
      <meta name="description" content="Not this either">
      <meta property="og:image" content="../img/card.png?x=1&amp;y=2"></head><body><meta property="og:title" content="body"></body></html>`;
    expect(parseOpenGraph(html, 'https://example.com/posts/one')).toEqual({
      title: 'Tom & Jerry',
      description: 'Two "quoted" words',
      image: 'https://example.com/img/card.png?x=1&y=2',
    });
  });

  it('falls back to <title> and the meta description; no picture but an http(s) one', () => {
    const html =
      '<head><TITLE>\n  A plain\n page </TITLE><meta name="description" content="Short."><meta property="og:image" content="javascript:alert(1)"></head>';
    expect(parseOpenGraph(html, 'https://example.com/')).toEqual({
      title: 'A plain page',
      description: 'Short.',
      image: null,
    });
    expect(parseOpenGraph('<p>nothing</p>', 'https://example.com/')).toEqual({
      title: '',
      description: '',
      image: null,
    });
  });
});

describe('knowing an image by its bytes', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  it('knows JPEG, PNG, GIF and WebP, whatever the file says it is', () => {
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImage(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(sniffImage(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });
  it('refuses what is not one of them: text, HTML, SVG, a RIFF that is not WebP, too few bytes', () => {
    for (const text of [
      'hello',
      '<html></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'RIFF\u0000\u0000\u0000\u0000WAVE',
    ])
      expect(sniffImage(new TextEncoder().encode(text))).toBeNull();
    expect(sniffImage(bytes(0x89, 0x50))).toBeNull();
    expect(sniffImage(bytes())).toBeNull();
  });
});
