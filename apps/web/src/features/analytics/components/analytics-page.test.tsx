import {
  type Analytics,
  type AnalyticsInput,
  type AnalyticsRange,
  computeAnalytics,
  defaultPersonaSettings,
  type Persona,
  ZERO_STATS,
} from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsPage } from './analytics-page';

/*
 * The per-persona analytics screen (app spec: Persona analytics screen) against the API's answers,
 * drawn by @plume/core's own computation from a month of posts and follower readings.
 */

const NOW = new Date('2026-03-31T12:00:00Z');
const ADA = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';
const BO = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const persona = (id: string, name: string, extra: Partial<Persona> = {}): Persona => ({
  ...defaultPersonaSettings(),
  id,
  name,
  created_at: '2026-01-01T00:00:00.000Z',
  stats: ZERO_STATS,
  recent_tweets: [],
  connected_accounts: [],
  setup_complete: true,
  automation_pause: null,
  ...extra,
});

const post = (
  at: string,
  platform: 'x' | 'bluesky',
  text: string,
  [likes, reposts, replies, quotes]: [number, number, number, number],
  url: string | null,
) => ({ platform, text, url, postedAt: new Date(at), likes, reposts, replies, quotes });

const POSTS: AnalyticsInput['posts'] = [
  // The previous 30 days (31 January to 1 March): 2 posts, 104 engagements.
  post('2026-02-10T10:00:00Z', 'x', 'An older take', [20, 4, 2, 0], null),
  post('2026-02-20T10:00:00Z', 'bluesky', 'An older hit', [60, 10, 5, 3], null),
  // The range (2 to 31 March): 6 posts, 135 engagements.
  post(
    '2026-03-03T14:10:00Z',
    'bluesky',
    'Launch day: the studio is open',
    [40, 10, 6, 2],
    'https://bsky.app/profile/ada.test/post/3kabc',
  ),
  post('2026-03-05T09:05:00Z', 'x', 'Five things I learned shipping', [10, 2, 1, 0], 'https://x.com/ada/status/111'),
  post('2026-03-10T14:30:00Z', 'bluesky', 'A thread on naming', [20, 5, 3, 1], null),
  post('2026-03-12T18:00:00Z', 'x', 'Quiet one', [5, 1, 0, 0], null),
  post('2026-03-17T14:20:00Z', 'bluesky', 'Ask me anything', [12, 3, 2, 0], null),
  post('2026-03-26T09:40:00Z', 'bluesky', 'Thursday notes', [8, 2, 1, 1], null),
];
const SNAPSHOTS: AnalyticsInput['snapshots'] = [
  { accountId: 'a', readAt: new Date('2026-02-01T10:00:00Z'), followers: 380 },
  { accountId: 'a', readAt: new Date('2026-03-01T23:00:00Z'), followers: 400 },
  { accountId: 'a', readAt: new Date('2026-03-31T10:00:00Z'), followers: 452 },
];

