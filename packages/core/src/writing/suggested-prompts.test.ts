import { describe, expect, it } from 'vitest';
import { pickSuggestion, SUGGESTED_PROMPTS } from './suggested-prompts';

describe('suggested prompts', () => {
  it('holds 25 distinct prompts', () => {
    expect(SUGGESTED_PROMPTS).toHaveLength(25);
    expect(new Set(SUGGESTED_PROMPTS).size).toBe(25);
  });

  it('never picks the current suggestion, whatever the random number', () => {
    for (const current of SUGGESTED_PROMPTS) {
      for (const r of [0, 0.2, 0.5, 0.9999, 0.999999999]) {
        const next = pickSuggestion(current, () => r);
        expect(next).not.toBe(current);
        expect(SUGGESTED_PROMPTS).toContain(next);
      }
    }
  });

  it('can pick any of the pool when nothing is current', () => {
    const picked = new Set(SUGGESTED_PROMPTS.map((_, i) => pickSuggestion(null, () => i / 25)));
    expect(picked.size).toBe(25);
  });

  it('stays in the pool even if random misbehaves and returns 1', () => {
    expect(SUGGESTED_PROMPTS).toContain(pickSuggestion(SUGGESTED_PROMPTS[0], () => 1));
  });
});
