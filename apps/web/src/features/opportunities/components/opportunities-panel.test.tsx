import type { Opportunity, OpportunityList } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpportunitiesPanel } from './opportunities-panel';

const ada = '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const mentions: Opportunity = {
  id: `mentions:${ada}`,
  kind: 'mentions',
  personaId: ada,
  personaName: 'Ada',
  platform: 'bluesky',
  count: 2,
  title: '2 mentions without a reply',
  detail: '2 people talked to Ada in the last 24 hours and got no reply.',
  link: { href: 'https://bsky.app/profile/dan.test/post/1', label: 'Reply on Bluesky', external: true },
  examples: [
    { text: 'Loved it', by: '@dan.test', url: 'https://bsky.app/profile/dan.test/post/1' },
    { text: 'What do you make of this?', by: '@carol.test', url: 'https://bsky.app/profile/carol.test/post/2' },
  ],
  newestAt: minutesAgo(5),
};
const replies: Opportunity = {
  id: `replies:${ada}`,
  kind: 'replies',
  personaId: ada,
  personaName: 'Ada',
  platform: 'bluesky',
  count: 1,
  title: '1 reply waiting for review',
  detail: 'A reply to people who mentioned Ada: nothing goes out until you approve.',
  link: { href: `/calendar?persona=${ada}#review`, label: 'Review replies', external: false },
  examples: [{ text: 'Glad you asked.', by: 'to @carol.test', url: null }],
  newestAt: minutesAgo(30),
};

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function renderPanel(answers: OpportunityList[]) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/opportunities') return json(answers.length > 1 ? answers.shift() : answers[0]);
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response(null, { status: 204 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OpportunitiesPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the opportunities panel', () => {
  it('lists each opportunity with where to act on it, and dismisses one on the server', async () => {
    const sent = renderPanel([
      { items: [mentions, replies], dismissed: 0, connected: true },
      { items: [replies], dismissed: 1, connected: true },
    ]);
    const items = await screen.findAllByTestId('opportunity');
    expect(items.map((i) => i.dataset.kind)).toEqual(['mentions', 'replies']);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('heading', { name: '2 mentions without a reply' })).toBeTruthy();
    expect(items[0]?.textContent).toContain('5 minutes ago');
    // On the network, in a new tab: where a mention is answered.
    const reply = first.getByRole('link', { name: 'Reply on Bluesky (opens in a new tab)' });
    expect(reply.getAttribute('href')).toBe('https://bsky.app/profile/dan.test/post/1');
    expect(reply.getAttribute('target')).toBe('_blank');
    expect(first.getByRole('link', { name: 'Loved it (opens in a new tab)' })).toBeTruthy();
    // In the app: the review queue of that persona.
    const review = within(items[1] as HTMLElement).getByRole('link', { name: 'Review replies' });
    expect(review.getAttribute('href')).toBe(`/calendar?persona=${ada}#review`);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: 2 mentions without a reply (Ada)' }));
    await waitFor(() => expect(screen.getAllByTestId('opportunity')).toHaveLength(1));
    expect(sent).toEqual([
      { url: '/api/opportunities/dismiss', body: { items: [{ id: mentions.id, newestAt: mentions.newestAt }] } },
    ]);
  });

  it('dismisses all at once, then says honestly that nothing new came', async () => {
    const sent = renderPanel([
      { items: [mentions, replies], dismissed: 0, connected: true },
      { items: [], dismissed: 2, connected: true },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss all' }));
    expect((await screen.findByTestId('opportunities-empty')).textContent).toBe(
      'Nothing new since you dismissed the last 2. Mentions without a reply, replies waiting for review, posts taking off and new source items show here.',
    );
    expect(sent[0]?.body).toEqual({
      items: [mentions, replies].map(({ id, newestAt }) => ({ id, newestAt })),
    });
  });

  it('says what would show, and what it needs, when there is nothing', async () => {
    renderPanel([{ items: [], dismissed: 0, connected: false }]);
    expect((await screen.findByTestId('opportunities-empty')).textContent).toMatch(
      /^Nothing to act on yet\. Connect a Bluesky or X account to a persona/,
    );
    expect(screen.queryByRole('button', { name: 'Dismiss all' })).toBeNull();
  });
});
