import { type PostPart, type ScheduledItem, scheduleUpdateSchema, textPart } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewQueue } from './review-queue';

const draft: ScheduledItem = {
  id: '7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10',
  personaId: '0b8f7a2e-1a3c-4c8e-9f3e-5d6a7b8c9d0e',
  personaName: 'Ada',
  platform: 'bluesky',
  content: 'Thank you, glad it helped!',
  parts: [textPart('Thank you, glad it helped!')],
  scheduledFor: null,
  status: 'pending_review',
  postedAt: null,
  url: null,
  error: null,
  postedParts: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
  autoSlot: null,
  writer: 'offline',
  flags: [],
  replyTo: {
    author: 'bob.bsky.social',
    text: 'Your post on tide pools was great',
    url: 'https://bsky.app/profile/bob.bsky.social/post/3k',
  },
  origin: null,
  connection: 'connected',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderQueue(items: ScheduledItem[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(items)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReviewQueue timeZone="UTC" onApprove={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the review queue', () => {
  it('shows a reply with the post it answers quoted above the draft, and a link to that post', async () => {
    renderQueue([draft]);
    const row = await screen.findByTestId('review-item');
    const context = within(row).getByTestId('reply-context');
    expect(context.textContent).toContain('Reply to @bob.bsky.social');
    expect(context.querySelector('blockquote')?.textContent).toBe('Your post on tide pools was great');
    expect(within(context).getByRole('link', { name: 'View on Bluesky' }).getAttribute('href')).toBe(
      'https://bsky.app/profile/bob.bsky.social/post/3k',
    );
    const content = within(row).getByTestId('review-content');
    expect(context.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // X's rule is for X: a Bluesky reply does not carry it.
    expect(within(row).queryByTestId('x-replies-rule')).toBeNull();
  });

  it('on X, states that every reply waits for approval; a long post is cut at a word, and shown whole on request', async () => {
    const long = `${'word '.repeat(80)}end`;
    renderQueue([{ ...draft, platform: 'x', replyTo: { author: '@bob', text: long, url: null } }]);
    const row = await screen.findByTestId('review-item');
    expect(within(row).getByTestId('x-replies-rule').textContent).toContain('every reply waits for your approval');
    const context = within(row).getByTestId('reply-context');
    expect(context.textContent).toContain('Reply to @bob');
    expect(context.textContent).not.toContain('@@bob');
    expect(within(context).queryByRole('link')).toBeNull();
    const quote = () => context.querySelector('blockquote')?.textContent ?? '';
    expect(quote().endsWith('word…')).toBe(true);
    expect(quote().length).toBeLessThanOrEqual(280);
    fireEvent.click(within(context).getByRole('button', { name: 'Show the whole post' }));
    expect(quote()).toBe(long);
  });

  it('shows no reply context for a post of its own', async () => {
    renderQueue([{ ...draft, replyTo: null }]);
    const row = await screen.findByTestId('review-item');
    expect(within(row).queryByTestId('reply-context')).toBeNull();
    expect(within(row).getByTestId('review-content').textContent).toBe('Thank you, glad it helped!');
  });
});

describe('what the check before review found, and who wrote it', () => {
  it("shows each flag's reason and the offline badge, linking to Global Settings", async () => {
    renderQueue([
      {
        ...draft,
        replyTo: null,
        flags: [
          { kind: 'repeat', reason: 'repeats your post of 3 Nov', postId: 'p1' },
          { kind: 'voice', trait: 'humor', reason: 'reads far less humorous than its slider' },
        ],
      },
    ]);
    const row = await screen.findByTestId('review-item');
    expect(
      within(row)
        .getAllByTestId('draft-flag')
        .map((f) => f.textContent),
    ).toEqual(['repeats your post of 3 Nov', 'reads far less humorous than its slider']);
    const badge = within(row).getByTestId('offline-badge');
    expect(within(badge).getByRole('link', { name: 'set up a model' }).getAttribute('href')).toBe('/settings');
  });

  it('shows neither for a model’s draft that passed', async () => {
    renderQueue([{ ...draft, writer: 'openai', flags: [] }]);
    const row = await screen.findByTestId('review-item');
    expect(within(row).queryByTestId('draft-flags')).toBeNull();
    expect(within(row).queryByTestId('offline-badge')).toBeNull();
  });
});

describe('editing a draft in the review queue', () => {
  it('saves a one-part draft as its part, so what it carries besides its text (its languages) is kept', async () => {
    const french: PostPart = { ...textPart('Merci beaucoup'), langs: ['fr'] };
    const item = { ...draft, content: french.text, parts: [french], replyTo: null };
    const patches: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)));
          return json(item);
        }
        return json(url.startsWith('/api/schedule') ? [item] : null);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ReviewQueue timeZone="UTC" onApprove={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('review-item');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(row).getByRole('textbox', { name: 'Draft text' }), {
      target: { value: 'Merci beaucoup à tous' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    const edited = { ...french, text: 'Merci beaucoup à tous' };
    expect(patches[0]).toMatchObject({ platform: 'bluesky', parts: [edited] });
    expect(scheduleUpdateSchema.parse(patches[0]).parts).toEqual([edited]);
  });
});
