import type { DashboardFilter, DashboardGroup, DashboardSort } from '@plume/core';
import { useId } from 'react';

const filterLabels: Record<DashboardFilter, string> = {
  all: 'All personas',
  active: 'Active',
  paused: 'Paused',
  needsAttention: 'Needs attention',
  x: 'On X',
  linkedin: 'On LinkedIn',
  instagram: 'On Instagram',
};
const sortLabels: Record<DashboardSort, string> = {
  newest: 'Newest',
  mostActive: 'Most active',
  highestEngagement: 'Highest engagement',
  followerGrowth: 'Follower growth',
  alphabetical: 'Alphabetical',
};
const groupLabels: Record<DashboardGroup, string> = {
  none: 'No grouping',
  status: 'Status',
  tag: 'Tag',
  platform: 'Platform',
};

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Record<T, string>;
  onChange(v: T): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {(Object.keys(options) as T[]).map((key) => (
          <option key={key} value={key}>
            {options[key]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DashboardControls(props: {
  filter: DashboardFilter;
  sort: DashboardSort;
  group: DashboardGroup;
  onChange(next: { filter?: DashboardFilter; sort?: DashboardSort; group?: DashboardGroup }): void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Select
        label="Filter"
        value={props.filter}
        options={filterLabels}
        onChange={(filter) => props.onChange({ filter })}
      />
      <Select label="Sort by" value={props.sort} options={sortLabels} onChange={(sort) => props.onChange({ sort })} />
      <Select
        label="Group by"
        value={props.group}
        options={groupLabels}
        onChange={(group) => props.onChange({ group })}
      />
    </div>
  );
}
