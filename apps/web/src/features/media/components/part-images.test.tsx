import type { MediaItem } from '@plume/core';
import { type PostPart, textPart } from '@plume/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartMediaProvider } from '../../../components/part-media';
import { ThreadPartsEditor } from '../../../components/thread-parts-editor';
import { PartImages } from './part-images';

const item = (id: string, alt = ''): MediaItem => ({
  id,
  mimeType: 'image/png',
  width: 40,
  height: 30,
  bytes: 1200,
  alt,
  createdAt: '2026-11-26T10:00:00.000Z',
  url: `/api/media/${id}`,
  thumbnailUrl: `/api/media/${id}/thumbnail`,
});

const answer = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function Harness({ initial }: { initial: PostPart[] }) {
  const [parts, setParts] = useState(initial);
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <PartMediaProvider value={PartImages}>
        <ThreadPartsEditor
          parts={parts}
          onChange={setParts}
          platforms={['x', 'bluesky']}
          label={(i, count) => (count > 1 ? `Part ${i + 1} of ${count}` : 'Content')}
        />
      </PartMediaProvider>
      <output data-testid="parts">{JSON.stringify(parts)}</output>
    </QueryClientProvider>
  );
}

const shown = () => JSON.parse(screen.getByTestId('parts').textContent ?? '[]') as PostPart[];
const png = (name = 'tide.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const choose = (...files: File[]) => fireEvent.change(screen.getByTestId('image-file'), { target: { files } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a part's images in the parts editor", () => {
  it('uploads an image, warns while it has no alt text, and keeps the alt text written', async () => {
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
      await arrived;
      return answer(item('m1'), 201);
    });
    vi.stubGlobal('fetch', fetch);
    render(<Harness initial={[textPart('Low tide')]} />);

    choose(png());
    expect(await screen.findByText('Uploading tide.png…')).toBeTruthy();
    arrive();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/media');
    expect(init?.method).toBe('POST');
    expect((init?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);

    const alt = await screen.findByRole('textbox', { name: 'Image 1 alt text' });
    const image = screen.getByRole('img', { name: 'Image without alt text' });
    expect(image.getAttribute('src')).toBe('/api/media/m1/thumbnail');
    expect(screen.getByTestId('alt-warning').textContent).toContain(
      'Image 1 has no alt text: people using screen readers will not know what it shows.',
    );
    expect(alt.getAttribute('aria-describedby')).toBe(screen.getByTestId('alt-warning').id);
    expect(shown()[0]?.media).toEqual([{ id: 'm1', alt: '' }]);

    fireEvent.change(alt, { target: { value: 'Rock pools at low tide' } });
    expect(screen.queryByTestId('alt-warning')).toBeNull();
    // The library remembers it for the next post that picks the image.
    fireEvent.blur(alt);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/media/m1');
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({
      method: 'PATCH',
      body: JSON.stringify({ alt: 'Rock pools at low tide' }),
    });
    expect(screen.getByRole('img', { name: 'Rock pools at low tide' })).toBeTruthy();
    expect(screen.getByText('ALT')).toBeTruthy();
    expect(shown()[0]?.media).toEqual([{ id: 'm1', alt: 'Rock pools at low tide' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(shown()[0]?.media).toEqual([]);
  });

  it('says when an alt text is longer than X takes', () => {
    vi.stubGlobal('fetch', vi.fn());
    render(<Harness initial={[{ ...textPart('Low tide'), media: [{ id: 'm1', alt: 'a'.repeat(1001) }] }]} />);
    expect(screen.getByText('1,001/1,000')).toBeTruthy();
    expect(screen.getByText('X takes at most 1,000 characters of alt text: shorten it.')).toBeTruthy();
  });

  it("takes an image pasted into the part's text as an image, not as text", async () => {
    const fetch = vi.fn(async () => answer(item('m9'), 201));
    vi.stubGlobal('fetch', fetch);
    render(<Harness initial={[textPart('Low tide')]} />);
    fireEvent.paste(screen.getByRole('textbox', { name: 'Content' }), {
      clipboardData: { files: [png('pasted.png')] },
    });
    await waitFor(() => expect(shown()[0]?.media).toEqual([{ id: 'm9', alt: '' }]));
    expect(shown()[0]?.text).toBe('Low tide');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message beside the part when an upload is refused, and refuses what is not an image before sending", async () => {
    const fetch = vi.fn(async () =>
      answer({ error: { code: 'invalid_image', message: 'The file is not an image Plume can read' } }, 400),
    );
    vi.stubGlobal('fetch', fetch);
    render(<Harness initial={[textPart('Low tide')]} />);

    choose(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert').textContent).toBe('logo.svg: Plume takes JPEG, PNG, WebP and GIF images');
    expect(fetch).not.toHaveBeenCalled();

    choose(png('zip.png'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'zip.png was not uploaded: The file is not an image Plume can read',
      ),
    );
    expect(shown()[0]?.media).toEqual([]);
  });

  it('says why no alt text is suggested when the writer cannot see images', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ suggestion: null, note: 'The offline writer cannot see images.' })),
    );
    render(<Harness initial={[{ ...textPart('Low tide'), media: [{ id: 'm1', alt: '' }] }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Suggest alt text for image 1' }));
    expect((await screen.findByTestId('alt-note')).textContent).toBe('The offline writer cannot see images.');
    expect(shown()[0]?.media).toEqual([{ id: 'm1', alt: '' }]);
  });

  it('fills in a suggested alt text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ suggestion: 'A heron in shallow water', note: 'Suggested' })),
    );
    render(<Harness initial={[{ ...textPart('Low tide'), media: [{ id: 'm1', alt: '' }] }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Suggest alt text for image 1' }));
    await waitFor(() => expect(shown()[0]?.media).toEqual([{ id: 'm1', alt: 'A heron in shallow water' }]));
  });

  it("hides a part's link card while it has images, and says so", () => {
    vi.stubGlobal('fetch', vi.fn());
    const link = { url: 'https://example.com/tides', title: 'Tides', description: '', imageId: null, imageUrl: null };
    render(
      <Harness
        initial={[{ ...textPart('Read https://example.com/tides'), link, media: [{ id: 'm1', alt: 'A heron' }] }]}
      />,
    );
    expect(screen.queryByTestId('link-card')).toBeNull();
    expect(screen.getByTestId('card-hidden').textContent).toContain('instead of the link card for example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByTestId('link-card')).toBeTruthy();
    expect(screen.queryByTestId('card-hidden')).toBeNull();
  });

  it('picks from the library: its usage, more on request, and an image added with its alt text', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('cursor=c2')
        ? answer({
            items: [item('m3', 'Older')],
            nextCursor: null,
            usage: { bytes: 12 * 1024 * 1024, limitBytes: 500 * 1024 * 1024, count: 3 },
          })
        : answer({
            items: [item('m1', 'Heron'), item('m2')],
            nextCursor: 'c2',
            usage: { bytes: 12 * 1024 * 1024, limitBytes: 500 * 1024 * 1024, count: 3 },
          }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<Harness initial={[{ ...textPart('Low tide'), media: [{ id: 'm1', alt: 'Heron' }] }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'From library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Media library' });
    expect((await within(dialog).findByTestId('media-usage')).textContent).toBe('12 MB of 500 MB used · 3 images');
    expect((within(dialog).getByRole('button', { name: 'Added: Heron' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await within(dialog).findByRole('button', { name: 'Add: Older' });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/media?limit=24', '/api/media?limit=24&cursor=c2']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add: Older' }));
    expect(shown()[0]?.media).toEqual([
      { id: 'm1', alt: 'Heron' },
      { id: 'm3', alt: 'Older' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows images read-only, with their alt text, when the part cannot be edited', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PartMediaProvider value={PartImages}>
          <ThreadPartsEditor
            parts={[{ ...textPart('Low tide'), media: [{ id: 'm1', alt: '' }] }]}
            onChange={() => {}}
            platforms={['bluesky']}
            label={() => 'Content'}
            readOnly
          />
        </PartMediaProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('img', { name: 'Image without alt text' })).toBeTruthy();
    expect(screen.getByText(/Image 1 has no alt text/)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
