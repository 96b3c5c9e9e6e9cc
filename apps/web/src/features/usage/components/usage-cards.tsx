import { formatCount, type Persona, summarize, type UsageSummary } from '@plume/core';
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
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summary">
      {cards.map((c) => (
        <li
          key={c.label}
          data-testid="usage-card"
          className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="text-sm text-slate-600 dark:text-slate-400">{c.label}</p>
          <p className="mt-1 text-2xl font-semibold">{c.value}</p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{c.caption}</p>
        </li>
      ))}
    </ul>
  );
}
