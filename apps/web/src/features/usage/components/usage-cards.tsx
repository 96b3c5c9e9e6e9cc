import { formatCount, type Persona, summarize, type UsageSummary } from '@plume/core';
import { StatCard, StatCards, StatNote } from '../../../components/ui/stat-card';
import { engagementCaption, followersCaption, postsCaption } from '../utils/usage-view';

/**
 * The four summary cards: figures from the personas themselves (as the dashboard sums them), captions
 * from GET /api/usage's history (what changed against a month or a week before, or why nothing can be said).
 */
export function UsageCards({
  personas,
  usage,
  usageFailed,
}: {
  personas: Persona[];
  usage: UsageSummary | undefined;
  usageFailed: boolean;
}) {
  const summary = summarize(personas);
  const posts = personas.reduce((sum, p) => sum + p.stats.totalTweets, 0);
  const caption = (make: (u: UsageSummary) => string) =>
    usage ? make(usage) : usageFailed ? 'History unavailable' : 'Reading history…';
  const cards = [
    {
      label: 'Total Followers',
      value: formatCount(summary.followers),
      caption: caption((u) => followersCaption(u.followers)),
    },
    { label: 'Total Posts', value: formatCount(posts), caption: caption((u) => postsCaption(u.postsThisWeek)) },
    {
      label: 'Avg Engagement',
      value: `${summary.avgEngagement.toFixed(1)}%`,
      caption: caption((u) => engagementCaption(u.engagementRate)),
    },
    { label: 'Active Personas', value: String(summary.active), caption: `of ${summary.personas} total` },
  ];
  return (
    <StatCards label="Summary">
      {cards.map((c) => (
        <StatCard key={c.label} label={c.label} value={c.value} testId="usage-card">
          <StatNote>{c.caption}</StatNote>
        </StatCard>
      ))}
    </StatCards>
  );
}
