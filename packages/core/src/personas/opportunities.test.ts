import { describe, expect, it } from 'vitest';
import { dismissOpportunitiesSchema, engagementSpike, median, opportunityPersonaId } from './opportunities';

const persona = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';

describe('a post taking off', () => {
  it("is measured against the persona's own median, with enough posts to have one", () => {
    expect(median([1, 2, 1, 2])).toBe(1.5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBe(0);
    const ten = (values: number[]) => Array.from({ length: 10 }, (_, i) => values[i % values.length] ?? 0);
    expect(engagementSpike(12, ten([1, 2]))).toEqual({ usual: 1.5 });
    // Below 5 engagements, under 3 times the usual, or fewer than 10 other posts: not a spike.
    expect(engagementSpike(4, ten([0]))).toBeNull();
    expect(engagementSpike(9, ten([8, 7]))).toBeNull();
    expect(engagementSpike(50, [1, 1, 1])).toBeNull();
    expect(engagementSpike(50, ten([1]).slice(1))).toBeNull();
    // A persona whose posts usually get nothing: 5 is already a spike.
    expect(engagementSpike(5, ten([0]))).toEqual({ usual: 0 });
  });
});

describe('dismissing opportunities', () => {
  it('takes the ids the list gives, and names the persona', () => {
    const at = '2026-11-20T10:00:00.000Z';
    for (const id of [
      `mentions:${persona}`,
      `replies:${persona}`,
      `fresh_items:${persona}`,
      `spike:${persona}:at://x/y`,
    ]) {
      expect(dismissOpportunitiesSchema.safeParse({ items: [{ id, newestAt: at }] }).success, id).toBe(true);
      expect(opportunityPersonaId(id)).toBe(persona);
    }
    for (const id of ['mentions:not-a-uuid', `likes:${persona}`, `spike:${persona}`, `mentions:${persona}:extra`]) {
      expect(dismissOpportunitiesSchema.safeParse({ items: [{ id, newestAt: at }] }).success, id).toBe(false);
    }
    expect(dismissOpportunitiesSchema.safeParse({ items: [] }).success).toBe(false);
  });
});
