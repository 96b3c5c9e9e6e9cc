import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { InAppNotificationList, Persona } from '@plume/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceChecks, sourceItems } from '../src/db/schema';
import { POLL_SOURCE, SOURCES_DUE } from '../src/jobs/sources';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { until } from './helpers/until';

let server: TestServer;
let feed: Server;
let base = '';
/** What the feed's server answers next: the feed (with its ETag), or a failure. */
let answer: 'feed' | 'broken' = 'feed';
const requests: { path: string; ifNoneMatch: string | undefined }[] = [];
const rss = readFileSync(path.join(import.meta.dirname, 'fixtures/feeds/hacker-news.rss'));

beforeAll(async () => {
  feed = createServer((req, res) => {
    requests.push({ path: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    if (answer === 'broken') {
      res.writeHead(500);
      res.end('down');
      return;
    }
    if (req.headers['if-none-match'] === '"v1"') {
      res.writeHead(304, { etag: '"v1"' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"' });
    res.end(rss);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  server = await build({ FEEDS_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  await server?.close();
  feed?.close();
});

async function run(name: string, data: Record<string, unknown> = {}): Promise<unknown> {
  const id = await server.app.jobs.send(name, data);
  return until(async () => {
    const job = await server.app.jobs.boss.getJobById(name, id ?? '');
    if (job?.state === 'failed') throw new Error(`${name} failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed' ? ((job.output as { value?: unknown })?.value ?? job.output) : undefined;
  }, 30_000);
}

async function personaReading(client: Client, url: string) {
  const created = await readJson<Persona>(
    await client.request('/api/personas', { method: 'POST', json: { name: 'Reader', is_active: true } }),
    201,
  );
  const sources = [
    {
      id: crypto.randomUUID(),
      name: 'Local news',
      type: 'rss',
      url,
      enabled: true,
      frequency: 7,
      status: 'pending',
      lastCheck: null,
      errorMessage: null,
    },
  ];
  return readJson<Persona>(
    await client.request(`/api/personas/${created.id}`, { method: 'PUT', json: { sources } }),
    200,
  );
}

const checkOf = async (personaId: string, url: string) =>
  (
    await server.app.database.db
      .select()
      .from(sourceChecks)
      .where(and(eq(sourceChecks.personaId, personaId), eq(sourceChecks.sourceUrl, url)))
  )[0];
const itemsOf = (personaId: string) =>
  server.app.database.db.select().from(sourceItems).where(eq(sourceItems.personaId, personaId));
const sourceOf = async (client: Client, personaId: string) =>
  (await readJson<Persona>(await client.request(`/api/personas/${personaId}`), 200)).sources[0];

describe('source polling', () => {
  it('reads each enabled source on its schedule, asks conditionally, and keeps items once', async () => {
    const ann = await signedInUser(server.url, 'poller');
    const url = `${base}/feed-${Date.now()}`;
    const persona = await personaReading(ann, url);
    const owner = (await readJson<{ user: { id: string } }>(await ann.request('/api/session'), 200)).user.id;

    // Due at once (never read): the every-minute look queues it and the items arrive.
    await run(SOURCES_DUE);
    await until(async () => ((await itemsOf(persona.id)).length === 3 ? true : undefined), 30_000);
    const first = await until(async () => {
      const source = await sourceOf(ann, persona.id);
      return source?.status === 'active' && source.lastCheck ? source : undefined;
    });
    expect(first.errorMessage).toBeNull();
    const check = await checkOf(persona.id, url);
    expect(check).toMatchObject({ etag: '"v1"', failures: 0 });
    // 7 checks a week: the next in a day.
    expect((check?.nextCheckAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    // Not due again: the next look leaves it alone.
    const before = requests.filter((r) => r.path.startsWith(new URL(url).pathname)).length;
    await run(SOURCES_DUE);
    expect(requests.filter((r) => r.path.startsWith(new URL(url).pathname))).toHaveLength(before);

    // Read again (as when due): a conditional request, answered 304, nothing added twice.
    expect(await run(POLL_SOURCE, { personaId: persona.id, userId: owner, url })).toBe('unchanged');
    expect(requests.at(-1)).toEqual({ path: new URL(url).pathname, ifNoneMatch: '"v1"' });
    expect(await itemsOf(persona.id)).toHaveLength(3);
  });

  it('backs off a failing source, says why on the source, tells its owner once, and recovers', async () => {
    const bo = await signedInUser(server.url, 'failing');
    const url = `${base}/broken-${Date.now()}`;
    const persona = await personaReading(bo, url);
    const owner = (await readJson<{ user: { id: string } }>(await bo.request('/api/session'), 200)).user.id;
    const job = { personaId: persona.id, userId: owner, url };
    const notices = async () =>
      (await readJson<InAppNotificationList>(await bo.request('/api/notifications'), 200)).items.filter((n) =>
        n.title.includes('keeps failing'),
      );
    answer = 'broken';
    try {
      const waits: number[] = [];
      // The first read goes through the every-minute look, as the scheduler's does: a look the cron
      // made already queued the same job (one per source), so no queued read races the ones below.
      await run(SOURCES_DUE);
      await until(async () => ((await checkOf(persona.id, url))?.failures === 1 ? true : undefined), 30_000);
      for (let n = 1; n <= 4; n++) {
        if (n > 1) expect(await run(POLL_SOURCE, job)).toBe(`failed ${n} in a row`);
        waits.push(((await checkOf(persona.id, url))?.nextCheckAt.getTime() ?? 0) - Date.now());
        expect((await notices()).length).toBe(n >= 3 ? 1 : 0);
      }
      // A day, two, four, then at most a week.
      const days = waits.map((ms) => Math.round(ms / 86_400_000));
      expect(days).toEqual([1, 2, 4, 7]);
      expect(await sourceOf(bo, persona.id)).toMatchObject({
        status: 'error',
        errorMessage: 'The site answered HTTP 500',
      });
      const [notice] = await notices();
      expect(notice).toMatchObject({
        kind: 'platform_update',
        title: "Reader's source “Local news” keeps failing",
        link: `/editor/${persona.id}?tab=sources`,
      });
      expect(notice?.message).toContain('The last 3 reads failed: The site answered HTTP 500.');
    } finally {
      answer = 'feed';
    }
    expect(await run(POLL_SOURCE, job)).toBe('read 3 items');
    expect(await checkOf(persona.id, url)).toMatchObject({ failures: 0, failingToldAt: null });
    expect(await sourceOf(bo, persona.id)).toMatchObject({ status: 'active', errorMessage: null });
  });
});
