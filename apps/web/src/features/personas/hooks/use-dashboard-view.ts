import {
  DASHBOARD_FILTERS,
  DASHBOARD_GROUPS,
  DASHBOARD_SORTS,
  type DashboardFilter,
  type DashboardGroup,
  type DashboardSort,
} from '@plume/core';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

const readView = (params: URLSearchParams) => ({
  filter: pick<DashboardFilter>(params.get('filter'), DASHBOARD_FILTERS, 'all'),
  sort: pick<DashboardSort>(params.get('sort'), DASHBOARD_SORTS, 'newest'),
  group: pick<DashboardGroup>(params.get('group'), DASHBOARD_GROUPS, 'none'),
  tags: (params.get('tags') ?? '').split(',').filter(Boolean),
});

/** Filter, sort, grouping and chosen tags live in the URL, so a reload or a shared link keeps them. */
export function useDashboardView() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  // Two changes before the next render (a quick second click) build on each other, not on the
  // render both started from: the latest URL is kept here as soon as it is set.
  const latest = useRef(params);
  latest.current = params;
  const update = (next: Partial<typeof view>) => {
    const merged = { ...readView(latest.current), ...next };
    const search = new URLSearchParams();
    if (merged.filter !== 'all') search.set('filter', merged.filter);
    if (merged.sort !== 'newest') search.set('sort', merged.sort);
    if (merged.group !== 'none') search.set('group', merged.group);
    if (merged.tags.length > 0) search.set('tags', merged.tags.join(','));
    latest.current = search;
    setParams(search, { replace: true });
  };
  return { view, update };
}
