import {
  formatCount,
  formatDuration,
  LANDING_LOAD_ERRORS,
  type LandingMetrics,
  METRICS_FALLBACK,
  type PersonaOfTheDay,
  platformLabel,
  type RecentPost,
} from '@plume/core';
import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import { usePersonaOfTheDay } from '../api/get-persona-of-the-day';
import { useRecentPosts } from '../api/get-recent-posts';
import { useLoadErrorLog } from '../hooks/use-load-error-log';
import { SectionHeading } from './section-heading';

const FEED_SIZE = 6;

const card = 'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

function Avatar({ avatar, name, size = 'h-10 w-10 text-lg' }: { avatar: string; name: string; size?: string }) {
  const shown = avatar || name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-fuchsia-600 font-semibold text-white',
        size,
      )}
    >
      {shown}
    </span>
  );
}

function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

function Skeleton({ className }: { className: string }) {
  return <div className={cn('animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800', className)} />;
}

function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
      {children}
    </div>
  );
}

const TRAIT_BARS = [
  ['humor', 'Humor'],
  ['optimism', 'Optimism'],
  ['technicality', 'Technicality'],
  ['engagement', 'Engagement'],
] as const;

function FeaturedPersona({ persona }: { persona: PersonaOfTheDay }) {
  const stats = [
    { label: 'Followers', value: formatCount(persona.stats.followers) },
    { label: 'Posts', value: formatCount(persona.stats.posts) },
    // Shown once it is measured; until then the card says nothing rather than a made-up 0.
    ...(persona.stats.engagement === null
      ? []
      : [{ label: 'Engagement', value: `${persona.stats.engagement.toFixed(1)}%` }]),
  ];
  return (
    <article className={cn(card, 'mx-auto max-w-3xl overflow-hidden')} data-testid="persona-of-the-day">
      <div className="bg-gradient-to-r from-violet-700 to-fuchsia-600 px-6 py-5 text-white">
        <div className="flex items-center gap-4">
          <Avatar avatar={persona.avatar} name={persona.name} size="h-14 w-14 text-2xl ring-4 ring-white/30" />
          <div className="min-w-0">
            <h3 className="truncate text-xl font-bold">{persona.name}</h3>
            <p className="text-sm text-violet-50">
              {persona.createdDays === 0
                ? 'Created today'
                : `Created ${persona.createdDays} day${persona.createdDays === 1 ? '' : 's'} ago`}
            </p>
          </div>
        </div>
      </div>
      <div className="grid gap-6 p-6 sm:grid-cols-2">
        <div>
          <p className="text-slate-700 dark:text-slate-300">{persona.description}</p>
          <dl className={cn('mt-5 grid gap-3 text-center', stats.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
            {stats.map((s) => (
              <div key={s.label} className="rounded-xl bg-slate-100 px-2 py-3 dark:bg-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400">{s.label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="space-y-3">
          {TRAIT_BARS.map(([key, label]) => (
            <div key={key}>
              <div className="flex justify-between text-sm">
                <span>{label}</span>
                <span className="tabular-nums text-slate-700 dark:text-slate-300">{persona.traits[key]}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-200 dark:bg-slate-800" aria-hidden="true">
                <div
                  className="h-2 rounded-full bg-violet-600 dark:bg-violet-400"
                  style={{ width: `${persona.traits[key]}%` }}
                />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-200 px-6 py-4 dark:border-slate-800">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Latest post</p>
        {persona.lastPost ? (
          <blockquote className="mt-2">
            <p className="whitespace-pre-wrap">{persona.lastPost}</p>
            {persona.lastPostAt && (
              <footer className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {persona.lastPostPlatform ? `On ${platformLabel(persona.lastPostPlatform)}, ` : ''}
                {timeAgo(persona.lastPostAt)}
              </footer>
            )}
          </blockquote>
        ) : (
          <p className="mt-2 text-slate-600 dark:text-slate-400">Nothing published yet.</p>
        )}
      </div>
    </article>
  );
}

export function PersonaOfTheDaySection() {
  const query = usePersonaOfTheDay();
  useLoadErrorLog(LANDING_LOAD_ERRORS.personaOfTheDay, query.error);
  // On failure the spec shows nothing.
  if (query.isError) return null;
  return (
    <section aria-labelledby="potd-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="potd-title"
          eyebrow="Persona of the day"
          title="Meet a persona our creators run"
          lead="A new one each day, among the personas their owners chose to show here."
        />
        <div className="mt-12" aria-busy={query.isPending}>
          {query.isPending ? (
            <div className={cn(card, 'mx-auto max-w-3xl space-y-4 p-6')} role="status">
              <span className="sr-only">Loading the persona of the day</span>
              <Skeleton className="h-14 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : query.data.persona ? (
            <FeaturedPersona persona={query.data.persona} />
          ) : (
            <EmptyState>
              <p className="font-medium">No persona is featured yet.</p>
              <p className="mt-1 text-sm">
                Owners can show theirs with “Show on the Plume landing page” in the persona editor.
              </p>
            </EmptyState>
          )}
        </div>
      </div>
    </section>
  );
}

function FeedItem({ post }: { post: RecentPost }) {
  return (
    <li className={cn(card, 'flex flex-col p-5')} data-testid="feed-post">
      <div className="flex items-center gap-3">
        <Avatar avatar={post.avatar} name={post.persona} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{post.persona}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={post.timestamp}>{timeAgo(post.timestamp)}</time> · {platformLabel(post.platform)}
          </p>
        </div>
      </div>
      <p className="mt-3 flex-1 whitespace-pre-wrap break-words">{post.content}</p>
      <div className="mt-4 flex items-center gap-4 text-sm text-slate-600 dark:text-slate-400">
        {post.likes !== null && (
          <span>
            <span aria-hidden="true">♥</span> {post.likes} <span className="sr-only">likes</span>
          </span>
        )}
        {post.retweets !== null && (
          <span>
            <span aria-hidden="true">⟲</span> {post.retweets} <span className="sr-only">reposts</span>
          </span>
        )}
        {post.url && (
          <a
            href={post.url}
            target="_blank"
            rel="noopener noreferrer"
            className="ml-auto font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
          >
            View on {platformLabel(post.platform)}
            <span className="sr-only"> (post by {post.persona}, opens in a new tab)</span>
          </a>
        )}
      </div>
    </li>
  );
}

export function LiveFeedSection() {
  const query = useRecentPosts(FEED_SIZE);
  useLoadErrorLog(LANDING_LOAD_ERRORS.recentPosts, query.error);
  if (query.isError) return null;
  return (
    <section aria-labelledby="feed-title" className="scroll-mt-20 bg-slate-100/70 py-20 sm:py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="feed-title"
          eyebrow="Live content feed"
          title="Fresh from Plume personas"
          lead="The latest posts published by personas shown on this page."
        />
        <div className="mt-12" aria-busy={query.isPending}>
          {query.isPending ? (
            <div className="grid gap-4 md:grid-cols-3" role="status">
              <span className="sr-only">Loading recent posts</span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-40" />
              ))}
            </div>
          ) : query.data.length > 0 ? (
            <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {query.data.map((post) => (
                <FeedItem key={post.id} post={post} />
              ))}
            </ul>
          ) : (
            <EmptyState>
              <p className="font-medium">No public posts yet.</p>
              <p className="mt-1 text-sm">Posts appear here as soon as a featured persona publishes.</p>
            </EmptyState>
          )}
        </div>
      </div>
    </section>
  );
}

function metricTiles(m: LandingMetrics) {
  return [
    {
      value: m.onboardTime === null ? METRICS_FALLBACK[0].value : formatDuration(m.onboardTime),
      label: m.onboardTime === null ? METRICS_FALLBACK[0].label : 'median time to a first persona',
    },
    { value: formatCount(m.totalPosts), label: m.totalPosts === 1 ? 'post published' : 'posts published' },
    { value: formatCount(m.activeUsers), label: 'active users in the last 30 days' },
    {
      value: m.uptime === null ? METRICS_FALLBACK[2].value : `${m.uptime}%`,
      label: m.uptime === null ? METRICS_FALLBACK[2].label : 'uptime over the last 30 days',
    },
  ];
}

/** Real figures; on failure the spec's static text. */
export function MetricsSection({
  metrics,
  pending,
  error,
}: {
  metrics: LandingMetrics | undefined;
  pending: boolean;
  error: Error | null;
}) {
  useLoadErrorLog(LANDING_LOAD_ERRORS.metrics, error);
  const tiles = metrics ? metricTiles(metrics) : METRICS_FALLBACK;
  return (
    <section aria-labelledby="metrics-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="metrics-title" className="sr-only">
          Plume in numbers
        </h2>
        <div className="rounded-3xl bg-gradient-to-br from-violet-800 via-violet-700 to-fuchsia-700 px-6 py-10 text-white shadow-xl sm:px-10">
          <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4" aria-busy={pending} data-testid="metrics">
            {tiles.map((tile) => (
              <div key={tile.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-violet-50">{tile.label}</dt>
                <dd className="text-4xl font-bold tracking-tight tabular-nums">
                  {pending ? <span className="inline-block h-10 w-20 animate-pulse rounded bg-white/20" /> : tile.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
