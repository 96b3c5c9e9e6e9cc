import { describe, expect, it } from 'vitest';
import { postLength } from './post-length';

describe('post length', () => {
  it('counts graphemes, so an emoji with modifiers is one', () => {
    expect(postLength('bluesky', 'hi 👋🏽')).toBe(4);
    expect(postLength('bluesky', '👨‍👩‍👧')).toBe(1);
    expect(postLength('x', 'é')).toBe(1);
  });
});
