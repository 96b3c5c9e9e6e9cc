import { describe, expect, it } from 'vitest';
import { defaultSources, defaultStrategies } from './defaults';
import { contentSourceSchema, strategySchema } from './persona';
import {
  frequencyLabel,
  lastCheckLabel,
  newSource,
  newStrategy,
  POPULAR_SOURCES,
  parseExamples,
  pickStrategy,
  pipelineBlocker,
  sourceCheckLabel,
  sourceFormErrors,
  strategyShares,
} from './sources';

describe('new sources and strategies', () => {
  it('a new source starts disabled and pending, at its type default frequency', () => {
    const source = newSource('s1', { type: 'reddit', name: ' r/rust ', url: ' https://www.reddit.com/r/rust/ ' });
    expect(source).toEqual({
      id: 's1',
      name: 'r/rust',
      type: 'reddit',
      url: 'https://www.reddit.com/r/rust/',
      enabled: false,
      frequency: 2,
      status: 'pending',
      lastCheck: null,
      errorMessage: null,
    });
    expect(newSource('s2', { type: 'rss', name: 'a', url: 'https://a.example/feed' }).frequency).toBe(3);
    expect(newSource('s3', { type: 'website', name: 'a', url: 'https://a.example/' }).frequency).toBe(1);
    expect(contentSourceSchema.safeParse(source).success).toBe(true);
  });

  it('a new strategy is Custom Strategy, weight 5, disabled', () => {
    const strategy = newStrategy('x');
    expect(strategy).toMatchObject({ name: 'Custom Strategy', weight: 5, enabled: false, examples: [] });
    expect(strategySchema.safeParse(strategy).success).toBe(true);
  });

  it('every popular source is a valid source', () => {
    for (const [type, list] of Object.entries(POPULAR_SOURCES)) {
      for (const s of list) {
        expect(sourceFormErrors(s), `${type} ${s.name}`).toBeNull();
      }
    }
  });
});

describe('source form', () => {
  it('names the field that is wrong', () => {
    expect(sourceFormErrors({ name: 'Feed', url: 'https://example.com/feed' })).toBeNull();
    expect(sourceFormErrors({ name: '  ', url: 'https://example.com/feed' })).toEqual({
      name: 'Source name is required',
    });
    expect(sourceFormErrors({ name: 'Feed', url: 'example.com' })).toEqual({
      url: 'Enter a full http(s) address, e.g. https://example.com/feed',
    });
    expect(sourceFormErrors({ name: 'Feed', url: 'ftp://example.com/feed' })?.url).toBeDefined();
    expect(sourceFormErrors({ name: 'x'.repeat(101), url: '' })).toEqual({
      name: 'Source name must be at most 100 characters',
      url: 'URL is required',
    });
  });
});

describe('strategies', () => {
  it('examples are one per line with blanks dropped', () => {
    expect(parseExamples('First\n\n  Second  \r\n   \nThird')).toEqual(['First', 'Second', 'Third']);
    expect(parseExamples('')).toEqual([]);
  });

  it("each enabled strategy's share follows its weight", () => {
    // Seeded: Commentary 8 and Discussion Starters 6 are on.
    expect([...strategyShares(defaultStrategies())]).toEqual([
      ['commentary', 57],
      ['discussion-starters', 43],
    ]);
    expect(strategyShares([]).size).toBe(0);
  });

  it('picks enabled strategies in proportion to their weight', () => {
    const strategies = defaultStrategies();
    expect(pickStrategy(strategies, () => 0)?.id).toBe('commentary');
    expect(pickStrategy(strategies, () => 7.99 / 14)?.id).toBe('commentary');
    expect(pickStrategy(strategies, () => 8 / 14)?.id).toBe('discussion-starters');
    expect(pickStrategy(strategies, () => 0.9999)?.id).toBe('discussion-starters');
    expect(pickStrategy(strategies.map((s) => ({ ...s, enabled: false })))).toBeNull();
  });
});

describe('pipeline', () => {
  it('needs an enabled source and an enabled strategy', () => {
    const sources = defaultSources();
    const strategies = defaultStrategies();
    const off = <T extends { enabled: boolean }>(list: T[]) => list.map((x) => ({ ...x, enabled: false }));
    expect(pipelineBlocker(sources, strategies)).toBeNull();
    expect(pipelineBlocker(off(sources), strategies)).toBe('Turn on at least one source to generate an example.');
    expect(pipelineBlocker(sources, off(strategies))).toBe('Turn on at least one strategy to generate an example.');
    expect(pipelineBlocker([], [])).toBe('Turn on at least one source and one strategy to generate an example.');
  });

  it('labels frequency and the last check', () => {
    expect(frequencyLabel(1)).toBe('1 check per week');
    expect(frequencyLabel(7)).toBe('7 checks per week');
    const now = new Date('2026-11-22T12:00:00Z');
    expect(lastCheckLabel(null, now)).toBe('Never checked');
    expect(lastCheckLabel('2026-11-22T11:59:40Z', now)).toBe('Checked just now');
    expect(lastCheckLabel('2026-11-22T11:15:00Z', now)).toBe('Checked 45 min ago');
    expect(lastCheckLabel('2026-11-22T07:00:00Z', now)).toBe('Checked 5 h ago');
    expect(lastCheckLabel('2026-11-21T10:00:00Z', now)).toBe('Checked yesterday');
    expect(lastCheckLabel('2026-11-18T10:00:00Z', now)).toBe('Checked 4 days ago');
    // A failed read says so, how and when, never "Never checked".
    const failed = {
      status: 'error' as const,
      lastCheck: '2026-11-22T11:55:00Z',
      errorMessage: 'The site answered HTTP 404',
    };
    expect(sourceCheckLabel(failed, now)).toBe('Last check failed: HTTP 404 · 5 min ago');
    expect(sourceCheckLabel({ ...failed, status: 'active', errorMessage: null }, now)).toBe('Checked 5 min ago');
    expect(sourceCheckLabel({ status: 'pending', lastCheck: null, errorMessage: null }, now)).toBe('Never checked');
  });
});
