import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { type Persona, platformLength, type ScheduledItem } from '@plume/core';
import { apiCall, expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';
import { blueskyPostsOf, createBlueskyAccount } from './peers';

/*
 * Images with alt text and the preview per network, on a phone's width: a draft with a link is
 * edited in the review queue, its card removed, a photo uploaded (a PNG made here) and described,
 * and each network's preview read; axe in both themes. The card is read from a page served here
 * (FEEDS_ALLOW_PRIVATE lets the server read loopback).
 */
test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 90_000 });

/** A small real PNG: `width` × `height` pixels of one colour. */
function png(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (table[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x4a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function personaWithBluesky(page: Page): Promise<{ persona: Persona; did: string }> {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Tide Writer', setup_complete: true });
  const account = await createBlueskyAccount('media');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: account.handle,
    appPassword: account.appPassword,
  });
  return { persona, did: account.did };
}

test('a draft gets two described photos instead of its card, each network previews it, and it goes out with them, at 375 px in both themes', {
  tag: '@database',
}, async ({ page }) => {
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<html><head><meta property="og:title" content="Tide tables"><meta property="og:description" content="When the sea is out."></head></html>',
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const link = `http://127.0.0.1:${(site.address() as AddressInfo).port}/tides`;
  try {
    await signIn(page, uniqueEmail('media'));
    const { persona, did } = await personaWithBluesky(page);
    await apiCall(page, 'POST', '/api/review', {
      personaId: persona.id,
      platform: 'bluesky',
      content: `Low tide at nine: ${link}`,
    });

    await page.goto('/review');
    const row = page.getByTestId('review-item');
    await row.getByRole('button', { name: 'Edit' }).click();

    // The card read when the draft was saved, and the preview of each network.
    await expect(row.getByTestId('link-card')).toContainText('Tide tables');
    await row.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = row.getByTestId('post-preview');
    await expect(preview.getByTestId('preview-bluesky').getByTestId('preview-card')).toContainText('Tide tables');
    await preview.getByRole('tab', { name: 'X' }).click();
    await expect(preview.getByTestId('preview-x').getByTestId('preview-x-link')).toHaveText(
      'X shows its own card for 127.0.0.1, read from the link.',
    );
    // By X's rule (twitter-text: a link it finds counts 23; an address by IP, as here, is text).
    await expect(preview.getByTestId('preview-x').getByTestId('preview-length')).toHaveText(
      `${platformLength('x', `Low tide at nine: ${link}`)}/280 characters (a link counts 23)`,
    );

    await row.getByRole('button', { name: 'Remove card of Draft text' }).click();
    await expect(row.getByTestId('link-card')).toHaveCount(0);

    // A photo, uploaded and then described.
    await row.getByTestId('image-file').setInputFiles({ name: 'tide.png', mimeType: 'image/png', buffer: png(60, 40) });
    await expect(row.getByTestId('alt-warning')).toHaveText(
      '⚠ Image 1 has no alt text: people using screen readers will not know what it shows.',
    );
    await expect(row.getByRole('img', { name: 'Image without alt text' }).first()).toBeVisible();
    await row.getByRole('textbox', { name: 'Image 1 alt text' }).fill('Rock pools at low tide');
    await expect(row.getByTestId('alt-warning')).toHaveCount(0);
    await row.getByTestId('image-file').setInputFiles({ name: 'crab.png', mimeType: 'image/png', buffer: png(40, 60) });
    await row.getByRole('textbox', { name: 'Image 2 alt text' }).fill('A crab under a rock');
    await expect(row.getByTestId('alt-warning')).toHaveCount(0);

    const onX = preview.getByTestId('preview-x');
    await expect(
      onX.getByRole('list', { name: '2 images' }).getByRole('img', { name: 'Rock pools at low tide' }),
    ).toBeVisible();
    await expect(onX.getByTestId('preview-images').getByText('ALT')).toHaveCount(2);
    await preview.getByRole('tab', { name: 'Bluesky' }).click();
    const onBluesky = preview.getByTestId('preview-bluesky');
    await expect(onBluesky.getByRole('img', { name: 'Rock pools at low tide' })).toBeVisible();
    await expect(onBluesky.getByTestId('preview-card')).toHaveCount(0);
    await expectNoViolations(page);

    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText('Draft saved', { exact: true })).toBeVisible();
    const [saved] = await apiCall<ScheduledItem[]>(page, 'GET', '/api/schedule?status=pending_review');
    expect(saved?.parts[0]?.link).toBeNull();
    expect(saved?.parts[0]?.media).toEqual([
      { id: expect.any(String), alt: 'Rock pools at low tide' },
      { id: expect.any(String), alt: 'A crab under a rock' },
    ]);

    // The other theme (dark is the default), the draft as saved: its photo in the preview.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await row.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(row.getByTestId('preview-bluesky').getByRole('img', { name: 'Rock pools at low tide' })).toBeVisible();
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(row.getByRole('textbox', { name: 'Image 1 alt text' })).toHaveValue('Rock pools at low tide');
    await expectNoViolations(page);

    // Approved to go out now: on the network once, with both photos, their alt texts and shapes, and its language.
    await row.getByRole('button', { name: 'Discard changes' }).click();
    await row.getByRole('button', { name: 'Approve and post now' }).click();
    await expect(async () => {
      const posts = await blueskyPostsOf(did);
      expect(posts).toHaveLength(1);
      const post = posts[0] as { text: string; langs?: string[]; embed?: { $type: string; images?: unknown[] } };
      expect(post.text).toBe(`Low tide at nine: ${link}`);
      expect(post.langs).toEqual(['en']);
      expect(post.embed?.$type).toBe('app.bsky.embed.images');
      expect(post.embed?.images).toEqual([
        expect.objectContaining({ alt: 'Rock pools at low tide', aspectRatio: { width: 60, height: 40 } }),
        expect.objectContaining({ alt: 'A crab under a rock', aspectRatio: { width: 40, height: 60 } }),
      ]);
    }).toPass({ timeout: 30_000 });

    // The persona can require alt text: a switch among its post settings, saved with it.
    await page.goto(`/editor/${persona.id}?tab=advanced`);
    await page.getByRole('switch', { name: 'Require alt text on images' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(
        async () =>
          (await apiCall<{ require_alt_text?: boolean }>(page, 'GET', `/api/personas/${persona.id}`)).require_alt_text,
      )
      .toBe(true);
  } finally {
    site.close();
  }
});
