import { type Analytics, MIN_POSTS_FOR_INSIGHTS, type Persona, RANGE_DAYS } from '@plume/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { describeSchedule, scheduledSlots } from '../utils/projection';

const linkClass = 'text-violet-700 underline underline-offset-2 dark:text-violet-300';
const whenFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });

/**
 * No posts in the range: what Plume needs, and what the persona's own posting schedule would give
 * (a projection, said to be one); never invented followers or engagement.
 */
export function ZeroPosts({ analytics, persona, now }: { analytics: Analytics; persona: Persona; now: Date }) {
  const days = RANGE_DAYS[analytics.range];
  const posting = persona.automation.autoPosting;
  const slots = scheduledSlots(posting, now, analytics.timeZone, days);
  const schedule = describeSchedule(posting);
  const enough = slots[MIN_POSTS_FOR_INSIGHTS - 1];
  const posts = slots.length === 1 ? '1 post' : `about ${slots.length} posts`;
  const editor = `${paths.editor}/${persona.id}`;
  const noAccount = persona.connected_accounts.length === 0;

  return (
    <section
      aria-labelledby="zero-posts-title"
      className="space-y-5 rounded-2xl border border-violet-200 bg-white p-5 dark:border-violet-900 dark:bg-slate-900"
    >
      <div className="space-y-1">
        <h2 id="zero-posts-title" className="text-xl font-semibold">
          Keep Posting to Unlock Insights
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          No posts in the last {days} days yet. With {MIN_POSTS_FOR_INSIGHTS} posts Plume can tell which days and hours
          work best for {persona.name}.
        </p>
      </div>

      <div
        data-testid="projection"
        className="space-y-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-950"
      >
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          Projection
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
            from your posting schedule, not measured
          </span>
        </h3>
        {slots.length === 0 ? (
          <p>Your posting schedule has no time in the next {days} days.</p>
        ) : posting.enabled ? (
          <p>
            At your schedule of {schedule}, you would publish {posts} in the next {days} days.
          </p>
        ) : (
          <p>
            Automated posting is off. At its schedule of {schedule}, turning it on would publish {posts} in the next{' '}
            {days} days.
          </p>
        )}
        {enough && (
          <p>
            That is the {MIN_POSTS_FOR_INSIGHTS} posts insights need by{' '}
            <time dateTime={enough.toISOString()}>{whenFormat(analytics.timeZone).format(enough)}</time>.
          </p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Counted from the days and times set in{' '}
          <Link to={`${editor}?tab=automation`} className={linkClass}>
            Automation
          </Link>
          ; followers and engagement are not projected.
        </p>
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold">Growth tips</h3>
        <ul className="list-disc space-y-1.5 pl-5 text-slate-700 dark:text-slate-300">
          {noAccount && (
            <li>
              <Link to={`${editor}?tab=accounts`} className={linkClass}>
                Connect an X or Bluesky account
              </Link>{' '}
              so Plume can read each post's likes, reposts, replies and your followers.
            </li>
          )}
          <li>
            Write in {persona.name}'s voice in the{' '}
            <Link to={`${paths.advanced}/${persona.id}`} className={linkClass}>
              writing studio
            </Link>{' '}
            and use Add to queue: each post takes the next free time of the schedule.
          </li>
          <li>Post at a steady rhythm: a few posts a week, every week, show which days work better than a burst.</li>
          <li>Reply to the people who answer you: replies count as engagement and bring them back.</li>
        </ul>
      </div>
    </section>
  );
}
