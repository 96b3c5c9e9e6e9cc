import { describe, expect, it } from 'vitest';
import {
  archetype,
  DEFAULT_TRAITS,
  describeTrait,
  stylePreview,
  TRAIT_KEYS,
  TRAIT_MEANINGS,
  type Traits,
  traitDose,
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

describe('what a trait means', () => {
  it('moves with the value: none to the max for a "more" trait (slowly at first), pole to pole for a "between" one', () => {
    expect(traitDose('humor', 0)).toBe(0);
    // A little humor is rare, plenty is a lot: 3 × (value/100)^1.5.
    expect(traitDose('humor', 25)).toBeCloseTo(0.375);
    expect(traitDose('humor', 50)).toBeCloseTo(1.061, 3);
    expect(traitDose('humor', 100)).toBe(3);
    expect(traitDose('emoji', 100)).toBe(4);
    expect(traitDose('tone', 0)).toBe(-2);
    expect(traitDose('tone', 50)).toBe(0);
    expect(traitDose('tone', 100)).toBe(2);
    for (const trait of TRAIT_KEYS) {
      for (let v = 0; v < 100; v++) expect(traitDose(trait, v + 1), trait).toBeGreaterThan(traitDose(trait, v));
    }
  });

  it('says the value and what it means, and every 10-point move of every trait says something else', () => {
    expect(describeTrait('humor', 65)).toBe(
      'Humor 65/100 (0 dry, 100 wacky): jokes, wordplay or funny asides, about 1.6 per post (e.g. "Ask me how I know.")',
    );
    expect(describeTrait('humor', 0)).toBe('Humor 0/100 (0 dry, 100 wacky): no jokes, wordplay or funny asides at all');
    expect(describeTrait('tone', 30)).toBe(
      'Tone 30/100 (0 friendly, 100 edgy): leaning friendly; warm touches (a kind word, an encouraging aside), one in about 80 of 100 posts (e.g. "Be kind to yourself while you figure it out.")',
    );
    expect(describeTrait('tone', 50)).toBe('Tone 50/100 (0 friendly, 100 edgy): even, leaning neither way');
    for (const trait of TRAIT_KEYS) {
      const said = new Set(Array.from({ length: 11 }, (_, i) => describeTrait(trait, i * 10)));
      expect(said.size, trait).toBe(11);
    }
  });

  it('previews each trait at its value, in slider order, with the spec levels kept', () => {
    const lines = stylePreview({ ...DEFAULT_TRAITS, humor: 90, emoji: 0, professionalism: 85 });
    expect(lines.map((l) => l.trait)).toEqual([...TRAIT_KEYS]);
    expect(lines[0]).toEqual({
      trait: 'humor',
      name: 'Humor',
      level: 'High',
      text: 'Jokes, wordplay or funny asides, about 2.6 per post',
    });
    expect(lines.find((l) => l.trait === 'emoji')?.text).toBe('No emoji');
    expect(lines.find((l) => l.trait === 'professionalism')?.text).toBe(
      'Leans polished: polished touches, about 1.4 per post',
    );
    expect(lines.find((l) => l.trait === 'professionalism')?.name).toBe(TRAIT_MEANINGS.professionalism.name);
    expect(lines.find((l) => l.trait === 'tone')?.level).toBe('Balanced');
  });
});
