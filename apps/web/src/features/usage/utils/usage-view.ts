import { type Persona, performanceBadge, type UsageSummary } from '@plume/core';
import type { CsvCell } from './csv';

/*
 * The cross-persona screen's list and captions (app spec: Cross-persona analytics screen), as pure
 * functions of the personas and GET /api/usage.
 */

export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const USAGE_SORTS = ['followers', 'engagement', 'posts', 'avgLikes'] as const;
export type UsageSort = (typeof USAGE_SORTS)[number];
export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const VIEW_MODES = ['grid', 'table'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export type UsageView = { search: string; status: StatusFilter; sort: UsageSort; order: SortOrder; view: ViewMode };
export const DEFAULT_VIEW: UsageView = { search: '', status: 'all', sort: 'followers', order: 'desc', view: 'grid' };

const sortValue: Record<UsageSort, (p: Persona) => number> = {
  followers: (p) => p.stats.followers,
  engagement: (p) => p.stats.engagementRate,
  posts: (p) => p.stats.totalTweets,
  avgLikes: (p) => p.stats.avgLikes,
};

const byName = (a: Persona, b: Persona) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** The personas whose name contains the search (any case) and that pass the status filter, sorted. */
export function shownPersonas(personas: readonly Persona[], view: Omit<UsageView, 'view'>): Persona[] {
  const search = view.search.trim().toLocaleLowerCase();
  const value = sortValue[view.sort];
  const sign = view.order === 'desc' ? -1 : 1;
  return personas
    .filter((p) => search === '' || p.name.toLocaleLowerCase().includes(search))
    .filter((p) => view.status === 'all' || p.is_active === (view.status === 'active'))
    .sort((a, b) => sign * (value(a) - value(b)) || byName(a, b));
}

/** The persona with the highest engagement rate (more followers, then the name, break a tie); none without engagement. */
export function topPerformer(personas: readonly Persona[]): Persona | null {
  const engaged = personas.filter((p) => p.stats.engagementRate > 0);
  return (
    [...engaged].sort(
      (a, b) =>
        b.stats.engagementRate - a.stats.engagementRate || b.stats.followers - a.stats.followers || byName(a, b),
    )[0] ?? null
  );
}

/** A signed figure with a true minus sign: '+12', '−3', '+2.3'. */
function signed(value: number, digits: number): string {
  const text = new Intl.NumberFormat('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(value);
  return text.replace('-', '−');
}

/** The change from `before` to `now` in percent: one decimal under 10%, whole above. */
function percentChange(now: number, before: number): string {
  const percent = ((now - before) / before) * 100;
  return `${signed(percent, Math.abs(percent) < 10 ? 1 : 0)}%`;
}

/** Followers now against 30 days ago: '+12% this month', or why there is no figure. */
export function followersCaption({ value, monthAgo }: UsageSummary['followers']): string {
  if (monthAgo === null) return 'No data from a month ago yet';
  if (monthAgo === 0) return 'No followers a month ago';
  if (value === monthAgo) return 'No change this month';
  return `${percentChange(value, monthAgo)} this month`;
}

/** Posts of the last 7 days against the 7 before: '+8% this week', or why there is no figure. */
export function postsCaption({ value, weekBefore }: UsageSummary['postsThisWeek']): string {
  if (weekBefore === 0)
    return value === 0 ? 'No posts this week or the week before' : `${value} this week, none the week before`;
  if (value === weekBefore) return 'No change this week';
  return `${percentChange(value, weekBefore)} this week`;
}

/** The engagement rate of the last 30 days against the 30 before, in points: '+2.3 pts this month'. */
export function engagementCaption({ value, monthBefore }: UsageSummary['engagementRate']): string {
  if (monthBefore === null) return 'No data from the month before yet';
  if (monthBefore === 0) return 'No engagement the month before';
  const points = Math.round((value - monthBefore) * 10) / 10;
  if (points === 0) return 'No change this month';
  return `${signed(points, 1)} pts this month`;
}

/** Average likes: whole from 100, one decimal below ('2.5'). */
export function formatAverage(value: number): string {
  return value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}

/** A persona's creation day in the user's zone: 'Mar 8, 2026'. */
export function formatCreated(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(iso),
  );
}

/** The calendar day of an instant in the zone, as YYYY-MM-DD. */
export function isoDay(iso: string | Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

export const EXPORT_HEADER = [
  'Persona',
  'Status',
  'Followers',
  'Posts',
  'Avg Likes',
  'Engagement (%)',
  'Performance',
  'Created',
] as const;

/** The rows of the export: the header, then each persona shown, in the order shown, with exact figures. */
export function exportRows(personas: readonly Persona[], timeZone: string): CsvCell[][] {
  return [
    [...EXPORT_HEADER],
    ...personas.map((p) => [
      p.name,
      p.is_active ? 'Active' : 'Inactive',
      p.stats.followers,
      p.stats.totalTweets,
      Math.round(p.stats.avgLikes * 10) / 10,
      p.stats.engagementRate,
      performanceBadge(p.stats.engagementRate, p.stats.followers),
      isoDay(p.created_at, timeZone),
    ]),
  ];
}
