import type { DashboardFilter, DashboardGroup, DashboardSort } from '@plume/core';
import { optionsOf, Select } from '../../../components/ui/select';

const filterLabels: Record<DashboardFilter, string> = {
  all: 'All personas',
  active: 'Active',
  paused: 'Paused',
  needsAttention: 'Needs attention',
  x: 'On X',
  bluesky: 'On Bluesky',
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
        labelPlacement="caption"
        value={props.filter}
        options={optionsOf(filterLabels)}
        onChange={(filter) => props.onChange({ filter })}
      />
      <Select
        label="Sort by"
        labelPlacement="caption"
        value={props.sort}
        options={optionsOf(sortLabels)}
        onChange={(sort) => props.onChange({ sort })}
      />
      <Select
        label="Group by"
        labelPlacement="caption"
        value={props.group}
        options={optionsOf(groupLabels)}
        onChange={(group) => props.onChange({ group })}
      />
    </div>
  );
}
