import type { MediaItem, MediaList, Persona, PublishResponse, ScheduledItem } from '@plume/core';
import { ALT_TEXT_REQUIRED, OFFLINE_ALT_NOTE, textPart } from '@plume/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../src/db/schema';
import { type LlmStub, openaiError, openaiText, startLlmStub } from './fakes/llm';
import { createXStub } from './fakes/x';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';

/*
 * The media library over HTTP (decision 046-media-library): uploads of every accepted type, bad
 * input refused with nothing kept, metadata stripped, another user's images unseen, an image in a
 * post waiting to go out not deleted, and images posted to X (its contract fake) with alt text, a
 * failed upload leaving the post retryable with nothing posted. Bluesky's images are tested on the
 * local network in bluesky-accounts.test.ts (one network a file).
 */

const CLIENT_ID = 'plume-media-client';
const CLIENT_SECRET = 'plume-media-client-secret';
const stub = createXStub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
let server: TestServer;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  await stub.listen();
  server = await build({
    X_CLIENT_ID: CLIENT_ID,
    X_CLIENT_SECRET: CLIENT_SECRET,
    X_API_URL: stub.apiUrl,
    X_AUTHORIZE_URL: stub.authorizeUrl,
    X_METRICS_SYNC_MINUTES: '0',
  });
  stub.state.redirectUris.push(`${server.url}/x/callback`);
  [ann, bob] = await Promise.all([signedInUser(server.url, 'ann'), signedInUser(server.url, 'bob')]);
});

afterAll(async () => {
  await server?.close();
  await stub.close();
});

