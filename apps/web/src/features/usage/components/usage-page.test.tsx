import { defaultPersonaSettings, type Persona, type PersonaStats, type UsageSummary } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTHING_TO_READ, POLL_LIMIT_MS, STILL_READING } from '../hooks/use-metrics-refresh';
import { UsagePage } from './usage-page';

/* The cross-persona screen (app spec: Cross-persona analytics screen) against a fake API on fetch. */

const persona = (id: string, name: string, stats: Partial<PersonaStats>, extra: Partial<Persona> = {}): Persona => ({
  ...defaultPersonaSettings(),
  id,
  name,
  created_at: '2026-01-15T10:00:00.000Z',
  stats: { followers: 0, totalTweets: 0, avgLikes: 0, avgRetweets: 0, engagementRate: 0, ...stats },
  recent_tweets: [],
  connected_accounts: [],
  setup_complete: true,
  automation_pause: null,
  ...extra,
});

const ADA = persona('00000000-0000-4000-8000-00000000000a', 'Ada', {
  followers: 1200,
  totalTweets: 40,
  avgLikes: 12.5,
  engagementRate: 4.2,
});
const BO = persona(
  '00000000-0000-4000-8000-00000000000b',
  'Bo',
  { followers: 300, totalTweets: 90, avgLikes: 3, engagementRate: 6.1 },
  { is_active: false, created_at: '2026-02-01T10:00:00.000Z' },
);
const CY = persona('00000000-0000-4000-8000-00000000000c', 'Cyrano', {
  followers: 15_000,
  totalTweets: 5,
  avgLikes: 150,
  engagementRate: 1.5,
});
const PERSONAS = [ADA, BO, CY];

