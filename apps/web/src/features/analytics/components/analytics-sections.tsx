import { type Analytics, PLATFORM_LABELS, RANGE_DAYS } from '@plume/core';
import { Section } from '../../../components/ui/section';
import { formatInstant } from '../../../lib/format';
import { formatDay } from '../utils/format';

const muted = 'text-sm text-slate-600 dark:text-slate-400';

/** The range's best post, engagement spikes and follower milestones, by date. */
export function KeyEvents({ analytics }: { analytics: Analytics }) {
  const days = RANGE_DAYS[analytics.range];
  return (
    <Section title="Key events" description={`What stood out in the last ${days} days.`}>
      {analytics.keyEvents.length === 0 ? (
        <p className={muted}>Nothing stood out yet: no spike, milestone or post above the rest.</p>
      ) : (
        <ol className="space-y-3" aria-label="Key events">
          {analytics.keyEvents.map((event) => (
            <li key={`${event.date}-${event.kind}-${event.title}`} className="flex gap-3">
              <time
                dateTime={event.date}
                className="w-16 shrink-0 text-sm font-medium text-violet-700 tabular-nums dark:text-violet-300"
              >
                {formatDay(event.date)}
              </time>
              <div className="min-w-0">
                <p className="font-medium">{event.title}</p>
                <p className={`${muted} break-words`}>{event.detail}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** The range's most engaging posts, with their counts as last read and a link to each. */
export function TopPosts({ analytics }: { analytics: Analytics }) {
  const days = RANGE_DAYS[analytics.range];
  return (
    <Section title="Top posts" description={`The most engaging posts of the last ${days} days.`}>
      {analytics.topTweets.length === 0 ? (
        <p className={muted}>No posts in the last {days} days.</p>
      ) : (
        <ol className="space-y-4" aria-label="Top posts">
          {analytics.topTweets.map((post) => {
            const platform = PLATFORM_LABELS[post.platform];
            return (
              <li
                key={`${post.timestamp}-${post.platform}-${post.url ?? post.content.slice(0, 20)}`}
                data-testid="top-post"
                className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
              >
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {platform} ·{' '}
                  <time dateTime={post.timestamp}>{formatInstant(post.timestamp, analytics.timeZone)}</time>
                </p>
                <p className="break-words whitespace-pre-line">{post.content}</p>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {(
                    [
                      ['Likes', post.likes],
                      ['Reposts', post.retweets],
                      ['Replies', post.replies],
                      ['Quotes', post.quotes],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label} className="flex gap-1">
                      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                      <dd className="font-semibold tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
                {post.url && (
                  <a
                    href={post.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-block text-sm text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
                  >
                    View on {platform}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

/** What the figures suggest; each says what it rests on. */
export function Recommendations({ analytics }: { analytics: Analytics }) {
  return (
    <Section title="Recommendations">
      {analytics.recommendations.length === 0 ? (
        <p className={muted}>No recommendation yet: the posts of this range show no clear pattern.</p>
      ) : (
        <ul className="space-y-3" aria-label="Recommendations">
          {analytics.recommendations.map((r) => (
            <li key={r.title}>
              <p className="font-medium">{r.title}</p>
              <p className={muted}>{r.detail}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const NOT_ENOUGH = 'Not enough posts this week';

/** The last 7 days whatever the range: engagement, and the day and hour that did best. */
export function WeeklyInsights({ analytics }: { analytics: Analytics }) {
  const { totalEngagement, bestDay, bestTime } = analytics.weeklyStats;
  const items = [
    ['Total engagement', String(totalEngagement)],
    ['Best day', bestDay ?? NOT_ENOUGH],
    ['Best time', bestTime ? `around ${bestTime}` : NOT_ENOUGH],
  ] as const;
  return (
    <Section title="This week" description="The last 7 days, whatever the range.">
      <dl className="space-y-2" data-testid="weekly-insights">
        {items.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className={value === NOT_ENOUGH ? muted : 'font-semibold'}>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/**
 * The check before review in the range (decision 037): how many of the drafts Plume's writers
 * wrote entered the queue flagged, and for which reasons. Shown once there are drafts.
 */
export function DraftChecks({ analytics }: { analytics: Analytics }) {
  const { written, flagged, byReason } = analytics.drafts;
  if (written === 0) return null;
  const days = RANGE_DAYS[analytics.range];
  return (
    <Section
      title="Drafts flagged"
      description={`Drafts written for review in the last ${days} days that the check before review flagged.`}
    >
      <p data-testid="drafts-flagged" className="text-sm">
        <span className="text-2xl font-semibold tabular-nums">{flagged}</span> of {written}{' '}
        {written === 1 ? 'draft' : 'drafts'} flagged
      </p>
      {byReason.length > 0 && (
        <dl className="mt-3 space-y-2" aria-label="Drafts flagged, by reason">
          {byReason.map((r) => (
            <div key={r.kind} className="space-y-1">
              <div className="flex justify-between gap-4 text-sm">
                <dt className="text-slate-700 dark:text-slate-300">{r.label}</dt>
                <dd className="font-semibold tabular-nums">{r.count}</dd>
              </div>
              <div className="h-1.5 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                <div
                  className="h-1.5 rounded-full bg-amber-500"
                  style={{ width: `${Math.max(4, Math.round((r.count / Math.max(1, flagged)) * 100))}%` }}
                />
              </div>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}
