import { useSearchParams } from 'react-router';
import {
  DEFAULT_VIEW,
  SORT_ORDERS,
  type SortOrder,
  STATUS_FILTERS,
  type StatusFilter,
  USAGE_SORTS,
  type UsageSort,
  type UsageView,
  VIEW_MODES,
  type ViewMode,
} from '../utils/usage-view';

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Search, filter, sort, order and view live in the URL, so a reload or a shared link keeps them. */
export function useUsageView() {
  const [params, setParams] = useSearchParams();
  const view: UsageView = {
    search: params.get('q') ?? DEFAULT_VIEW.search,
    status: pick<StatusFilter>(params.get('status'), STATUS_FILTERS, DEFAULT_VIEW.status),
    sort: pick<UsageSort>(params.get('sort'), USAGE_SORTS, DEFAULT_VIEW.sort),
    order: pick<SortOrder>(params.get('order'), SORT_ORDERS, DEFAULT_VIEW.order),
    view: pick<ViewMode>(params.get('view'), VIEW_MODES, DEFAULT_VIEW.view),
  };
  const update = (next: Partial<UsageView>) => {
    const merged = { ...view, ...next };
    const search = new URLSearchParams();
    if (merged.search !== DEFAULT_VIEW.search) search.set('q', merged.search);
    if (merged.status !== DEFAULT_VIEW.status) search.set('status', merged.status);
    if (merged.sort !== DEFAULT_VIEW.sort) search.set('sort', merged.sort);
    if (merged.order !== DEFAULT_VIEW.order) search.set('order', merged.order);
    if (merged.view !== DEFAULT_VIEW.view) search.set('view', merged.view);
    setParams(search, { replace: true });
  };
  return { view, update };
}
