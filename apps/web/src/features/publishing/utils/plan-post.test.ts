import { publishRequestSchema, textPart } from '@plume/core';
import { describe, expect, it } from 'vitest';
import { planPost } from './plan-post';

describe('planPost', () => {
  it('posts to the chosen platforms that are connected and names the others', () => {
    const plan = planPost({ parts: [textPart('Hello')], chosen: ['x', 'bluesky'], connected: ['bluesky'] });
    expect(plan.targets).toEqual(['bluesky']);
    expect(plan.missing).toEqual(['x']);
    expect(plan.body).toEqual({ platform: 'bluesky', content: 'Hello', parts: [textPart('Hello')] });
    expect(publishRequestSchema.parse(plan.body)).toBeTruthy();
  });

  it('sends a list of platforms, and a thread as parts', () => {
    const plan = planPost({
      parts: [textPart(' one '), textPart(''), textPart('two')],
      chosen: ['x', 'bluesky'],
      connected: ['x', 'bluesky'],
    });
    expect(plan.body).toEqual({
      platform: ['x', 'bluesky'],
      content: 'one',
      parts: [textPart('one'), textPart('two')],
    });
    expect(publishRequestSchema.parse(plan.body)).toBeTruthy();
  });

  it('sends a single post as its part, with what it carries besides its text', () => {
    const french = { ...textPart(' Bonjour '), langs: ['fr'] };
    const plan = planPost({ parts: [french], chosen: ['bluesky'], connected: ['bluesky'] });
    expect(plan.body).toEqual({ platform: 'bluesky', content: 'Bonjour', parts: [{ ...french, text: 'Bonjour' }] });
    expect(publishRequestSchema.parse(plan.body).parts?.[0]?.langs).toEqual(['fr']);
  });

  it('sends nothing with no connected target, no text, or a part over the limit', () => {
    expect(planPost({ parts: [textPart('Hi')], chosen: ['x'], connected: [] }).body).toBeNull();
    expect(planPost({ parts: [textPart('  ')], chosen: ['x'], connected: ['x'] }).body).toBeNull();
    const long = planPost({ parts: [textPart('a'.repeat(301))], chosen: ['bluesky'], connected: ['bluesky'] });
    expect(long.body).toBeNull();
    expect(long.problems).toEqual(['content: too long for Bluesky (301/300)']);
  });

  it('says nothing is missing before the accounts are known', () => {
    expect(planPost({ parts: [textPart('Hi')], chosen: ['x'], connected: null })).toMatchObject({
      missing: [],
      body: null,
    });
  });
});
