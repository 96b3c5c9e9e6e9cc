import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataExportState, MediaItem, MediaList } from '@plume/core';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, freePort, type TestServer } from './helpers/build';
import { readJson, signedInUser } from './helpers/client';
import { until } from './helpers/until';

/*
 * The media library on an S3-compatible bucket (decision 046-media-library): s3rver, a local S3
 * server from npm, stands in for the bucket. Nothing of the image is kept in the database's
 * media_objects table. Data exports are kept there too, and a deleted account leaves nothing.
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

/** Files s3rver keeps on disk whose path (the object's key) names `mark`. */
function objectsNaming(mark: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((file) => file.includes(mark));
}

it('keeps a data export in the bucket, and a deleted account leaves no object there (issue 34)', async () => {
  const leaver = await signedInUser(server.url, 'leaver');
  const { id: userId } = await readJson<{ id: string }>(await leaver.request('/api/me'), 200);
  const form = new FormData();
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#654321' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'square.png');
  const item = await readJson<MediaItem>(await leaver.request('/api/media', { method: 'POST', body: form }), 201);
  await readJson(await leaver.request('/api/account/export', { method: 'POST' }), 202);
  const ready = await until(async () => {
    const state = await readJson<DataExportState>(await leaver.request('/api/account/export'), 200);
    return state.export?.status === 'ready' ? state.export : undefined;
  });
  const files = unzipSync(new Uint8Array(await (await leaver.request(ready.downloadUrl ?? '')).arrayBuffer()));
  expect(Object.keys(files)).toContain(`media/${item.id}.png`);
  expect(objectsNaming(`exports/${userId}`).length).toBeGreaterThan(0);
  expect(objectsNaming(`media/${userId}`).length).toBeGreaterThan(0);

  await readJson(await leaver.request('/api/account/delete', { method: 'POST' }), 200);
  const outbox = (await (await leaver.request('/api/dev/outbox')).json()) as { url: string }[];
  const token = new URL(outbox.find((m) => m.url?.includes('/account/delete'))?.url ?? '').searchParams.get('token');
  await readJson(await leaver.request('/api/account/delete/confirm', { method: 'POST', json: { token } }), 200);
  expect(objectsNaming(userId)).toEqual([]);
});
