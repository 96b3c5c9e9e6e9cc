import { describe, expect, it } from 'vitest';
import { defaultAdvancedOptions, defaultAutomation, defaultSources, defaultStrategies } from './defaults';
import { type Persona, personaImportSchema, personaNameSchema, toClientPersona, toServerPersona } from './persona';
import { DEFAULT_TRAITS } from './traits';
import { describeChanges } from './versions';

const persona: Persona = {
  id: '0b9f4c1e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
  name: 'Ada',
  personality: DEFAULT_TRAITS,
  created_at: '2026-11-01T10:00:00.000Z',
  automation: defaultAutomation(),
  sources: defaultSources(),
  advanced_options: defaultAdvancedOptions(),
  tags: [],
  stats: { followers: 0, totalTweets: 0, avgLikes: 0, avgRetweets: 0, engagementRate: 0 },
  recent_tweets: [],
  is_active: true,
  custom_prompt: '',
  use_default_prompt: true,
  connected_accounts: [],
  templates: defaultStrategies(),
  monetization: { enabled: false, links: [] },
  setup_complete: false,
};

describe('persona name', () => {
  it('is trimmed with < and > stripped', () => {
    expect(personaNameSchema.parse('  <b>Ada</b> ')).toBe('bAda/b');
  });
  it('is required and at most 50 characters, with the spec messages', () => {
    expect(personaNameSchema.safeParse('  <> ').error?.issues[0]?.message).toBe('Name is required');
    expect(personaNameSchema.safeParse('x'.repeat(51)).error?.issues[0]?.message).toBe(
      'Name must be under 50 characters',
    );
    expect(personaNameSchema.parse('x'.repeat(50))).toHaveLength(50);
  });
});

describe('the two persona shapes', () => {
  it('map to each other without loss', () => {
    expect(toServerPersona(toClientPersona(persona))).toEqual(persona);
    const custom = { ...persona, use_default_prompt: false, custom_prompt: 'Be brief' };
    expect(toClientPersona(custom).customPrompt).toBe('Be brief');
    expect(toServerPersona(toClientPersona(custom))).toEqual(custom);
  });
});

describe('the import schema', () => {
  it('names the broken field', () => {
    const result = personaImportSchema.safeParse({ ...persona, personality: { ...DEFAULT_TRAITS, humor: 101 } });
    expect(result.error?.issues[0]?.path).toEqual(['personality', 'humor']);
  });
  it('needs a name and a personality', () => {
    const result = personaImportSchema.safeParse({ foo: 1 });
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['name', 'personality']);
  });
});

describe('change summaries', () => {
  it('says what changed', () => {
    const after = { ...persona, name: 'Ada 2', personality: { ...DEFAULT_TRAITS, humor: 80 }, is_active: false };
    expect(describeChanges(persona, after)).toBe('Renamed to "Ada 2"; traits (humor 50→80); paused');
    expect(describeChanges(persona, { ...persona, tags: [persona.id] })).toBe('Tags');
    expect(describeChanges(persona, persona)).toBe('Saved without changes');
  });
});
