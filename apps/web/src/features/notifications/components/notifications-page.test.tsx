import type { InAppNotificationList } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsPage } from './notifications-page';

const list: InAppNotificationList = {
  unread: 1,
  items: [
    {
      id: '7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10',
      kind: 'engagement_spike',
      severity: 'success',
      title: 'A post is taking off',
      message: '“Hello” has 12 engagements, 4× its usual 3.',
      link: '/analytics/0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e',
      personaId: '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e',
      read: false,
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
    {
      id: '8e2f0c52-3f0e-4a53-9a51-0c0e8c1d2a11',
      kind: 'platform_update',
      severity: 'update',
      title: 'A post to Bluesky failed',
      message: 'Ada: “Hi” (refused)',
      link: null,
      personaId: null,
      read: true,
      createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notifications page', () => {
  it('lists them newest first with their time, and marks one or all read', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/api/notifications?') ? json({ ...list, nextCursor: null }) : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const items = await screen.findAllByTestId('notification');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(items[0]?.textContent).toContain('A post is taking off');
    expect(items[0]?.textContent).toContain('5 minutes ago');
    expect(items[1]?.textContent).toContain('2 days ago');
    expect(screen.getByText('1 unread')).toBeTruthy();

    fireEvent.click(screen.getByText('A post is taking off'));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        `/api/notifications/${list.items[0]?.id}/read`,
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/notifications/read-all', expect.objectContaining({ method: 'POST' })),
    );
  });

  it('says plainly when there are none, and offers Retry when they cannot be loaded', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail ? json({ error: { code: 'internal_error', message: 'Down' } }, 500) : json({ items: [], unread: 0 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
    expect(screen.getByText('Everything is read.')).toBeTruthy();
  });
});
