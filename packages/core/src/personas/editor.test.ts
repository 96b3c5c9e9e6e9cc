import { describe, expect, it } from 'vitest';
import { defaultAutomation, defaultSources, defaultStrategies } from './defaults';
import { completedSections, editorProgress, PERSONALITY_PRESETS, randomPersonaName, randomUserName } from './editor';
import { archetype, DEFAULT_TRAITS } from './traits';

const draft = {
  name: 'New Persona',
  personality: DEFAULT_TRAITS,
  sources: defaultSources(),
  templates: defaultStrategies(),
  connected_accounts: [],
  automation: defaultAutomation(),
  use_default_prompt: true,
  custom_prompt: '',
};

describe('presets', () => {
  it('has nine, including the six the spec names, each with distinct traits', () => {
    expect(PERSONALITY_PRESETS).toHaveLength(9);
    expect(PERSONALITY_PRESETS.slice(0, 6).map((p) => p.name)).toEqual([
      'Tech Guru',
      'Sarcastic Developer',
      'Motivational Coach',
      'Industry Analyst',
      'Startup Founder',
      'Code Comedian',
    ]);
    expect(new Set(PERSONALITY_PRESETS.map((p) => JSON.stringify(p.traits))).size).toBe(9);
  });
  it('lead to the archetypes their names suggest', () => {
    const byName = Object.fromEntries(PERSONALITY_PRESETS.map((p) => [p.name, archetype(p.traits)]));
    expect(byName['Tech Guru']).toBe('Technical Expert');
    expect(byName['Sarcastic Developer']).toBe('Sarcastic Comedian');
    expect(byName['Motivational Coach']).toBe('Motivational Leader');
    expect(byName['Industry Analyst']).toBe('Technical Expert');
  });
});

describe('random names', () => {
  it("are 'user-' and 6 letters or digits", () => {
    expect(randomUserName()).toMatch(/^user-[a-z0-9]{6}$/);
    expect(randomUserName(() => 0)).toBe('user-aaaaaa');
  });
  it('combine a tech word, a descriptor and 1-9999', () => {
    expect(randomPersonaName(() => 0)).toBe('ByteSage1');
    expect(randomPersonaName(() => 0.99999)).toBe('StackSmith9999');
  });
});

describe('editor progress', () => {
  it('counts completed sections of six, with the spec messages', () => {
    expect(completedSections(draft)).toEqual(['sources', 'advanced']);
    expect(editorProgress(draft)).toEqual({ percent: 33, message: 'Complete more sections' });
    const tuned = { ...draft, name: 'Ada', personality: { ...DEFAULT_TRAITS, humor: 70 } };
    expect(editorProgress(tuned)).toEqual({ percent: 67, message: 'Great! Your persona is well configured' });
    expect(editorProgress({ ...draft, use_default_prompt: false, sources: [] }).percent).toBe(0);
  });
});
