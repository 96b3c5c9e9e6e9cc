import { describe, expect, it } from 'vitest';
import { defaultAdvancedOptions, defaultAutomation, defaultSources, defaultStrategies } from './defaults';
import {
  avatarOf,
  type ContentSource,
  keepSourceChecks,
  type Persona,
  personaAvatarSchema,
  personaBioSchema,
  personaImportSchema,
  personaNameSchema,
  toClientPersona,
  toServerPersona,
} from './persona';
import { DEFAULT_TRAITS } from './traits';
import { describeChanges } from './versions';

const persona: Persona = {
  id: '0b9f4c1e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
  name: 'Ada',
  bio: 'Writes about databases.',
  avatar: '🦉',
  languages: ['en'],
  personality: DEFAULT_TRAITS,
  created_at: '2026-11-01T10:00:00.000Z',
  automation: defaultAutomation(),
  sources: defaultSources(),
  advanced_options: defaultAdvancedOptions(),
  tags: [],
  stats: { followers: 0, totalTweets: 0, avgLikes: 0, avgRetweets: 0, engagementRate: 0 },
  recent_tweets: [],
  is_active: true,
  is_public: false,
  require_alt_text: false,
  custom_prompt: '',
  use_default_prompt: true,
  connected_accounts: [],
  templates: defaultStrategies(),
  monetization: { enabled: false, links: [] },
  setup_complete: false,
  automation_pause: null,
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

describe('bio and avatar', () => {
  it('cleans the bio and keeps it to 160 characters', () => {
    expect(personaBioSchema.parse('  Writes <b>about</b> data ')).toBe('Writes babout/b data');
    expect(personaBioSchema.safeParse('x'.repeat(161)).error?.issues[0]?.message).toBe(
      'Bio must be at most 160 characters',
    );
    expect(personaBioSchema.parse('x'.repeat(160))).toHaveLength(160);
  });
  it('takes one emoji, even one made of several code points, or nothing', () => {
    for (const ok of ['', '🦉', '👩🏽‍💻', '🏳️‍🌈', 'A']) expect(personaAvatarSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['🦉🦉', 'AB', 'x'.repeat(40)]) {
      expect(personaAvatarSchema.safeParse(bad).error?.issues[0]?.message).toMatch(/single emoji|too big|32/i);
    }
  });
  it("shows the emoji, else the name's first letter", () => {
    expect(avatarOf({ name: 'ada', avatar: '🦉' })).toBe('🦉');
    expect(avatarOf({ name: ' ada', avatar: '' })).toBe('A');
    expect(avatarOf({ name: '', avatar: '' })).toBe('?');
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
    expect(describeChanges(persona, { ...persona, bio: 'New', avatar: '🐙' })).toBe('Bio, avatar');
    expect(describeChanges(persona, persona)).toBe('Saved without changes');
  });
});

describe("a source's check", () => {
  const checked = {
    ...(defaultSources()[0] as ContentSource),
    status: 'error' as const,
    lastCheck: '2026-11-20T10:00:00.000Z',
    errorMessage: 'HTTP 500',
  };
  it('stays as the server recorded it when a client saves the source', () => {
    const sent = { ...checked, name: 'Renamed', status: 'active' as const, lastCheck: null, errorMessage: null };
    expect(keepSourceChecks([checked], [sent])).toEqual([{ ...checked, name: 'Renamed' }]);
  });
  it('starts over as pending for a new source or a new URL', () => {
    const moved = { ...checked, url: 'https://example.com/feed.xml' };
    const added = { ...checked, id: 'new' };
    for (const source of [moved, added]) {
      expect(keepSourceChecks([checked], [source])[0]).toMatchObject({
        status: 'pending',
        lastCheck: null,
        errorMessage: null,
      });
    }
  });
});
