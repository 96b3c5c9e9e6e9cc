import { describe, expect, it } from 'vitest';
import {
  archetype,
  DEFAULT_TRAITS,
  styleInstructions,
  TRAIT_KEYS,
  type Traits,
  traitLabel,
  traitLevel,
} from './traits';

const t = (over: Partial<Traits>): Traits => ({ ...DEFAULT_TRAITS, ...over });

describe('trait levels', () => {
  it.each([
    [0, 'Low'],
    [29, 'Low'],
    [30, 'Balanced'],
    [70, 'Balanced'],
    [71, 'High'],
    [100, 'High'],
  ] as const)('%i is %s', (value, level) => {
    expect(traitLevel(value)).toBe(level);
  });
});

describe('trait labels', () => {
  it('names humor, sarcasm and tone at their thresholds', () => {
    expect([29, 30, 70, 71].map((v) => traitLabel('humor', v))).toEqual(['Dry', null, null, 'Wacky']);
    expect([29, 30, 70, 71].map((v) => traitLabel('sarcasm', v))).toEqual(['Light', null, null, 'Heavy']);
    expect([39, 40, 60, 61].map((v) => traitLabel('tone', v))).toEqual(['Friendly', null, null, 'Edgy']);
  });
});

describe('archetype', () => {
  it('is Balanced Communicator for the defaults', () => {
    expect(archetype(DEFAULT_TRAITS)).toBe('Balanced Communicator');
  });
  it('applies each rule just past its thresholds and not at them', () => {
    expect(archetype(t({ professionalism: 81, technicality: 71 }))).toBe('Technical Expert');
    expect(archetype(t({ professionalism: 80, technicality: 71, controversial: 30 }))).toBe('Balanced Communicator');
    expect(archetype(t({ humor: 81, sarcasm: 71 }))).toBe('Sarcastic Comedian');
    expect(archetype(t({ optimism: 81, engagement: 71 }))).toBe('Motivational Leader');
    expect(archetype(t({ professionalism: 71, controversial: 29 }))).toBe('Professional Analyst');
    expect(archetype(t({ humor: 71, emoji: 61 }))).toBe('Playful Creator');
    expect(archetype(t({ sarcasm: 71, controversial: 61 }))).toBe('Edgy Commentator');
  });
  it('lets the first matching rule win', () => {
    expect(archetype(t({ professionalism: 90, technicality: 90, humor: 90, sarcasm: 90 }))).toBe('Technical Expert');
  });
});

describe('style instructions', () => {
  it('read each trait at its level, in slider order', () => {
    const lines = styleInstructions({ ...DEFAULT_TRAITS, humor: 90, emoji: 10, engagement: 71 });
    expect(lines.map((l) => l.trait)).toEqual([...TRAIT_KEYS]);
    expect(lines[0]).toEqual({ trait: 'humor', level: 'High', text: 'Leads with jokes and wordplay' });
    expect(lines.find((l) => l.trait === 'emoji')?.text).toBe('No emoji');
    expect(lines.find((l) => l.trait === 'engagement')?.text).toBe('Ends with a question to spark replies');
    expect(lines.find((l) => l.trait === 'tone')?.level).toBe('Balanced');
  });
});