const USAGE: UsageSummary = {
  lastReadAt: '2026-03-31T10:00:00.000Z',
  followers: { value: 16_500, monthAgo: 14_732 },
  postsThisWeek: { value: 13, weekBefore: 12 },
  engagementRate: { value: 4.4, monthBefore: 2.1 },
  xReads: { last30Days: 1_204, mentions: 0, accounts: 1 },
  budgets: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Api = {
  personas?: Persona[];
  usage?: (call: number) => UsageSummary;
  refresh?: () => Response;
};

function serve({ personas = PERSONAS, usage = () => USAGE, refresh = () => json({ queued: 0 }, 202) }: Api = {}) {
  let usageCalls = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/personas') return json(personas);
    if (url.pathname === '/api/usage') {
      usageCalls += 1;
      return json(usage(usageCalls));
    }
    if (url.pathname === '/api/me/preferences') return json({ timeZone: 'UTC' });
    if (url.pathname === '/api/metrics/refresh' && init?.method === 'POST') return refresh();
    return json({ error: { code: 'not_found', message: `No route ${url.pathname}` } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const calls = (fetch: ReturnType<typeof serve>, path: string) =>
  fetch.mock.calls.filter(([input]) => String(input) === path).length;

function renderAt(path = '/usage') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/usage', element: <UsagePage /> },
      { path: '/analytics/:id', element: <p>Analytics</p> },
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

/** Each card as [label, value, caption]. */
const cards = () =>
  screen.getAllByTestId('usage-card').map((card) => [...card.querySelectorAll('p')].map((p) => p.textContent));

const shownNames = () => screen.getAllByTestId('usage-persona').map((card) => card.querySelector('h3')?.textContent);

/** Timers that run (for Testing Library's waits) and can be jumped ahead. */
function fakeTimers() {
  vi.useRealTimers();
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(new Date('2026-03-31T12:00:00Z'));
}

async function ready() {
  await screen.findAllByTestId('usage-persona');
  await waitFor(() => expect(screen.getByTestId('last-read')).toBeTruthy());
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-31T12:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the summary', () => {
  it("sums the personas' figures and captions them from the history", async () => {
    serve();
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Persona Analytics' })).toBeTruthy();
    expect(screen.getByText('Track performance across all your AI personas')).toBeTruthy();
    await ready();
    expect(cards()).toEqual([
      ['Total Followers', '16.5K', '+12% this month'],
      ['Total Posts', '135', '+8.3% this week'],
      // The API's rate across personas (not a mean of the cards' 4.2, 6.1 and 1.5), as the dashboard shows it.
      ['Avg Engagement', '4.4%', '+2.3 pts this month'],
      ['Active Personas', '2', 'of 3 total'],
    ]);
    expect(screen.getByTestId('last-read').textContent).toBe('Last read Mar 31, 2026, 10:00');
    // X bills every read: what the metrics cost there is said beside the last reading.
    expect(screen.getByTestId('x-reads').textContent).toMatch(
      /^Metrics on X took 1,204 reads of X's API in the last 30 days/,
    );
    expect(screen.getByRole('link', { name: '← Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says plainly when there is nothing to compare with, and falls with a true minus sign', async () => {
    serve({
      usage: () => ({
        lastReadAt: null,
        followers: { value: 0, monthAgo: null },
        postsThisWeek: { value: 0, weekBefore: 0 },
        engagementRate: { value: 0, monthBefore: null },
        xReads: { last30Days: 0, mentions: 0, accounts: 0 },
        budgets: [],
      }),
    });
    renderAt();
    await ready();
    expect(cards().map((c) => c[2])).toEqual([
      'No data from a month ago yet',
      'No posts this week or the week before',
      'No data from the month before yet',
      'of 3 total',
    ]);
    expect(screen.getByTestId('last-read').textContent).toBe('Not read yet');
    // Without X, nothing is said of its reads.
    expect(screen.queryByTestId('x-reads')).toBeNull();
    cleanup();

    serve({
      usage: () => ({
        lastReadAt: null,
        followers: { value: 97, monthAgo: 100 },
        postsThisWeek: { value: 3, weekBefore: 0 },
        engagementRate: { value: 1.2, monthBefore: 0 },
        xReads: { last30Days: 0, mentions: 0, accounts: 0 },
        budgets: [],
      }),
    });
    renderAt();
    await ready();
    expect(cards().map((c) => c[2])).toEqual([
      '−3% this month',
      '3 this week, none the week before',
      'No engagement the month before',
      'of 3 total',
    ]);
  });
});

describe('the top performer', () => {
  it('names the persona with the highest engagement rate, with its followers', async () => {
    serve();
    renderAt();
    await ready();
    const banner = within(screen.getByTestId('top-performer'));
    expect(banner.getByText('Bo')).toBeTruthy();
    expect(banner.getByText('Bo is leading with 6.1% engagement')).toBeTruthy();
    expect(screen.getByTestId('top-performer').textContent).toContain('300 followers');
  });

  it('is a plain sentence while no persona has engagement', async () => {
    serve({ personas: [persona(ADA.id, 'Ada', {}), persona(BO.id, 'Bo', {})] });
    renderAt();
    await ready();
    expect(screen.getByTestId('top-performer').textContent).toContain('No persona has any engagement yet');
    expect(screen.queryByText(/is leading with/)).toBeNull();
  });
});

describe('the list', () => {
  it('sorts by followers, highest first, in a grid of cards linking to each analytics', async () => {
    serve();
    renderAt();
    await ready();
    expect(shownNames()).toEqual(['Cyrano', 'Ada', 'Bo']);
    const bo = within(screen.getAllByTestId('usage-persona')[2] as HTMLElement);
    expect(bo.getByTestId('performance-badge').textContent).toBe('High');
    expect(bo.getByText('Inactive')).toBeTruthy();
    expect(bo.getByText('Avg Likes').nextElementSibling?.textContent).toBe('3');
    expect(bo.getByText('Engagement').nextElementSibling?.textContent).toBe('6.1%');
    expect(bo.getByText(/Created/).textContent).toBe('Created Feb 1, 2026');
    expect(bo.getByRole('link', { name: 'View analytics for Bo' }).getAttribute('href')).toBe(`/analytics/${BO.id}`);
    // Cyrano: 15,000 followers but 1.5% engagement is still Growing; Ada is High.
    expect(screen.getAllByTestId('performance-badge').map((b) => b.textContent)).toEqual(['Growing', 'High', 'High']);
  });

  it('searches names in any case, filters by status, sorts and turns the order', async () => {
    serve();
    const router = renderAt();
    await ready();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Y' } });
    expect(shownNames()).toEqual(['Cyrano']);
    expect(router.state.location.search).toBe('?q=Y');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'inactive' } });
    expect(shownNames()).toEqual(['Bo']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'active' } });
    expect(shownNames()).toEqual(['Cyrano', 'Ada']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'all' } });

    const sort = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect([...sort.options].map((o) => o.text)).toEqual(['Followers', 'Engagement', 'Posts', 'Avg Likes']);
    fireEvent.change(sort, { target: { value: 'engagement' } });
    expect(shownNames()).toEqual(['Bo', 'Ada', 'Cyrano']);
    fireEvent.click(screen.getByRole('button', { name: 'Descending order: switch to ascending' }));
    expect(shownNames()).toEqual(['Cyrano', 'Ada', 'Bo']);
    fireEvent.change(sort, { target: { value: 'posts' } });
    expect(shownNames()).toEqual(['Cyrano', 'Ada', 'Bo']);
    fireEvent.change(sort, { target: { value: 'avgLikes' } });
    expect(shownNames()).toEqual(['Bo', 'Ada', 'Cyrano']);
    expect(router.state.location.search).toBe('?sort=avgLikes&order=asc');
  });

  it('shows a table with the spec’s columns', async () => {
    serve();
    renderAt('/usage?sort=engagement');
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Persona', 'Status', 'Followers', 'Posts', 'Avg Likes', 'Engagement', 'Performance']);
    const rows = screen
      .getAllByTestId('usage-row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Bo', 'Inactive', '300', '90', '3', '6.1%', 'High'],
      ['Ada', 'Active', '1.2K', '40', '12.5', '4.2%', 'High'],
      ['Cyrano', 'Active', '15.0K', '5', '150', '1.5%', 'Growing'],
    ]);
    expect(within(table).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe(`/analytics/${ADA.id}`);
  });

  it('says No personas found when nothing matches, and clears back', async () => {
    serve();
    renderAt('/usage?q=zzz');
    await screen.findByText('No personas found');
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(shownNames()).toEqual(['Cyrano', 'Ada', 'Bo']);
  });

  it('without any persona, shows zeros and a way to create one', async () => {
    serve({ personas: [], usage: () => ({ ...USAGE, engagementRate: { value: 0, monthBefore: null } }) });
    renderAt();
    await screen.findByRole('heading', { name: 'No personas yet' });
    await waitFor(() => expect(cards()[2]?.[1]).toBe('0.0%'));
    expect(cards().map((c) => c[1])).toEqual(['0', '0', '0.0%', '0']);
    expect(screen.getByRole('link', { name: 'Create a persona' }).getAttribute('href')).toBe('/editor');
  });
});

