import { type Analytics, formatCount, RANGE_DAYS } from '@plume/core';
import { StatCard, StatCards, StatNote } from '../../../components/ui/stat-card';
import { type Change, changeOf } from '../utils/change';

const changeClass: Record<Change['kind'], string> = {
  up: 'text-emerald-700 dark:text-emerald-300',
  down: 'text-red-700 dark:text-red-300',
  same: 'text-slate-600 dark:text-slate-400',
  none: 'text-slate-600 dark:text-slate-400',
};
const arrow: Partial<Record<Change['kind'], string>> = { up: '▲', down: '▼' };

/** Followers, engagement, engagement rate and posts over the range; with Compare, each against the period before. */
export function AnalyticsStatCards({ analytics, compare }: { analytics: Analytics; compare: boolean }) {
  const { cards } = analytics;
  const days = RANGE_DAYS[analytics.range];
  // Followers come from readings: none yet is not zero followers.
  const unread = analytics.lastReadAt === null;
  const items = [
    {
      label: 'Followers',
      value: unread ? '—' : formatCount(cards.followers.value),
      note: unread ? 'No reading yet' : 'at the latest reading',
      change: changeOf(cards.followers.value, cards.followers.previous, days, 'percent'),
    },
    {
      label: 'Engagement',
      value: formatCount(cards.engagement.value),
      note: 'likes, reposts, replies, quotes',
      change: changeOf(cards.engagement.value, cards.engagement.previous, days, 'percent'),
    },
    {
      label: 'Engagement rate',
      value: `${cards.engagementRate.value.toFixed(1)}%`,
      note: 'per post, per follower',
      change: changeOf(cards.engagementRate.value, cards.engagementRate.previous, days, 'points'),
    },
    {
      label: 'Posts',
      value: formatCount(cards.posts.value),
      note: `in the last ${days} days`,
      change: changeOf(cards.posts.value, cards.posts.previous, days, 'percent'),
    },
  ];
  return (
    <StatCards label="Stats">
      {items.map((item) => (
        <StatCard key={item.label} label={item.label} value={item.value} testId="stat-card">
          {compare ? (
            <StatNote tone={changeClass[item.change.kind]} testId="stat-change">
              {arrow[item.change.kind] && <span aria-hidden="true">{arrow[item.change.kind]} </span>}
              {item.change.kind === 'none' ? 'No earlier data' : item.change.text}
            </StatNote>
          ) : (
            <StatNote>{item.note}</StatNote>
          )}
        </StatCard>
      ))}
    </StatCards>
  );
}
