import { describe, expect, it } from 'vitest';
import { graphemeCount } from '../personas/persona';
import {
  characterLimit,
  createStreamLimiter,
  cutToFit,
  fitsPlatforms,
  PLATFORM_LIMITS,
  platformLength,
  splitThread,
  xWeightedLength,
} from './limits';

const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('platform limits', () => {
  it("counts X's weighted length: CJK and emoji twice, a link as 23", () => {
    expect(xWeightedLength('hello')).toBe(5);
    expect(xWeightedLength('日本')).toBe(4);
    expect(xWeightedLength('👍')).toBe(2);
    expect(xWeightedLength(`see https://example.com/${'a'.repeat(80)}`)).toBe(4 + 23);
  });

  it('keeps X at 280 weighted and Bluesky at 300 graphemes', () => {
    expect(fitsPlatforms('a'.repeat(280), ['x'])).toBe(true);
    expect(fitsPlatforms('a'.repeat(281), ['x'])).toBe(false);
    expect(fitsPlatforms('日'.repeat(140), ['x'])).toBe(true);
    expect(fitsPlatforms('日'.repeat(141), ['x'])).toBe(false);
    // 300 family emoji are 300 graphemes: fine on Bluesky, far over on X.
    const family = '👨‍👩‍👧'.repeat(300);
    expect(fitsPlatforms(family, ['bluesky'])).toBe(true);
    expect(fitsPlatforms(`${family}!`, ['bluesky'])).toBe(false);
    expect(fitsPlatforms(family, ['x', 'bluesky'])).toBe(false);
    expect(fitsPlatforms('a'.repeat(290), ['bluesky'])).toBe(true);
    expect(fitsPlatforms('a'.repeat(290), ['bluesky'], 280)).toBe(false);
  });

  it('names the strictest limit in characters', () => {
    expect(characterLimit({ platforms: ['x', 'bluesky'], maxLength: 400 })).toBe(280);
    expect(characterLimit({ platforms: ['bluesky'], maxLength: 400 })).toBe(300);
    expect(characterLimit({ platforms: ['bluesky'], maxLength: 120 })).toBe(120);
    expect(characterLimit({ platforms: [] })).toBe(300);
  });
});

describe('cutting to fit', () => {
  it('leaves a text that fits as it is', () => {
    expect(cutToFit('  Short and sweet.  ', ['x'])).toBe('Short and sweet.');
  });

  it('cuts after a whole word, with an ellipsis, never over', () => {
    const text = words(80);
    for (const [platforms, max] of [
      [['x'], undefined],
      [['bluesky'], undefined],
      [['x', 'bluesky'], 100],
      [[], 40],
    ] as const) {
      const cut = cutToFit(text, platforms, max);
      expect(fitsPlatforms(cut, platforms, max)).toBe(true);
      expect(cut.endsWith('…')).toBe(true);
      expect(text.startsWith(cut.slice(0, -1))).toBe(true);
      // The character before the ellipsis ends a whole word of the original.
      expect(text[cut.length - 1]).toBe(' ');
    }
    expect(cutToFit('Hello, wonderful world of words', [], 20)).toBe('Hello, wonderful…');
  });

  it('counts emoji and CJK as X does when cutting', () => {
    const cut = cutToFit('日本語 '.repeat(100), ['x']);
    expect(xWeightedLength(cut)).toBeLessThanOrEqual(280);
    expect(cut).toMatch(/日本語…$/);
  });

  it('cuts a single word longer than the limit between graphemes', () => {
    const cut = cutToFit('👍'.repeat(200), ['x']);
    expect(fitsPlatforms(cut, ['x'])).toBe(true);
    // 139 emoji (2 each) and the ellipsis (1): 279.
    expect(cut).toBe(`${'👍'.repeat(139)}…`);
  });
});

describe('threads', () => {
  it('keeps marked parts and splits long ones between sentences, each within the limit', () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `Sentence number ${i} says something rather long and useful.`,
    ).join(' ');
    const parts = splitThread(`Intro part.\n---\n${long}\n---\nThe end.`, ['x', 'bluesky'], 200);
    expect(parts[0]).toBe('Intro part.');
    expect(parts.at(-1)).toBe('The end.');
    expect(parts.length).toBeGreaterThan(4);
    for (const part of parts) {
      expect(fitsPlatforms(part, ['x', 'bluesky'], 200)).toBe(true);
      expect(part).toMatch(/^Sentence|^Intro|^The end/);
    }
    expect(parts.slice(1, -1).join(' ')).toBe(long);
  });

  it('splits a sentence longer than a part between words', () => {
    const parts = splitThread(words(100), ['bluesky'], 50);
    for (const part of parts) expect(graphemeCount(part)).toBeLessThanOrEqual(50);
    expect(parts.join(' ')).toBe(words(100));
  });
});

