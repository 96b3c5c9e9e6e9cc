import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_FILTERS,
  filterPersonas,
  groupPersonas,
  sortPersonas,
  summarize,
  unfinishedPersona,
} from './dashboard';
import { defaultAdvancedOptions, defaultAutomation } from './defaults';
import type { Persona } from './persona';
import { DEFAULT_TRAITS } from './traits';

let n = 0;
function persona(over: Partial<Persona> & { followers?: number; posts?: number; rate?: number }): Persona {
  n += 1;
  const { followers = 0, posts = 0, rate = 0, ...rest } = over;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `P${n}`,
    bio: '',
    avatar: '',
    languages: ['en'],
    personality: DEFAULT_TRAITS,
    created_at: `2026-11-${String(n).padStart(2, '0')}T00:00:00.000Z`,
    automation: defaultAutomation(),
    sources: [],
    advanced_options: defaultAdvancedOptions(),
    tags: [],
    stats: { followers, totalTweets: posts, avgLikes: 0, avgRetweets: 0, engagementRate: rate },
    recent_tweets: [],
    is_active: true,
    is_public: false,
    require_alt_text: false,
    custom_prompt: '',
    use_default_prompt: true,
    connected_accounts: [],
    templates: [],
    monetization: { enabled: false, links: [] },
    setup_complete: true,
    automation_pause: null,
    ...rest,
  };
}

const x = {
  platform: 'x' as const,
  username: 'a',
  isConnected: true,
  connectedAt: null,
  status: 'active' as const,
  followers: 0,
  lastSyncAt: null,
};

describe('dashboard filters', () => {
  const healthy = persona({ name: 'Healthy', posts: 20, rate: 3 });
  const paused = persona({ name: 'Paused', is_active: false, posts: 20, rate: 3 });
  const struggling = persona({ name: 'Struggling', posts: 0, rate: 0 });
  const onX = persona({ name: 'OnX', posts: 20, rate: 3, connected_accounts: [x] });
  const all = [healthy, paused, struggling, onX];
  const names = (ps: Persona[]) => ps.map((p) => p.name);

  it('filters by status, attention and platform', () => {
    expect(names(filterPersonas(all, 'all'))).toEqual(['Healthy', 'Paused', 'Struggling', 'OnX']);
    expect(names(filterPersonas(all, 'active'))).toEqual(['Healthy', 'Struggling', 'OnX']);
    expect(names(filterPersonas(all, 'paused'))).toEqual(['Paused']);
    expect(names(filterPersonas(all, 'needsAttention'))).toEqual(['Struggling']);
    expect(names(filterPersonas(all, 'x'))).toEqual(['OnX']);
    expect(names(filterPersonas(all, 'linkedin'))).toEqual([]);
  });

  it('filters by Bluesky, a connection that is not working left out', () => {
    const onBluesky = persona({ name: 'OnBluesky', connected_accounts: [{ ...x, platform: 'bluesky' }] });
    const broken = persona({
      name: 'Broken',
      connected_accounts: [{ ...x, platform: 'bluesky', isConnected: false, status: 'error' }],
    });
    expect(DASHBOARD_FILTERS).toContain('bluesky');
    expect(names(filterPersonas([...all, onBluesky, broken], 'bluesky'))).toEqual(['OnBluesky']);
    expect(names(filterPersonas([...all, onBluesky, broken], 'x'))).toEqual(['OnX']);
  });

  it('filters by any chosen tag', () => {
    const tagged = persona({ name: 'Tagged', tags: ['t1'] });
    expect(names(filterPersonas([...all, tagged], 'all', ['t1', 't2']))).toEqual(['Tagged']);
  });
});

describe('dashboard sorts', () => {
  const a = persona({ name: 'beta', posts: 5, rate: 1, followers: 300 });
  const b = persona({ name: 'Alpha', posts: 50, rate: 4, followers: 10 });
  const c = persona({ name: 'gamma', posts: 1, rate: 9, followers: 2000 });
  const names = (sort: Parameters<typeof sortPersonas>[1]) => sortPersonas([a, b, c], sort).map((p) => p.name);

  it('sorts each way', () => {
    expect(names('newest')).toEqual(['gamma', 'Alpha', 'beta']);
    expect(names('mostActive')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names('highestEngagement')).toEqual(['gamma', 'Alpha', 'beta']);
    expect(names('followerGrowth')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(names('alphabetical')).toEqual(['Alpha', 'beta', 'gamma']);
  });
});

describe('dashboard groups', () => {
  it('groups by status, tag and platform, leaving out empty groups', () => {
    const a = persona({ name: 'A', tags: ['t1'], connected_accounts: [x] });
    const b = persona({ name: 'B', is_active: false });
    const tags = [
      { id: 't1', name: 'Tech', color: 'blue' as const },
      { id: 't2', name: 'Empty', color: 'red' as const },
    ];
    const shape = (g: ReturnType<typeof groupPersonas>) => g.map((x) => [x.label, x.personas.map((p) => p.name)]);
    expect(shape(groupPersonas([a, b], 'status'))).toEqual([
      ['Active', ['A']],
      ['Paused', ['B']],
    ]);
    expect(shape(groupPersonas([a, b], 'tag', tags))).toEqual([
      ['Tech', ['A']],
      ['No tag', ['B']],
    ]);
    expect(shape(groupPersonas([a, b], 'platform'))).toEqual([
      ['X', ['A']],
      ['No connected account', ['B']],
    ]);
  });
});

describe('dashboard summary and creation shortcut', () => {
  it('counts personas and sums followers (the rate across personas is the API’s)', () => {
    const s = summarize([
      persona({ followers: 1000, rate: 2 }),
      persona({ followers: 500, rate: 5, is_active: false }),
    ]);
    expect(s).toEqual({ personas: 2, active: 1, followers: 1500 });
    expect(summarize([])).toEqual({ personas: 0, active: 0, followers: 0 });
  });

  it('finds the unfinished persona', () => {
    const done = persona({ setup_complete: true });
    const draft = persona({ setup_complete: false });
    expect(unfinishedPersona([done, draft])).toBe(draft);
    expect(unfinishedPersona([done])).toBeUndefined();
  });
});
