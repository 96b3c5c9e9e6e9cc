import { type Persona, type PostPart, textPart } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostPreview } from './post-preview';

const persona = {
  id: 'p1',
  name: 'Ada',
  avatar: '🌊',
  connected_accounts: [
    { platform: 'bluesky', username: 'ada.bsky.social', isConnected: true },
    { platform: 'x', username: 'ada_tides', isConnected: true },
  ],
} as unknown as Persona;

function renderPreview(parts: PostPart[], platform: 'x' | 'bluesky' = 'x') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify([persona]), { status: 200 })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PostPreview parts={parts} platform={platform} persona={{ id: 'p1', name: 'Ada' }} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
}

/** Radix tabs switch on mouse down. */
const showTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = 'https://www.example.com/a/long/path/to/the/tide/tables';

describe('the preview of a post on each network', () => {
  it('counts the length by each network rule: X counts a link as 23, Bluesky counts every character', async () => {
    const text = `Tide tables ${link} @ada.bsky.social #tides`;
    renderPreview([textPart(text)]);
    const x = screen.getByTestId('preview-x');
    expect(within(x).getByTestId('preview-length').textContent).toBe(
      `${12 + 23 + ' @ada.bsky.social #tides'.length}/280 characters (a link counts 23)`,
    );
    // X shortens the link and shows its own card from it.
    expect(within(x).getByText('example.com/a/long/path…')).toBeTruthy();
    expect(within(x).getByTestId('preview-x-link').textContent).toBe(
      'X shows its own card for example.com, read from the link.',
    );
    expect(await within(x).findByText('@ada_tides')).toBeTruthy();

    showTab('Bluesky');
    const bluesky = screen.getByTestId('preview-bluesky');
    expect(within(bluesky).getByTestId('preview-length').textContent).toBe(`${text.length}/300 characters`);
    const marked = [...bluesky.querySelectorAll('[data-kind]')].map((el) => [
      el.getAttribute('data-kind'),
      el.textContent,
    ]);
    expect(marked).toEqual([
      ['link', link],
      ['mention', '@ada.bsky.social'],
      ['tag', '#tides'],
    ]);
    // The handle beside the name, and the mention in the text.
    expect(within(bluesky).getAllByText('@ada.bsky.social')).toHaveLength(2);
  });

  it('says when a part is too long for a network', () => {
    renderPreview([textPart('a'.repeat(290))], 'bluesky');
    expect(within(screen.getByTestId('preview-bluesky')).getByTestId('preview-length').textContent).toBe(
      '290/300 characters',
    );
    showTab('X');
    expect(within(screen.getByTestId('preview-x')).getByTestId('preview-length').textContent).toBe(
      '290/280 characters (a link counts 23) · too long',
    );
  });

  it('shows each part of a thread, its images with their alt text and ALT marks, and the card on Bluesky only when there are no images', () => {
    const card = {
      url: link,
      title: 'Tide tables',
      description: 'When the sea is out.',
      imageId: null,
      imageUrl: null,
    };
    renderPreview(
      [
        { ...textPart(`Out today ${link}`), link: card },
        {
          ...textPart('The pools'),
          media: [
            { id: 'm1', alt: 'A heron' },
            { id: 'm2', alt: '' },
            { id: 'm3', alt: 'Crabs' },
          ],
        },
      ],
      'bluesky',
    );
    const bluesky = screen.getByTestId('preview-bluesky');
    expect(
      within(bluesky)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement === bluesky),
    ).toHaveLength(2);
    expect(within(bluesky).getByTestId('preview-card').textContent).toContain('Tide tables');
    const grid = within(bluesky).getByRole('list', { name: '3 images' });
    expect(
      within(grid)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['A heron', 'Image without alt text', 'Crabs']);
    expect(within(grid).getAllByText('ALT')).toHaveLength(2);
    expect(within(grid).getAllByRole('img')[0]?.getAttribute('src')).toBe('/api/media/m1/thumbnail');

    showTab('X');
    const x = screen.getByTestId('preview-x');
    expect(within(x).queryByTestId('preview-card')).toBeNull();
    expect(within(x).getByRole('list', { name: '3 images' })).toBeTruthy();
  });
});