afterEach(() => {
  expect(stub.state.unknown).toEqual([]);
  expect(stub.pending()).toBe(0);
  stub.resetRecords();
});

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/** A GIF of `frames` 1×1 frames, written by hand (sharp would take long to make 500). */
function gifOfFrames(frames: number): Buffer {
  const header = Buffer.from([
    ...Buffer.from('GIF89a'),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0, // 1×1, a global colour table of 2
    0,
    0,
    0,
    255,
    255,
    255,
    0x21,
    0xff,
    0x0b,
    ...Buffer.from('NETSCAPE2.0'),
    3,
    1,
    0,
    0,
    0, // loop forever
  ]);
  const frame = Buffer.from([
    0x21,
    0xf9,
    4,
    0,
    10,
    0,
    0,
    0, // 0.1 s a frame
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0, // the image, 1×1
    2,
    2,
    0x44,
    0x01,
    0, // LZW data
  ]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

function upload(c: Client, bytes: Buffer, options: { name?: string; type?: string; alt?: string } = {}) {
  const form = new FormData();
  if (options.alt !== undefined) form.append('alt', options.alt);
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' }),
    options.name ?? 'image',
  );
  return c.request('/api/media', { method: 'POST', body: form });
}

async function refusal(response: Response, status: number) {
  const body = (
    await readJson<{ error: { code: string; message: string; details?: { field: string }[] } }>(response, status)
  ).error;
  return body;
}

const list = async (c: Client) => readJson<MediaList>(await c.request('/api/media?limit=100'), 200);

describe('uploading to the media library', () => {
  it('takes a JPEG, PNG, WebP and GIF, each read back as stored with a WebP thumbnail', async () => {
    const inputs = [
      { bytes: await solid(800, 600).jpeg().toBuffer(), type: 'image/jpeg' },
      { bytes: await solid(300, 200).png().toBuffer(), type: 'image/png' },
      { bytes: await solid(5000, 1000).webp().toBuffer(), type: 'image/webp' },
      { bytes: gifOfFrames(3), type: 'image/gif' },
    ];
    for (const input of inputs) {
      const item = await readJson<MediaItem>(await upload(ann, input.bytes, { alt: 'A red square' }), 201);
      expect(item).toMatchObject({ mimeType: input.type, alt: 'A red square', url: `/api/media/${item.id}` });
      const got = await ann.request(item.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(input.type);
      expect(got.headers.get('cache-control')).toContain('private');
      const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
      expect(meta.format).toBe(input.type.slice(6));
      const thumb = await ann.request(item.thumbnailUrl);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      const small = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect(Math.max(small.width ?? 0, small.height ?? 0)).toBeLessThanOrEqual(320);
    }
    const { items, usage } = await list(ann);
    expect(items.map((i) => i.mimeType)).toEqual(['image/gif', 'image/webp', 'image/png', 'image/jpeg']);
    // The 5,000 px wide WebP was capped at 4,096 on its long side.
    expect(items[1]).toMatchObject({ width: 4096 });
    expect(usage.count).toBe(4);
    expect(usage.limitBytes).toBe(500 * 1024 * 1024);
    // Pages: newest first, then the next by its cursor.
    const first = await readJson<MediaList>(await ann.request('/api/media?limit=3'), 200);
    expect(first.items).toHaveLength(3);
    const rest = await readJson<MediaList>(await ann.request(`/api/media?limit=3&cursor=${first.nextCursor}`), 200);
    expect(rest.items.map((i) => i.id)).toEqual([items[3]?.id]);
    expect(rest.nextCursor).toBeNull();
    const bad = await ann.request('/api/media?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { details: [{ field: 'query.cursor' }] } });
  });

  it('strips EXIF and GPS from a photo, and turns it upright by its orientation', async () => {
    const photo = await solid(120, 80)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PlumeCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    const given = await sharp(photo).metadata();
    expect(given.exif).toBeDefined();
    expect(given.orientation).toBe(6);
    const item = await readJson<MediaItem>(await upload(bob, photo, { name: 'holiday.jpg', type: 'image/jpeg' }), 201);
    const stored = Buffer.from(await (await bob.request(item.url)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('PlumeCam'))).toBe(false);
    // Orientation 6 (turned 90°) applied: 120×80 becomes 80×120.
    expect([item.width, item.height]).toEqual([80, 120]);
  });

  it('refuses what is not an image it takes, with a message naming the file, and keeps nothing', async () => {
    const before = await list(ann);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const cases: [Buffer, { name?: string; type?: string }, number, RegExp][] = [
      [Buffer.alloc(0), { name: 'empty.png', type: 'image/png' }, 400, /empty/],
      [zip, { name: 'photo.png', type: 'image/png' }, 400, /not a JPEG, PNG, WebP or GIF/],
      [svg, { name: 'logo.svg', type: 'image/svg+xml' }, 400, /SVG/],
      [await solid(30_000, 10).png().toBuffer(), { name: 'wide.png' }, 413, /too large/],
      [gifOfFrames(500), { name: 'long.gif', type: 'image/gif' }, 400, /500 frames/],
      [Buffer.alloc(50 * 1024 * 1024, 7), { name: 'huge.jpg', type: 'image/jpeg' }, 413, /over 20 MB/],
    ];
    for (const [bytes, options, status, message] of cases) {
      const error = await refusal(await upload(ann, bytes, options), status);
      expect(error.message, options.name).toMatch(message);
      expect(error.message, options.name).toMatch(/^body\.file: /);
    }
    // No form at all.
    const json = await refusal(await ann.request('/api/media', { method: 'POST', json: { file: 'x' } }), 400);
    expect(json.details?.[0]?.field).toBe('body.file');
    expect((await list(ann)).usage).toEqual(before.usage);
  });
});

describe('a server with a small quota and a model', () => {
  let small: TestServer;
  let model: LlmStub;
  let carol: Client;
  beforeAll(async () => {
    model = await startLlmStub();
    small = await build({
      MEDIA_QUOTA_BYTES: '3000',
      AI_PROVIDER: 'custom',
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'vision-stub',
    });
    carol = await signedInUser(small.url, 'carol');
  });
  afterAll(async () => {
    await small?.close();
    await model?.close();
  });

  it('refuses an upload past the quota with nothing kept', async () => {
    const noisy = await sharp({
      create: {
        width: 64,
        height: 64,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const error = await refusal(await upload(carol, noisy), 413);
    expect(error.message).toMatch(/^body\.file: Your media library is full/);
    expect((await list(carol)).usage).toMatchObject({ count: 0, bytes: 0, limitBytes: 3000 });
  });

  it('asks the model for alt text with the image, and says so when it cannot read one', async () => {
    const item = await readJson<MediaItem>(await upload(carol, await solid(8, 8).png().toBuffer()), 201);
    model.next(openaiText('A small red square.'));
    const suggested = await readJson<{ suggestion: string | null; note: string }>(
      await carol.request(`${item.url}/alt-suggestion`, { method: 'POST' }),
      200,
    );
    expect(suggested.suggestion).toBe('A small red square.');
    expect(suggested.note).toContain('vision-stub');
    const sent = JSON.stringify(model.seen.at(-1)?.body);
    expect(sent).toContain('data:image/webp;base64,');
    model.next(openaiError(400, 'This model does not support image input'));
    const refused = await readJson<{ suggestion: string | null; note: string }>(
      await carol.request(`${item.url}/alt-suggestion`, { method: 'POST' }),
      200,
    );
    expect(refused).toEqual({
      suggestion: null,
      note: 'vision-stub could not describe the image (it may not read images): write the alt text yourself.',
    });
    expect(model.unexpected).toEqual([]);
  });
});

describe('an image of the library', () => {
  it('is another user’s to see, change and delete only', async () => {
    const [item] = (await list(ann)).items;
    if (!item) throw new Error('no image of Ann’s');
    expect((await bob.request(item.url)).status).toBe(404);
    expect((await bob.request(item.thumbnailUrl)).status).toBe(404);
    expect((await bob.request(item.url, { method: 'PATCH', json: { alt: 'Mine now' } })).status).toBe(404);
    expect((await bob.request(item.url, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.request(`${item.url}/alt-suggestion`, { method: 'POST' })).status).toBe(404);
    const changed = await readJson<MediaItem>(
      await ann.request(item.url, { method: 'PATCH', json: { alt: 'A red square on white' } }),
      200,
    );
    expect(changed.alt).toBe('A red square on white');
    // The offline writer cannot see images, and says so.
    expect(await readJson(await ann.request(`${item.url}/alt-suggestion`, { method: 'POST' }), 200)).toEqual({
      suggestion: null,
      note: OFFLINE_ALT_NOTE,
    });
  });

  it('goes on a post only as its owner’s, with alt text where the persona requires it; in use, it is not deleted', async () => {
    const persona = await readJson<Persona>(
      await ann.request('/api/personas', { method: 'POST', json: { name: 'Pictures' } }),
      201,
    );
    const [mine] = (await list(ann)).items;
    const [bobs] = (await list(bob)).items;
    if (!mine || !bobs) throw new Error('no images');
    const review = (media: { id: string; alt: string }[], platform: 'bluesky' | 'x' = 'bluesky') =>
      ann.request('/api/review', {
        method: 'POST',
        json: {
          personaId: persona.id,
          platform,
          content: 'A picture',
          parts: [{ ...textPart('A picture'), media }],
        },
      });
    const foreign = await refusal(await review([{ id: bobs.id, alt: 'Not mine' }]), 400);
    expect(foreign.details?.[0]?.field).toBe('body.parts.0.media.0');
    const unknown = await refusal(await review([{ id: 'not-a-media-id', alt: 'Nothing' }]), 400);
    expect(unknown.details?.[0]?.field).toBe('body.parts.0.media.0');
    // Alt text within each network's own limit: 1,500 characters fit Bluesky, not X.
    const long = 'Rock pools at low tide. '.repeat(63).slice(0, 1500);
    const tooLong = await refusal(await review([{ id: mine.id, alt: long }], 'x'), 400);
    expect(tooLong.message).toContain("image 1's alt text is too long for X (1500/1,000)");
    // Without the setting, a missing alt text is allowed (the editor warns).
    const draft = await readJson<ScheduledItem>(await review([{ id: mine.id, alt: '' }]), 201);
    await readJson(
      await ann.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { require_alt_text: true } }),
      200,
    );
    const required = await refusal(await review([{ id: mine.id, alt: '  ' }]), 400);
    expect(required.message).toBe(ALT_TEXT_REQUIRED);
    expect(required.details?.[0]?.field).toBe('body.parts.0.media.0.alt');

    const inUse = await refusal(await ann.request(mine.url, { method: 'DELETE' }), 409);
    expect(inUse.code).toBe('media_in_use');
    // Once the post is gone, the image may go.
    expect((await ann.request(`/api/review/${draft.id}/reject`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await ann.request(mine.url, { method: 'DELETE' })).status).toBe(204);
    expect((await ann.request(mine.url)).status).toBe(404);
  });
});

describe('images on X', () => {
  async function xPersona(c: Client): Promise<Persona> {
    const persona = await readJson<Persona>(
      await c.request('/api/personas', { method: 'POST', json: { name: `On X ${Math.random()}` } }),
      201,
    );
    const started = await c.request(`/api/oauth/x?personaId=${persona.id}&popupId=popup-1`);
    const atX = await fetch(new URL(started.headers.get('location') ?? ''), { redirect: 'manual' });
    const callback = new URL(atX.headers.get('location') ?? '');
    await readJson(
      await c.request('/api/auth/x/token', {
        method: 'POST',
        json: {
          code: callback.searchParams.get('code'),
          state: callback.searchParams.get('state'),
          personaId: persona.id,
        },
      }),
      200,
    );
    return persona;
  }

  it('uploads each image with its alt text, then posts with the media ids; a failed upload posts nothing and can be retried', async () => {
    const persona = await xPersona(bob);
    const images = await Promise.all(
      ['#336699', '#993366'].map(async (colour) =>
        readJson<MediaItem>(
          await upload(
            bob,
            await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
              .jpeg()
              .toBuffer(),
          ),
          201,
        ),
      ),
    );
    const parts = [
      { ...textPart('Two captioned photos'), media: images.map((i, n) => ({ id: i.id, alt: `Photo ${n + 1}` })) },
    ];
    const sent = await readJson<PublishResponse>(
      await bob.request(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'x', content: 'Two captioned photos', parts },
      }),
      200,
    );
    expect(sent.results[0]?.status).toBe('posted');
    const tweet = stub.state.tweets.find((t) => t.id === sent.results[0]?.externalId);
    expect(tweet?.mediaIds).toHaveLength(2);
    expect(tweet?.mediaIds?.map((id) => stub.state.media.get(id)?.alt)).toEqual(['Photo 1', 'Photo 2']);

    // X fails the second upload: nothing is posted, and the post is there to retry.
    const tweetsBefore = stub.state.tweets.length;
    stub.next('POST /2/media/upload', 'pass', { status: 503, body: { title: 'Service Unavailable', status: 503 } });
    const failed = await bob.request(`/api/personas/${persona.id}/post`, {
      method: 'POST',
      json: { platform: 'x', content: 'Again, two photos', parts: [{ ...parts[0], text: 'Again, two photos' }] },
    });
    const error = await refusal(failed, 502);
    expect(error.message).toMatch(/image could not be uploaded to X/);
    expect(stub.state.tweets.length).toBe(tweetsBefore);
    const [row] = await server.app.database.db
      .select({ status: posts.status, externalIds: posts.externalIds })
      .from(posts)
      .where(eq(posts.content, 'Again, two photos'));
    expect(row).toEqual({ status: 'failed', externalIds: [] });

    // A connection made before Plume asked for media.write: X answers 403, and the message says to reconnect.
    stub.next('POST /2/media/upload', { status: 403, body: { title: 'Forbidden', status: 403 } });
    const forbidden = await refusal(
      await bob.request(`/api/personas/${persona.id}/post`, {
        method: 'POST',
        json: { platform: 'x', content: 'Once more', parts: [{ ...parts[0], text: 'Once more' }] },
      }),
      502,
    );
    expect(forbidden.message).toMatch(/reconnect the X account so Plume may upload images/);
    expect(stub.state.tweets.length).toBe(tweetsBefore);
  });
});
