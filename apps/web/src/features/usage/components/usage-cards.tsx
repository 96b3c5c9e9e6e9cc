import { formatCount, type Persona, summarize, type UsageSummary } from '@plume/core';
import { StatCard, StatCards, StatNote } from '../../../components/ui/stat-card';
import { engagementAcross } from '../../../lib/engagement';
import { engagementCaption, followersCaption, postsCaption } from '../utils/usage-view';

/**
 * The four summary cards: counts from the personas themselves (as the dashboard sums them), the
 * engagement rate across them from GET /api/usage (as the dashboard shows it), captions from its
 * history (what changed against a month or a week before, or why nothing can be said).
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
      value: engagementAcross(usage, usageFailed),
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
