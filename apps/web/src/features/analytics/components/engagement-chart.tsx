import type { Analytics, AnalyticsDay } from '@plume/core';
import { useId } from 'react';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '../../../lib/theme';
import { formatDay } from '../utils/format';

type Row = { date: string; label: string; engagement: number; previousDate?: string; previous?: number };

const dayEngagement = (d: AnalyticsDay) => d.likes + d.retweets + d.replies + d.quotes;
const engagements = (n: number) => (n === 1 ? '1 engagement' : `${n} engagements`);

// SVG paints from attributes, not Tailwind's dark: classes: the theme's colours are picked here.
const COLORS = {
  light: { bar: '#7c3aed', previous: '#475569', grid: '#e2e8f0', tick: '#475569', cursor: '#94a3b8' },
  dark: { bar: '#a78bfa', previous: '#cbd5e1', grid: '#1e293b', tick: '#94a3b8', cursor: '#475569' },
} as const;

/**
 * The engagement trend: a bar a day and, when comparing, the previous period as a dashed line (its
 * day 1 over the range's day 1). The chart is hidden from screen readers: its caption sums it up
 * and 'Show as table' lists every day.
 */
export function EngagementChart({ analytics }: { analytics: Analytics }) {
  const { theme } = useTheme();
  const colors = COLORS[theme];
  const captionId = useId();
  const days = analytics.engagementTrend.length;
  const previous = analytics.previous;
  const rows: Row[] = analytics.engagementTrend.map((d, i) => {
    const before = previous?.[i];
    return {
      date: d.date,
      label: formatDay(d.date),
      engagement: d.engagement,
      ...(before ? { previousDate: before.date, previous: dayEngagement(before) } : {}),
    };
  });
  const total = rows.reduce((n, r) => n + r.engagement, 0);
  const best = rows.reduce<Row | null>((top, r) => (r.engagement > (top?.engagement ?? 0) ? r : top), null);
  const previousTotal = previous ? previous.reduce((n, d) => n + dayEngagement(d), 0) : null;

  return (
    <figure aria-labelledby={captionId} className="space-y-3">
      {previous && (
        <div className="flex flex-wrap gap-4 text-xs text-slate-700 dark:text-slate-300" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-sm" style={{ background: colors.bar }} />
            Last {days} days
          </span>
          <span className="flex items-center gap-1.5">
            <span className="w-4 border-t-2 border-dashed" style={{ borderColor: colors.previous }} />
            Previous {days} days
          </span>
        </div>
      )}
      <div aria-hidden="true" className="h-64 w-full min-w-0" data-testid="engagement-chart">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -12 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={colors.grid} />
            <XAxis
              dataKey="label"
              tick={{ fill: colors.tick, fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: colors.grid }}
              interval="preserveStartEnd"
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tick={{ fill: colors.tick, fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              width={44}
            />
            <Tooltip
              cursor={{ stroke: colors.cursor, fill: 'transparent' }}
              isAnimationActive={false}
              content={({ active, payload }) => {
                const row = payload?.[0]?.payload as Row | undefined;
                if (!active || !row) return null;
                return (
                  <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md dark:border-slate-700 dark:bg-slate-900">
                    <p className="font-medium">
                      {formatDay(row.date, 'long')}: {engagements(row.engagement)}
                    </p>
                    {row.previousDate !== undefined && (
                      <p className="text-slate-600 dark:text-slate-400">
                        {formatDay(row.previousDate, 'long')}: {engagements(row.previous ?? 0)}
                      </p>
                    )}
                  </div>
                );
              }}
            />
            <Bar
              dataKey="engagement"
              name="Engagement"
              fill={colors.bar}
              radius={[3, 3, 0, 0]}
              maxBarSize={24}
              isAnimationActive={false}
            />
            {previous && (
              <Line
                dataKey="previous"
                name="Previous period"
                type="linear"
                stroke={colors.previous}
                strokeWidth={2}
                strokeDasharray="5 4"
                dot={false}
                activeDot={false}
                isAnimationActive={false}
              />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption id={captionId} className="text-sm text-slate-700 dark:text-slate-300">
        Engagement per day (likes, reposts, replies and quotes of the posts published that day): {engagements(total)} in
        the last {days} days
        {best ? `, the most (${best.engagement}) on ${formatDay(best.date, 'long')}` : ''}.
        {previousTotal !== null && ` The previous ${days} days: ${previousTotal}.`}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-violet-700 underline-offset-2 hover:underline dark:text-violet-300">
          Show as table
        </summary>
        {/* Scrolls on its own: focusable, so the keyboard scrolls it too. */}
        <section
          aria-label="Engagement per day"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
          tabIndex={0}
          className="mt-2 max-h-80 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-violet-500 dark:border-slate-800"
        >
          <table className="w-full text-left">
            <caption className="sr-only">Engagement per day</caption>
            <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  Engagement
                </th>
                {previous && (
                  <>
                    <th scope="col" className="px-3 py-1.5 font-medium">
                      Previous period
                    </th>
                    <th scope="col" className="px-3 py-1.5 text-right font-medium">
                      Engagement then
                    </th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.date} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className="px-3 py-1 font-normal">
                    {formatDay(r.date, 'long')}
                  </th>
                  <td className="px-3 py-1 text-right tabular-nums">{r.engagement}</td>
                  {previous && (
                    <>
                      <td className="px-3 py-1">{r.previousDate ? formatDay(r.previousDate, 'long') : ''}</td>
                      <td className="px-3 py-1 text-right tabular-nums">{r.previous ?? ''}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}