describe('streaming within the limit', () => {
  const run = (pieces: string[], platforms: ('x' | 'bluesky')[], max?: number) => {
    const limiter = createStreamLimiter(platforms, max);
    const sent: string[] = [];
    for (const piece of pieces) {
      sent.push(limiter.push(piece));
      if (limiter.stopped) break;
    }
    sent.push(limiter.end());
    return { text: sent.join(''), limiter };
  };

  it('passes text on as it comes far from the limit, the first word at once; trailing whitespace waits', () => {
    const limiter = createStreamLimiter(['x']);
    expect(limiter.push('  Hel')).toBe('Hel');
    expect(limiter.push('lo wor')).toBe('lo wor');
    expect(limiter.push('ld, ')).toBe('ld,');
    expect(limiter.push('again')).toBe(' again');
    expect(limiter.end()).toBe('');
    expect(limiter.text).toBe('Hello world, again');
    expect(limiter.stopped).toBe(false);
  });

  it('passes whole words on as they complete within the margin of the limit, and the last at the end', () => {
    const limiter = createStreamLimiter(['x'], 42);
    expect(limiter.push('  Hel')).toBe('');
    expect(limiter.push('lo wor')).toBe('Hello');
    expect(limiter.push('ld, again')).toBe(' world,');
    expect(limiter.end()).toBe(' again');
    expect(limiter.text).toBe('Hello world, again');
  });

  it('cuts a word longer than the margin where it stands when it runs past the limit', () => {
    const text = `Look ${'b'.repeat(80)} more`;
    const { text: sent, limiter } = run(text.match(/.{1,3}/gs) ?? [], ['bluesky'], 50);
    expect(limiter.stopped).toBe(true);
    expect(sent).toMatch(/^Look b+…$/);
    expect(fitsPlatforms(sent, ['bluesky'], 50)).toBe(true);
  });

  it('counts a link whole once its word ends, however its pieces came (X weighs every link as 23)', () => {
    // Each "x.co" weighs 23 on X, though its pieces are 2 characters each.
    const text = Array.from({ length: 40 }, () => 'x.co').join(' ');
    const { text: sent } = run(text.match(/.{1,2}/gs) ?? [], ['x']);
    expect(fitsPlatforms(sent, ['x'])).toBe(true);
    expect(sent.endsWith('…')).toBe(true);
  });

  it('stops with an ellipsis before a word that would not fit', () => {
    const text = words(100);
    const pieces = text.match(/.{1,7}/gs) ?? [];
    const { text: sent, limiter } = run(pieces, ['x'], 60);
    expect(limiter.stopped).toBe(true);
    expect(fitsPlatforms(sent, ['x'], 60)).toBe(true);
    expect(sent.endsWith('…')).toBe(true);
    expect(text[sent.length - 1]).toBe(' ');
  });

  it('stops at the same word an exact measure of the whole text would, with emoji, CJK and links in it', () => {
    const vocabulary = [
      'plain',
      'naïve',
      '🙂',
      '👩‍👩‍👧',
      '東京',
      'https://example.com/a',
      'x.co',
      'end.',
      '#tag',
      '@ann',
    ];
    for (let seed = 1; seed <= 60; seed++) {
      let r = seed;
      const roll = () => {
        r = (r * 1103515245 + 12345) % 2147483648;
        return r / 2147483648;
      };
      const text = Array.from({ length: 140 }, () => vocabulary[Math.floor(roll() * vocabulary.length)]).join(' ');
      const pieces = text.match(/.{1,5}/gsu) ?? [];
      for (const platforms of [['x'], ['bluesky'], ['x', 'bluesky']] as ('x' | 'bluesky')[][]) {
        const { text: sent } = run(pieces, platforms);
        // The reference: the longest run of whole words that fits with its ellipsis.
        const all = text.match(/\s*\S+/g) ?? [];
        let expected = '';
        for (const word of all) {
          if (!fitsPlatforms(`${expected}${word}…`, platforms)) break;
          expected += word;
        }
        expect(sent.startsWith(expected.replace(/[.!?,;:]+$/, ''))).toBe(true);
        expect(fitsPlatforms(sent, platforms)).toBe(true);
        expect(sent.length).toBeLessThanOrEqual(expected.length + 1);
      }
    }
  });

  it('keeps text that ends exactly at the limit', () => {
    const text = `${'a'.repeat(20)} ${'b'.repeat(19)}`;
    expect(run([text.slice(0, 25), text.slice(25)], [], 40).text).toBe(text);
    expect(run([text], [], 39).text).toBe(`${'a'.repeat(20)}…`);
  });
});

describe('platform length', () => {
  it('is X weighted length for X and graphemes for Bluesky', () => {
    const text = 'Ship it 🚀 https://example.com/a/very/long/path/that/x/counts/as/twenty/three';
    expect(platformLength('x', text)).toBe(8 + 2 + 1 + 23);
    expect(platformLength('bluesky', '👨‍👩‍👧 hi')).toBe(4);
    expect(PLATFORM_LIMITS).toEqual({ x: 280, bluesky: 300 });
  });
});
