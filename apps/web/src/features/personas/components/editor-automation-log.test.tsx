import type { AutomationLogEntry, AutomationPlan } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutomationBanner } from './editor-automation-banner';
import { ActivityCard } from './editor-automation-log';

const personaId = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';
const actionId = '5c1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10';
const planUrl = `/api/personas/${personaId}/automation/plan`;
const undoUrl = `/api/personas/${personaId}/automation/actions/${actionId}/undo`;

const entry = (patch: Partial<AutomationLogEntry>): AutomationLogEntry => ({
  id: crypto.randomUUID(),
  event: 'written',
  message: '',
  slot: null,
  postId: null,
  platform: null,
  url: null,
  undoActionId: null,
  postStatus: null,
  undone: false,
  createdAt: '2026-03-01T12:00:00.000Z',
  ...patch,
});

const liked = entry({
  id: 'like-1',
  event: 'liked',
  message: 'Liked a post by @bob.bsky.social about tide pools',
  platform: 'bluesky',
  url: 'https://bsky.app/profile/bob.bsky.social/post/3k',
  undoActionId: actionId,
});
const passed = entry({
  id: 'pass-1',
  event: 'passed',
  message: 'A mention by @carol was not answered: negative sentiment',
  platform: 'x',
});
const plan = (log: AutomationLogEntry[]): AutomationPlan => ({ timeZone: 'UTC', posting: false, slots: [], log });
const activity = {
  since: '2026-03-01T00:00:00.000Z',
  posts: 0,
  replies: 0,
  engagementActions: 1,
  waitingForReview: 0,
  timeSavedMinutes: 1,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the plan's log, today's activity, and the undo endpoint answering `undo`. */
function serve(undo: () => Response | Promise<Response>) {
  let undone = false;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === planUrl)
      return json(
        plan(
          undone
            ? [
                entry({ id: 'undo-1', event: 'undone', message: 'Unliked the post' }),
                { ...liked, undoActionId: null, undone: true },
                passed,
              ]
            : [liked, passed],
        ),
      );
    if (url.startsWith(`/api/personas/${personaId}/automation/activity`)) return json(activity);
    if (url === undoUrl && init?.method === 'POST') {
      const response = await undo();
      undone = response.ok;
      return response;
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AutomationBanner personaId={personaId} active />
      <ActivityCard personaId={personaId} />
    </QueryClientProvider>,
  );
}

const calls = (fetch: ReturnType<typeof serve>, prefix: string) =>
  fetch.mock.calls.filter(([url]) => String(url).startsWith(prefix)).length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('what automation did', () => {
  it('names each event, its platform and a link to what it acted on; only an engagement action offers Undo', async () => {
    serve(() => json({ undone: true }));
    renderTab();
    const entries = await screen.findAllByTestId('automation-log-entry');
    expect(entries.map((e) => e.getAttribute('data-event'))).toEqual(['liked', 'passed']);
    const [like, pass] = entries;
    if (!like || !pass) throw new Error('two entries expected');
    expect(like.textContent).toContain('Liked on Bluesky');
    expect(like.textContent).toContain(liked.message);
    expect(within(like).getByRole('link', { name: 'View on Bluesky' }).getAttribute('href')).toBe(liked.url);
    expect(within(like).getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(pass.textContent).toContain('Not answered on X');
    expect(within(pass).queryByRole('link')).toBeNull();
    expect(within(pass).queryByRole('button')).toBeNull();
  });

  it('Undo takes the action back, then the log and today’s figures are fetched again', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderTab();
    const like = await screen.findByText(liked.message);
    const row = like.closest('li');
    if (!row) throw new Error('the entry is a list item');
    await waitFor(() => expect(calls(fetch, `/api/personas/${personaId}/automation/activity`)).toBe(1));
    const plans = calls(fetch, planUrl);

    const undo = within(row).getByRole('button', { name: 'Undo' });
    fireEvent.click(undo);
    // Disabled while the platform is asked, so one click is one undo.
    await waitFor(() => expect((undo as HTMLButtonElement).disabled).toBe(true));
    expect(undo.textContent).toBe('Undoing...');
    answer(json({ undone: true }));
    await waitFor(() =>
      expect(screen.getAllByTestId('automation-log-entry')[0]?.getAttribute('data-event')).toBe('undone'),
    );
    expect(fetch).toHaveBeenCalledWith(undoUrl, expect.objectContaining({ method: 'POST' }));
    expect(calls(fetch, planUrl)).toBeGreaterThan(plans);
    expect(calls(fetch, `/api/personas/${personaId}/automation/activity`)).toBe(2);
    expect(within(row).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(within(row).queryByRole('alert')).toBeNull();
    // The like itself reads as taken back, not as a like that stands.
    expect(within(row).getByTestId('undone-badge').textContent).toBe('Undone');
    expect(row.textContent).toContain('Liked on Bluesky');
  });

  it('shows why when the action cannot be undone', async () => {
    serve(() => json({ error: { code: 'conflict', message: 'This like was already undone' } }, 409));
    renderTab();
    const row = (await screen.findByText(liked.message)).closest('li');
    if (!row) throw new Error('the entry is a list item');
    fireEvent.click(within(row).getByRole('button', { name: 'Undo' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('Could not undo: This like was already undone');
    expect((within(row).getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
