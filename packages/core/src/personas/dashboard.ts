/** The persona dashboard's filters, sorts, groups and summary (app spec: Persona dashboard). */
import { PLATFORMS, platformLabel } from '../platforms/platforms';
import { healthScore, healthStatus } from './metrics';
import type { Persona } from './persona';
import type { Tag } from './tags';

export const DASHBOARD_FILTERS = [
  'all',
  'active',
  'paused',
  'needsAttention',
  'x',
  'bluesky',
  'linkedin',
  'instagram',
] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];
export const DASHBOARD_SORTS = ['newest', 'mostActive', 'highestEngagement', 'followerGrowth', 'alphabetical'] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export const DASHBOARD_GROUPS = ['none', 'status', 'tag', 'platform'] as const;
export type DashboardGroup = (typeof DASHBOARD_GROUPS)[number];

export function personaHealth(p: Persona) {
  const score = healthScore({
    isActive: p.is_active,
    engagementRate: p.stats.engagementRate,
    totalPosts: p.stats.totalTweets,
    followers: p.stats.followers,
  });
  return { score, status: healthStatus(score) };
}

function connectedPlatforms(p: Persona): string[] {
  return p.connected_accounts.filter((a) => a.isConnected).map((a) => a.platform);
}

export function matchesFilter(p: Persona, filter: DashboardFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'active':
      return p.is_active;
    case 'paused':
      return !p.is_active;
    case 'needsAttention':
      return personaHealth(p).status === 'needs-attention';
    default:
      return connectedPlatforms(p).includes(filter);
  }
}

/** Personas that pass the filter and carry at least one of the chosen tags (none chosen: all). */
export function filterPersonas(personas: Persona[], filter: DashboardFilter, tagIds: string[] = []): Persona[] {
  return personas.filter(
    (p) => matchesFilter(p, filter) && (tagIds.length === 0 || p.tags.some((t) => tagIds.includes(t))),
  );
}

const byNewest = (a: Persona, b: Persona) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);

export function sortPersonas(personas: Persona[], sort: DashboardSort): Persona[] {
  const compare: Record<DashboardSort, (a: Persona, b: Persona) => number> = {
    newest: byNewest,
    mostActive: (a, b) => b.stats.totalTweets - a.stats.totalTweets || byNewest(a, b),
    highestEngagement: (a, b) => b.stats.engagementRate - a.stats.engagementRate || byNewest(a, b),
    // Until follower history exists, growth is measured from zero: the follower count.
    followerGrowth: (a, b) => b.stats.followers - a.stats.followers || byNewest(a, b),
    alphabetical: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || byNewest(a, b),
  };
  return [...personas].sort(compare[sort]);
}

export type PersonaGroup = { key: string; label: string; personas: Persona[] };

/** Groups in a stable order; a persona with several tags or platforms appears in each of them. */
export function groupPersonas(personas: Persona[], group: DashboardGroup, tags: Tag[] = []): PersonaGroup[] {
  if (group === 'none') return [{ key: 'all', label: 'All personas', personas }];
  if (group === 'status') {
    return [
      { key: 'active', label: 'Active', personas: personas.filter((p) => p.is_active) },
      { key: 'paused', label: 'Paused', personas: personas.filter((p) => !p.is_active) },
    ].filter((g) => g.personas.length > 0);
  }
  if (group === 'tag') {
    const groups = tags.map((t) => ({
      key: t.id,
      label: t.name,
      personas: personas.filter((p) => p.tags.includes(t.id)),
    }));
    const untagged = personas.filter((p) => !p.tags.some((id) => tags.some((t) => t.id === id)));
    return [...groups, { key: 'untagged', label: 'No tag', personas: untagged }].filter((g) => g.personas.length > 0);
  }
  const groups = PLATFORMS.map((key) => ({
    key,
    label: platformLabel(key),
    personas: personas.filter((p) => connectedPlatforms(p).includes(key)),
  }));
  const none = personas.filter((p) => connectedPlatforms(p).length === 0);
  return [...groups, { key: 'none', label: 'No connected account', personas: none }].filter(
    (g) => g.personas.length > 0,
  );
}

/**
 * The dashboard's counts. The engagement rate across personas is not summed here: GET /api/usage
 * gives it (engagementRateAcross, decision 042), from the posts each persona's rate rests on.
 */
export type DashboardSummary = { personas: number; active: number; followers: number };

export function summarize(personas: Persona[]): DashboardSummary {
  const followers = personas.reduce((sum, p) => sum + p.stats.followers, 0);
  return { personas: personas.length, active: personas.filter((p) => p.is_active).length, followers };
}

/** The creation shortcut: an unfinished persona is opened instead of creating another. */
export function unfinishedPersona(personas: Persona[]): Persona | undefined {
  return personas.find((p) => !p.setup_complete);
}
