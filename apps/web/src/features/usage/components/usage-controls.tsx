import { useId } from 'react';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/input-class';
import { optionsOf, Select } from '../../../components/ui/select';
import type { StatusFilter, UsageSort, UsageView, ViewMode } from '../utils/usage-view';

const statusLabels: Record<StatusFilter, string> = {
  all: 'All Status',
  active: 'Active Only',
  inactive: 'Inactive Only',
};
const sortLabels: Record<UsageSort, string> = {
  followers: 'Followers',
  engagement: 'Engagement',
  posts: 'Posts',
  avgLikes: 'Avg Likes',
};
const viewLabels: Record<ViewMode, string> = { grid: 'Grid', table: 'Table' };

const toggleClass =
  'h-9 rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500';
const offClass =
  'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';
const onClass = 'border-violet-700 bg-violet-700 text-white dark:border-violet-500 dark:bg-violet-600';

/** Search, status filter, sort with its order, and grid or table. */
export function UsageControls({ view, onChange }: { view: UsageView; onChange(next: Partial<UsageView>): void }) {
  const searchId = useId();
  const descending = view.order === 'desc';
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={searchId} className="text-xs font-medium text-slate-700 dark:text-slate-300">
          Search
        </label>
        <input
          id={searchId}
          type="search"
          value={view.search}
          onChange={(e) => onChange({ search: e.target.value })}
          placeholder="Search personas..."
          className={cn(inputClass, 'h-9 py-1.5')}
        />
      </div>
      <Select
        label="Status"
        size="sm"
        labelPlacement="caption"
        value={view.status}
        options={optionsOf(statusLabels)}
        onChange={(status) => onChange({ status })}
        className="h-9"
      />
      <Select
        label="Sort by"
        size="sm"
        labelPlacement="caption"
        value={view.sort}
        options={optionsOf(sortLabels)}
        onChange={(sort) => onChange({ sort })}
        className="h-9"
      />
      <button
        type="button"
        className={cn(toggleClass, offClass)}
        onClick={() => onChange({ order: descending ? 'asc' : 'desc' })}
        aria-label={descending ? 'Descending order: switch to ascending' : 'Ascending order: switch to descending'}
        title={descending ? 'Highest first' : 'Lowest first'}
      >
        <span aria-hidden="true">{descending ? '↓' : '↑'}</span> {descending ? 'Descending' : 'Ascending'}
      </button>
      <fieldset className="flex gap-1">
        <legend className="sr-only">View</legend>
        {(Object.keys(viewLabels) as ViewMode[]).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={view.view === mode}
            onClick={() => onChange({ view: mode })}
            className={cn(toggleClass, view.view === mode ? onClass : offClass)}
          >
            {viewLabels[mode]}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