function analyticsOf(
  range: AnalyticsRange,
  compare: boolean,
  input: Partial<AnalyticsInput> = {},
  lastReadAt: string | null = '2026-03-31T10:00:00.000Z',
): Analytics {
  const computed = computeAnalytics({
    personaId: ADA,
    range,
    compare,
    timeZone: 'UTC',
    now: NOW,
    posts: POSTS,
    snapshots: SNAPSHOTS,
    ...input,
  });
  return { ...computed, lastReadAt };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Server = {
  personas?: Persona[];
  analytics?: (range: AnalyticsRange, compare: boolean, call: number) => Response;
};

/** A fake API on fetch: the persona, the list and the analytics, by path. */
function serve({ personas = [persona(ADA, 'Ada')], analytics = (r, c) => json(analyticsOf(r, c)) }: Server = {}) {
  let analyticsCalls = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const stats = /^\/api\/personas\/([^/]+)\/analytics$/.exec(url.pathname);
    if (stats) {
      if (!personas.some((p) => p.id === stats[1])) {
        return json({ error: { code: 'not_found', message: 'Persona not found' } }, 404);
      }
      analyticsCalls += 1;
      const range = url.searchParams.get('range') as AnalyticsRange;
      return analytics(range, url.searchParams.get('compare') === 'true', analyticsCalls);
    }
    const one = /^\/api\/personas\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const found = personas.find((p) => p.id === one[1]);
      return found ? json(found) : json({ error: { code: 'not_found', message: 'Persona not found' } }, 404);
    }
    if (url.pathname === '/api/personas') return json(personas);
    return json({ error: { code: 'not_found', message: `No route ${url.pathname}` } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const analyticsRequests = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/analytics'));

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/analytics/:id', element: <AnalyticsPage /> },
      { path: '/dashboard', element: <p>The dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const cards = () =>
  Object.fromEntries(
    screen.getAllByTestId('stat-card').map((card) => {
      const [label, value, caption] = [...card.querySelectorAll('p')].map((p) => p.textContent);
      return [label, [value, caption]];
    }),
  );

beforeEach(() => {
  // Only the date: React Query's and React's timers run for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the analytics of a persona with posts', () => {
  it("shows the range's cards, last reading, top posts, key events, recommendations and the week", async () => {
    const fetch = serve();
    renderAt(`/analytics/${ADA}`);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada' })).toBeTruthy();
    await screen.findAllByTestId('stat-card');

    expect(analyticsRequests(fetch)).toEqual([`/api/personas/${ADA}/analytics?range=30d&compare=false`]);
    expect(screen.getByRole('button', { name: /^30d/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /^7d/ }).getAttribute('aria-pressed')).toBe('false');
    expect(cards()).toEqual({
      Followers: ['452', 'at the latest reading'],
      Engagement: ['135', 'likes, reposts, replies, quotes'],
      'Engagement rate': ['5.0%', 'per post, per follower'],
      Posts: ['6', 'in the last 30 days'],
    });
    expect(screen.getByTestId('last-read').textContent).toBe('Last read 2 hours ago');
    // One persona: the picker is a plain label.
    expect(screen.queryByRole('combobox', { name: 'Persona' })).toBeNull();
    expect(screen.getByText('Persona:').textContent).toBe('Persona: Ada');

    const top = screen.getAllByTestId('top-post');
    expect(top.map((p) => p.querySelectorAll('p')[1]?.textContent)).toEqual([
      'Launch day: the studio is open',
      'A thread on naming',
      'Ask me anything',
      'Five things I learned shipping',
      'Thursday notes',
    ]);
    const first = within(top[0] as HTMLElement);
    expect(top[0]?.querySelector('p')?.textContent).toBe('Bluesky · Mar 3, 2026, 14:10');
    expect(first.getByText('Likes').nextElementSibling?.textContent).toBe('40');
    expect(first.getByText('Reposts').nextElementSibling?.textContent).toBe('10');
    expect(first.getByText('Replies').nextElementSibling?.textContent).toBe('6');
    expect(first.getByText('Quotes').nextElementSibling?.textContent).toBe('2');
    const bsky = first.getByRole('link', { name: /View on Bluesky/ });
    expect(bsky.getAttribute('href')).toBe('https://bsky.app/profile/ada.test/post/3kabc');
    expect(bsky.getAttribute('target')).toBe('_blank');
    expect(bsky.getAttribute('rel')).toContain('noopener');
    expect(
      within(top[3] as HTMLElement)
        .getByRole('link', { name: /View on X/ })
        .getAttribute('href'),
    ).toBe('https://x.com/ada/status/111');
    // A post without an address has no link.
    expect(within(top[1] as HTMLElement).queryByRole('link')).toBeNull();

    const events = within(screen.getByRole('list', { name: 'Key events' })).getAllByRole('listitem');
    expect(events[0]?.textContent).toContain('Mar 3');
    expect(events[0]?.textContent).toContain('Best post');
    expect(events[0]?.textContent).toContain('58 engagements');

    const recommendations = within(screen.getByRole('list', { name: 'Recommendations' })).getAllByRole('listitem');
    const expected = analyticsOf('30d', false).recommendations;
    expect(expected.length).toBeGreaterThan(0);
    expect(recommendations.map((r) => r.textContent)).toEqual(expected.map((r) => `${r.title}${r.detail}`));

    const week = screen.getByTestId('weekly-insights');
    expect(within(week).getByText('Total engagement').nextElementSibling?.textContent).toBe('12');
    expect(within(week).getByText('Best day').nextElementSibling?.textContent).toBe('Thursday');
    expect(within(week).getByText('Best time').nextElementSibling?.textContent).toBe('around 09:00');

    // The chart's text alternative: a row a day, and a caption that sums it up.
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: 'Tue, Mar 3' }).nextElementSibling?.textContent).toBe('58');
    expect(screen.getByText(/135 engagements in the last 30 days, the most \(58\) on Tue, Mar 3/)).toBeTruthy();
  });

  it('compares with the previous period: each card says how it moved, the chart adds the period before', async () => {
    const fetch = serve();
    renderAt(`/analytics/${ADA}`);
    await screen.findAllByTestId('stat-card');
    fireEvent.click(screen.getByRole('switch', { name: 'Compare with previous period' }));
    await waitFor(() =>
      expect(cards().Followers).toEqual(['452', expect.stringContaining('+13% vs previous 30 days')]),
    );
    expect(analyticsRequests(fetch).at(-1)).toBe(`/api/personas/${ADA}/analytics?range=30d&compare=true`);
    expect(screen.getByRole('switch', { name: 'Compare with previous period' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    // 400 -> 452 followers, 104 -> 135 engagements, 13.0% -> 5.0%, 2 -> 6 posts.
    expect(cards()).toEqual({
      Followers: ['452', '▲ +13% vs previous 30 days'],
      Engagement: ['135', '▲ +30% vs previous 30 days'],
      'Engagement rate': ['5.0%', '▼ -8.0 pts vs previous 30 days'],
      Posts: ['6', '▲ +200% vs previous 30 days'],
    });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Engagement', 'Previous period', 'Engagement then']);
    const row = within(table).getByRole('rowheader', { name: 'Sun, Mar 22' }).parentElement as HTMLElement;
    // Day 21 of each period: 22 March (no post) against 20 February (one post, 78 engagements).
    expect([...row.children].map((c) => c.textContent)).toEqual(['Sun, Mar 22', '0', 'Fri, Feb 20', '78']);
    expect(screen.getByText(/The previous 30 days: 104\./)).toBeTruthy();
  });

  it('says "No earlier data" against a period that had none', async () => {
    serve({
      analytics: (range, compare) =>
        json(analyticsOf(range, compare, { posts: POSTS.slice(2), snapshots: SNAPSHOTS.slice(2) })),
    });
    const router = renderAt(`/analytics/${ADA}?compare=true`);
    await screen.findAllByTestId('stat-card');
    expect(router.state.location.search).toBe('?compare=true');
    expect(screen.getAllByTestId('stat-change').map((c) => c.textContent)).toEqual([
      'No earlier data',
      'No earlier data',
      'No earlier data',
      'No earlier data',
    ]);
  });

  it('asks for another range when one is picked, and keeps it in the address', async () => {
    const fetch = serve();
    const router = renderAt(`/analytics/${ADA}`);
    await screen.findAllByTestId('stat-card');
    fireEvent.click(screen.getByRole('button', { name: /^7d/ }));
    await waitFor(() => expect(cards().Posts).toEqual(['1', 'in the last 7 days']));
    expect(screen.getByRole('button', { name: /^7d/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /^30d/ }).getAttribute('aria-pressed')).toBe('false');
    expect(analyticsRequests(fetch).at(-1)).toBe(`/api/personas/${ADA}/analytics?range=7d&compare=false`);
    expect(router.state.location.search).toBe('?range=7d');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(8);
  });

  it('switches to another persona on the same screen, range kept', async () => {
    const fetch = serve({ personas: [persona(ADA, 'Ada'), persona(BO, 'Bo')] });
    const router = renderAt(`/analytics/${ADA}?range=90d`);
    const picker = await screen.findByRole('combobox', { name: 'Persona' });
    fireEvent.change(picker, { target: { value: BO } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bo' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/analytics/${BO}`);
    expect(router.state.location.search).toBe('?range=90d');
    await waitFor(() =>
      expect(analyticsRequests(fetch).at(-1)).toBe(`/api/personas/${BO}/analytics?range=90d&compare=false`),
    );
  });
});

describe('the check before review in analytics', () => {
  it('shows how many drafts were flagged in the range, by reason; nothing before any draft', async () => {
    const drafts = {
      written: 12,
      flagged: 3,
      byKind: [
        { kind: 'voice' as const, count: 1 },
        { kind: 'repeat' as const, count: 2 },
      ],
    };
    serve({ analytics: (r, c) => json(analyticsOf(r, c, { drafts })) });
    renderAt(`/analytics/${ADA}`);
    expect((await screen.findByTestId('drafts-flagged')).textContent).toBe('3 of 12 drafts flagged');
    const reasons = screen.getByLabelText('Drafts flagged, by reason');
    expect(
      [...reasons.querySelectorAll('dt')].map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`),
    ).toEqual(['Repeats a recent post 2', 'Off its voice 1']);
    cleanup();
    serve();
    renderAt(`/analytics/${ADA}`);
    await screen.findByText('Top posts');
    expect(screen.queryByTestId('drafts-flagged')).toBeNull();
  });
});

describe('a persona without posts in the range', () => {
  it('shows Keep Posting to Unlock Insights with a projection from its own schedule, and no invented figures', async () => {
    serve({ analytics: (range, compare) => json(analyticsOf(range, compare, { posts: [], snapshots: [] }, null)) });
    renderAt(`/analytics/${ADA}`);
    expect(await screen.findByRole('heading', { name: 'Keep Posting to Unlock Insights' })).toBeTruthy();
    expect(screen.getByTestId('last-read').textContent).toBe(
      'Not read yet: metrics appear within a minute of connecting an account (connect one).',
    );
    expect(cards()).toEqual({
      Followers: ['—', 'No reading yet'],
      Engagement: ['0', 'likes, reposts, replies, quotes'],
      'Engagement rate': ['0.0%', 'per post, per follower'],
      Posts: ['0', 'in the last 30 days'],
    });
    // The default schedule (Daily: one post at 09:00, the first custom time) from Tuesday 31 March noon.
    const projection = screen.getByTestId('projection');
    expect(projection.textContent).toContain('Projection');
    expect(projection.textContent).toContain('from your posting schedule, not measured');
    expect(projection.textContent).toContain(
      'Automated posting is off. At its schedule of daily at 09:00, turning it on would publish about 30 posts in the next 30 days.',
    );
    expect(projection.textContent).toContain('That is the 5 posts insights need by Sun, Apr 5.');
    expect(projection.textContent).toContain('followers and engagement are not projected');
    expect(screen.getByRole('link', { name: 'Connect an X or Bluesky account' }).getAttribute('href')).toBe(
      `/editor/${ADA}?tab=accounts`,
    );
    // No chart, no top posts: nothing to show yet.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Top posts' })).toBeNull();
  });

  it('with automated posting on, says what its schedule would publish', async () => {
    const on = persona(ADA, 'Ada');
    on.automation.autoPosting = {
      ...on.automation.autoPosting,
      enabled: true,
      advancedSchedule: {},
      frequency: 'twice-daily',
    };
    serve({
      personas: [on],
      analytics: (range, compare) => json(analyticsOf(range, compare, { posts: [], snapshots: [] }, null)),
    });
    renderAt(`/analytics/${ADA}?range=7d`);
    const projection = await screen.findByTestId('projection');
    // 09:00 and 15:00 daily, from Tuesday noon: 15:00 today, then two a day to Tuesday 09:00.
    expect(projection.textContent).toContain(
      'At your schedule of daily at 09:00, 15:00, you would publish about 14 posts in the next 7 days.',
    );
    expect(projection.textContent).toContain('by Thu, Apr 2.');
  });
});

describe('when the analytics cannot be shown', () => {
  it('shows the error with Retry (not a Loading... that stays), and Retry brings the figures', async () => {
    serve({
      analytics: (range, compare, call) =>
        call === 1
          ? json({ error: { code: 'internal_error', message: 'Something went wrong on our side' } }, 500)
          : json(analyticsOf(range, compare)),
    });
    renderAt(`/analytics/${ADA}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the analytics: Something went wrong on our side');
    expect(screen.queryByText('Loading...')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('stat-card')).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows Persona not found for an unknown or another user's persona, with the way back", async () => {
    serve();
    renderAt('/analytics/7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10');
    expect(await screen.findByRole('heading', { name: 'Persona not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
