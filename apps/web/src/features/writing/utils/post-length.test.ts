import { describe, expect, it } from 'vitest';
import { postLength } from './post-length';

describe('post length', () => {
  it('counts graphemes for Bluesky, so an emoji with modifiers is one', () => {
    expect(postLength('bluesky', 'hi 👋🏽')).toBe(4);
    expect(postLength('bluesky', '👨‍👩‍👧')).toBe(1);
    expect(postLength('bluesky', 'é')).toBe(1);
  });

  it("counts X's weighted length, as the server does: emoji and CJK 2, a link 23", () => {
    expect(postLength('x', 'é')).toBe(1);
    expect(postLength('x', 'Threads 🧵')).toBe(10);
    expect(postLength('x', '日本')).toBe(4);
    expect(postLength('x', 'see https://example.com/a/very/long/path/indeed')).toBe(27);
  });
});
