import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaItem, MediaList } from '@plume/core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, freePort, type TestServer } from './helpers/build';
import { readJson, signedInUser } from './helpers/client';

/*
 * The media library on an S3-compatible bucket (decision 046-media-library): s3rver, a local S3
 * server from npm, stands in for the bucket. Nothing of the image is kept in the database's
 * media_objects table.
 */

type S3rverInstance = { run(): Promise<unknown>; close(): Promise<void> };
let s3: S3rverInstance;
let directory: string;
let server: TestServer;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'plume-s3-'));
  const port = await freePort();
  // s3rver ships no types: its constructor is described here.
  const s3rverModule = 's3rver';
  const { default: S3rver } = (await import(s3rverModule)) as {
    default: new (options: Record<string, unknown>) => S3rverInstance;
  };
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'plume-media' }],
  });
  await s3.run();
  server = await build({
    MEDIA_S3_BUCKET: 'plume-media',
    MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
    MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
  });
});

afterAll(async () => {
  await server?.close();
  await s3?.close();
  rmSync(directory, { recursive: true, force: true });
});

it('keeps an upload in the bucket, reads it back, and deletes it there', async () => {
  const ann = await signedInUser(server.url, 'ann');
  const form = new FormData();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'square.png');
  const item = await readJson<MediaItem>(await ann.request('/api/media', { method: 'POST', body: form }), 201);
  const stored = Buffer.from(await (await ann.request(item.url)).arrayBuffer());
  expect((await sharp(stored).metadata()).width).toBe(40);
  expect((await ann.request(item.thumbnailUrl)).headers.get('content-type')).toBe('image/webp');
  const objects = (await server.app.database.db.execute('select count(*)::int as n from media_objects')) as unknown as {
    rows: { n: number }[];
  };
  expect(objects.rows[0]?.n).toBe(0);
  expect((await ann.request(item.url, { method: 'DELETE' })).status).toBe(204);
  expect((await readJson<MediaList>(await ann.request('/api/media'), 200)).items).toEqual([]);
  expect((await ann.request(item.url)).status).toBe(404);
});