describe('Export', () => {
  it('downloads what is shown, in the order shown, as CSV', async () => {
    serve({
      personas: [...PERSONAS, persona('00000000-0000-4000-8000-00000000000d', '=cmd|"/c calc", Zoë', {})],
    });
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:usage';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('plume-personas-2026-03-31.csv');
      expect(this.href).toBe('blob:usage');
    });
    renderAt('/usage?status=active&sort=engagement');
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved?.type).toBe('text/csv;charset=utf-8');
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(saved as Blob);
    });
    // Kept as it is: the byte-order mark is part of the file.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      '\uFEFFPersona,Status,Followers,Posts,Avg Likes,Engagement (%),Performance,Created\r\n' +
        'Ada,Active,1200,40,12.5,4.2,High,2026-01-15\r\n' +
        'Cyrano,Active,15000,5,150,1.5,Growing,2026-01-15\r\n' +
        `"'=cmd|""/c calc"", Zoë",Active,0,0,0,0,Growing,2026-01-15\r\n`,
    );
  });
});

describe('Refresh', () => {
  it('with no connected account, says there is nothing to read', async () => {
    const fetch = serve();
    renderAt();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('refresh-status').textContent).toBe(NOTHING_TO_READ));
    expect(screen.getByRole('button', { name: 'Refresh' }).hasAttribute('disabled')).toBe(false);
    const post = fetch.mock.calls.find(([input]) => String(input) === '/api/metrics/refresh');
    expect(post?.[1]?.body).toBe('{}');
  });

  it('shows it is working, polls every 2 s until the last reading moves, then reads the personas again', async () => {
    fakeTimers();
    const fetch = serve({
      refresh: () => json({ queued: 2 }, 202),
      // The reading lands by the third request (the page's first, then two polls).
      usage: (call) => (call >= 3 ? { ...USAGE, lastReadAt: '2026-03-31T11:59:00.000Z' } : USAGE),
    });
    renderAt();
    await ready();
    const personaReads = calls(fetch, '/api/personas');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const busy = await screen.findByRole('button', { name: 'Refreshing…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('refresh-status').textContent).toBe('Reading your connected accounts…');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeTruthy();
    expect(calls(fetch, '/api/usage')).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls(fetch, '/api/usage')).toBe(3);
    // The answer is read and rendered after the request: on a loaded machine, a few ticks later.
    await waitFor(() => expect(screen.getByTestId('last-read').textContent).toBe('Last read Mar 31, 2026, 11:59'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' }).hasAttribute('disabled')).toBe(false));
    await waitFor(() => expect(calls(fetch, '/api/personas')).toBe(personaReads + 1));
    expect(screen.getByTestId('refresh-status').textContent).toBe('');
  });

  it('stops after 30 s and says the platforms are still being read', async () => {
    fakeTimers();
    const fetch = serve({ refresh: () => json({ queued: 1 }, 202) });
    renderAt();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeTruthy();
    const before = calls(fetch, '/api/usage');
    await act(() => vi.advanceTimersByTimeAsync(POLL_LIMIT_MS));
    // A request every 2 s.
    expect(calls(fetch, '/api/usage') - before).toBeGreaterThanOrEqual(14);
    expect(screen.getByTestId('refresh-status').textContent).toBe(STILL_READING);
    expect(screen.getByRole('button', { name: 'Refresh' }).hasAttribute('disabled')).toBe(false);
    const after = calls(fetch, '/api/usage');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls(fetch, '/api/usage')).toBe(after);
  });

  it('shows the rate limit’s message', async () => {
    serve({
      refresh: () =>
        json({ error: { code: 'rate_limited', message: 'Too many refreshes: try again in a minute' } }, 429),
    });
    renderAt();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many refreshes: try again in a minute');
  });
});
