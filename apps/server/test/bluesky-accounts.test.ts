import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AtpSessionData } from '@atproto/api';
import type { Account, MediaItem, Persona, PublishResponse, ScheduledItem } from '@plume/core';
import {
  BLUESKY_HANDLE_INVALID,
  BLUESKY_HANDLE_REQUIRED,
  RECONNECT_NEEDED_CODE,
  textPart,
  WORKSPACE_HEADER,
} from '@plume/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/crypto/secret-box';
import { oauthStates, platformAccounts, posts } from '../src/db/schema';
import { PUBLISH_POST } from '../src/jobs/publish-posts';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';
import { createWorkspace, inWorkspace, joinedMember } from './helpers/workspaces';

let bsky: BlueskyNetwork;
let server: TestServer;
let ann: Client;
let bob: Client;

async function signedIn(email: string): Promise<Client> {
  const client = createClient(server.url);
  await signInThroughOutbox(client, `${email}.${Date.now()}@example.com`);
  return client;
}

const newPersona = async (c: Client) =>
  readJson<Persona>(
    await c.request('/api/personas', { method: 'POST', json: { name: 'Skye', is_active: false } }),
    201,
  );
const accountsOf = async (c: Client, personaId: string) =>
  readJson<Account[]>(await c.request(`/api/personas/${personaId}/accounts`), 200);
/** The persona's connections as GET /api/personas (the list its cache serves) shows them. */
const listedAccounts = async (c: Client, personaId: string) =>
  (await readJson<Persona[]>(await c.request('/api/personas'), 200)).find((p) => p.id === personaId)
    ?.connected_accounts;
const connect = (c: Client, personaId: string, body: unknown) =>
  c.request(`/api/personas/${personaId}/accounts/bluesky/app-password`, { method: 'POST', json: body });
const publish = (c: Client, personaId: string, body: unknown) =>
  c.request(`/api/personas/${personaId}/post`, { method: 'POST', json: body });

/** Pages to link to, on loopback (FEEDS_ALLOW_PRIVATE lets Plume read them for link cards). */
let site: Server;
let siteUrl: string;
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PAGES: Record<string, { type: string; body: string | Buffer }> = {
  '/article': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html><head><title>Ignored title</title>
      <meta property="og:title" content="Plume &amp; the open web">
      <meta content="How posts carry their cards." property="og:description">
      <meta property="og:image" content="/pic.png"></head><body>Article</body></html>`,
  },
  '/plain': {
    type: 'text/html',
    body: '<html><head><title>A plain page</title><meta name="description" content="Only the basics."></head><body></body></html>',
  },
  '/bare': { type: 'text/html', body: '<html><body>No title here</body></html>' },
  '/fake-picture': {
    type: 'text/html',
    body: '<html><head><meta property="og:title" content="Fake picture"><meta property="og:image" content="/not-an-image.png"></head></html>',
  },
  '/pic.png': { type: 'image/png', body: PNG },
  '/not-an-image.png': { type: 'image/png', body: 'this is text, not a PNG' },
};

beforeAll(async () => {
  site = createServer((request, response) => {
    const page = PAGES[request.url ?? ''];
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  bsky = await startBlueskyNetwork();
  server = await build({ ...bsky.env, FEEDS_ALLOW_PRIVATE: 'true' });
  ann = await signedIn('ann');
  bob = await signedIn('bob');
});
afterAll(async () => {
  await server?.close();
  await bsky?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe('connecting with an app password', () => {
  it('connects, lists the account without any token, and keeps the report on the persona', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('alice');
    const account = await readJson<Account>(
      await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }),
      200,
    );
    expect(account).toMatchObject({
      platform: 'bluesky',
      username: alice.handle,
      isConnected: true,
      status: 'active',
      authMethod: 'app_password',
      profileUrl: `https://bsky.app/profile/${alice.handle}`,
    });
    const listed = await ann.request(`/api/personas/${persona.id}/accounts`);
    const text = await listed.text();
    expect(text).not.toContain(alice.appPassword);
    expect(text).not.toMatch(/accessJwt|refreshJwt|eyJ/);
    // Listed with what it spent of Bluesky's limits: the sign-in (createSession) is one of 300 a day.
    const signIn = { sessions: 1 };
    expect(JSON.parse(text)).toEqual([{ ...account, spend: { today: signIn, month: signIn } }]);

    const stored = await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200);
    expect(stored.connected_accounts).toEqual([
      expect.objectContaining({ platform: 'bluesky', username: alice.handle, isConnected: true, status: 'active' }),
    ]);
    expect(await listedAccounts(ann, persona.id)).toEqual(stored.connected_accounts);
  });

  it('keeps the session sealed in the database', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('sealed');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const rows = await server.app.database.db
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.personaId, persona.id));
    expect(rows[0]?.credentials).toMatch(/^v1\./);
    expect(rows[0]?.credentials).not.toContain('accessJwt');
  });

  it('says which field is wrong and stores nothing', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('wrong');
    const refused = await readJson<{ error: { message: string; details: { field: string }[] } }>(
      await connect(ann, persona.id, { handle: alice.handle, appPassword: 'nope-nope-nope-nope' }),
      400,
    );
    expect(refused.error.details[0]?.field).toBe('body.appPassword');

    const empty = await readJson<{ error: { message: string } }>(
      await connect(ann, persona.id, { handle: '   ', appPassword: 'x' }),
      400,
    );
    expect(empty.error.message).toContain(BLUESKY_HANDLE_REQUIRED);
    const invalid = await readJson<{ error: { message: string } }>(
      await connect(ann, persona.id, { handle: 'bad handle!', appPassword: 'x' }),
      400,
    );
    expect(invalid.error.message).toContain(BLUESKY_HANDLE_INVALID);
    expect(await accountsOf(ann, persona.id)).toEqual([]);
  });

  it("answers 404 for another user's persona", async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('other');
    await readJson(await connect(bob, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 404);
    await readJson(await bob.request(`/api/personas/${persona.id}/accounts`), 404);
    await readJson(await bob.request(`/api/personas/${persona.id}/accounts/bluesky`, { method: 'DELETE' }), 404);
  });
});

describe('link cards and languages on Bluesky', () => {
  type Embed = { $type: string; external: { uri: string; title: string; description: string; thumb?: unknown } };
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  /** Makes scheduled posts due (in this order) and publishes them through their job; answers how each ended. */
  async function publishDue(c: Client, ids: string[]): Promise<string[]> {
    for (const [i, id] of ids.entries()) {
      const at = new Date(Date.now() - (ids.length - i) * 1000);
      await server.app.database.db.update(posts).set({ scheduledFor: at }).where(eq(posts.id, id));
    }
    // The latest one's job: a batch takes its account's posts due before it along, in their order.
    await server.app.jobs.send(PUBLISH_POST, { postId: ids[ids.length - 1] });
    return until(async () => {
      const list = await readJson<ScheduledItem[]>(await c.request('/api/schedule'), 200);
      const statuses = ids.map((id) => list.find((i) => i.id === id)?.status ?? 'missing');
      return statuses.every((s) => s !== 'scheduled' && s !== 'publishing') ? statuses : undefined;
    }, 30_000);
  }

  it('reads the card when a post is scheduled, shows it, and sends it with its picture and the persona language', async () => {
    const persona = await newPersona(ann);
    await readJson(
      await ann.request(`/api/personas/${persona.id}`, { method: 'PUT', json: { languages: ['pt-BR'] } }),
      200,
    );
    const alice = await bsky.createAccount('cards');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const link = `${siteUrl}/article`;
    const item = await readJson<ScheduledItem>(
      await ann.request('/api/schedule', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content: `Leia isto: ${link}.`, runAt: inAnHour() },
      }),
      201,
    );
    expect(item.parts[0]?.link).toEqual({
      url: link,
      title: 'Plume & the open web',
      description: 'How posts carry their cards.',
      imageId: null,
      imageUrl: `${siteUrl}/pic.png`,
    });
    expect(await publishDue(ann, [item.id])).toEqual(['posted']);
    const [record] = await bsky.postsOf(alice.did);
    expect(record?.value.langs).toEqual(['pt-BR']);
    const embed = record?.value.embed as Embed;
    expect(embed).toMatchObject({
      $type: 'app.bsky.embed.external',
      external: { uri: link, title: 'Plume & the open web', description: 'How posts carry their cards.' },
    });
    // The picture went up as a blob of the account's: the PNG's own type and size.
    expect(embed.external.thumb).toMatchObject({ mimeType: 'image/png', size: PNG.length });
  });

  it('sends no card once removed (an edit keeps it removed), a <title> card without a picture, and none without a title', async () => {
    const made = await newPersona(ann);
    // Four posts at once: no cooldown between them.
    const safety = { ...made.automation.safety, cooldownPeriods: false };
    const persona = await readJson<Persona>(
      await ann.request(`/api/personas/${made.id}`, {
        method: 'PUT',
        json: { automation: { ...made.automation, safety } },
      }),
      200,
    );
    const alice = await bsky.createAccount('nocards');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const schedule = async (content: string) =>
      readJson<ScheduledItem>(
        await ann.request('/api/schedule', {
          method: 'POST',
          json: { personaId: persona.id, platform: 'bluesky', content, runAt: inAnHour() },
        }),
        201,
      );
    // Removed: the part saved without its card, then edited with the same link: still none.
    const removed = await schedule(`Card removed ${siteUrl}/article`);
    expect(removed.parts[0]?.link?.title).toBe('Plume & the open web');
    const edit = async (parts: unknown) =>
      readJson<ScheduledItem>(
        await ann.request(`/api/schedule/${removed.id}`, { method: 'PATCH', json: { parts } }),
        200,
      );
    const without = await edit([{ ...removed.parts[0], link: null }]);
    expect(without.parts[0]?.link).toBeNull();
    const edited = await edit([{ ...without.parts[0], text: `Card removed, words changed ${siteUrl}/article` }]);
    expect(edited.parts[0]?.link).toBeNull();
    const plain = await schedule(`Plain ${siteUrl}/plain`);
    expect(plain.parts[0]?.link).toMatchObject({
      title: 'A plain page',
      description: 'Only the basics.',
      imageUrl: null,
    });
    const fake = await schedule(`Fake ${siteUrl}/fake-picture`);
    expect(fake.parts[0]?.link).toMatchObject({ title: 'Fake picture', imageUrl: `${siteUrl}/not-an-image.png` });
    const bare = await schedule(`Bare ${siteUrl}/bare`);
    expect(bare.parts[0]?.link).toBeNull();
    expect(await publishDue(ann, [edited.id, plain.id, fake.id, bare.id])).toEqual([
      'posted',
      'posted',
      'posted',
      'posted',
    ]);

    const byText = new Map((await bsky.postsOf(alice.did)).map((r) => [String(r.value.text).split(' ')[0], r.value]));
    expect(byText.get('Card')?.embed).toBeUndefined();
    expect(byText.get('Plain')?.embed).toEqual({
      $type: 'app.bsky.embed.external',
      external: { uri: `${siteUrl}/plain`, title: 'A plain page', description: 'Only the basics.' },
    });
    // Not an image by its bytes: the card goes without a picture.
    expect(byText.get('Fake')?.embed).toEqual({
      $type: 'app.bsky.embed.external',
      external: { uri: `${siteUrl}/fake-picture`, title: 'Fake picture', description: '' },
    });
    expect(byText.get('Bare')?.embed).toBeUndefined();
    // Every post says its language: the persona's (English by default).
    expect([...byText.values()].map((v) => v.langs)).toEqual([['en'], ['en'], ['en'], ['en']]);
  });
});

describe('publishing to Bluesky', () => {
  it('posts with link, mention and hashtag facets, and records the post', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('poster');
    const friend = await bsky.createAccount('friend');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);

    const text = `Hello @${friend.handle}, read https://example.com/plume #buildinpublic`;
    const { results } = await readJson<PublishResponse>(
      await publish(ann, persona.id, { platform: 'bluesky', content: text }),
      200,
    );
    expect(results).toEqual([
      expect.objectContaining({
        platform: 'bluesky',
        status: 'posted',
        error: null,
        url: expect.stringContaining(`/profile/${alice.handle}/post/`),
      }),
    ]);

    const [record] = await bsky.postsOf(alice.did);
    expect(record?.uri).toBe(results[0]?.externalId);
    expect(record?.value.text).toBe(text);
    const facets = (record?.value.facets ?? []) as { features: Record<string, string>[] }[];
    const features = facets.flatMap((f) => f.features);
    expect(features).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ $type: 'app.bsky.richtext.facet#mention', did: friend.did }),
        expect.objectContaining({ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/plume' }),
        expect.objectContaining({ $type: 'app.bsky.richtext.facet#tag', tag: 'buildinpublic' }),
      ]),
    );
  });

  it('posts a thread as replies under its first part', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('thread');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const parts = ['1/3 Threads start here', '2/3 then go on', '3/3 and end here'];
    const { results } = await readJson<PublishResponse>(
      await publish(ann, persona.id, { platform: ['bluesky'], content: parts[0], parts }),
      200,
    );
    const records = (await bsky.postsOf(alice.did)).reverse();
    expect(records.map((r) => r.value.text)).toEqual(parts);
    const root = records[0];
    expect(root?.uri).toBe(results[0]?.externalId);
    expect(records[1]?.value.reply).toMatchObject({ root: { uri: root?.uri }, parent: { uri: root?.uri } });
    expect(records[2]?.value.reply).toMatchObject({ root: { uri: root?.uri }, parent: { uri: records[1]?.uri } });
  });

  it('posts 4 images with their alt texts and aspect ratios, stripped of EXIF, and an image on a thread’s second part', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('pictures');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const uploadImage = async (width: number, height: number) => {
      // A photo with GPS in its EXIF, large enough that Bluesky's 1,000,000 bytes need a re-encode.
      const photo = await sharp({
        create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 80 } },
      })
        .jpeg({ quality: 100 })
        .withExifMerge({ IFD0: { Make: 'PlumeCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      return readJson<MediaItem>(await ann.request('/api/media', { method: 'POST', body: form }), 201);
    };
    const images = [
      await uploadImage(1600, 1200),
      ...(await Promise.all([uploadImage(300, 200), uploadImage(200, 300), uploadImage(100, 100)])),
    ];
    expect(images[0]?.bytes).toBeGreaterThan(1_000_000);
    const media = images.map((image, n) => ({ id: image.id, alt: `Picture ${n + 1}` }));
    const text = 'Four pictures and a link https://example.com/plume';
    await readJson<PublishResponse>(
      await publish(ann, persona.id, { platform: 'bluesky', content: text, parts: [{ text, media }] }),
      200,
    );
    const [record] = await bsky.postsOf(alice.did);
    const embed = record?.value.embed as {
      $type: string;
      images: {
        alt: string;
        aspectRatio: { width: number; height: number };
        image: { ref: { toString(): string }; size: number };
      }[];
    };
    // Images take the part's embed: no link card beside them.
    expect(embed.$type).toBe('app.bsky.embed.images');
    expect(embed.images.map((i) => i.alt)).toEqual(['Picture 1', 'Picture 2', 'Picture 3', 'Picture 4']);
    expect(embed.images.slice(1).map((i) => i.aspectRatio)).toEqual([
      { width: 300, height: 200 },
      { width: 200, height: 300 },
      { width: 100, height: 100 },
    ]);
    expect((embed.images[0]?.aspectRatio.width ?? 0) / (embed.images[0]?.aspectRatio.height ?? 1)).toBeCloseTo(
      4 / 3,
      1,
    );
    for (const image of embed.images) {
      expect(image.image.size).toBeLessThanOrEqual(1_000_000);
      const { data } = await alice.agent.com.atproto.sync.getBlob({ did: alice.did, cid: image.image.ref.toString() });
      const meta = await sharp(Buffer.from(data)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Buffer.from(data).includes(Buffer.from('PlumeCam'))).toBe(false);
    }

    // A thread whose second part carries an image.
    const thread = [
      { text: 'A thread: first, words' },
      { text: 'then a picture', media: [{ id: images[3]?.id, alt: 'A grey square' }] },
    ];
    await readJson<PublishResponse>(
      await publish(ann, persona.id, { platform: 'bluesky', content: thread[0]?.text, parts: thread }),
      200,
    );
    const [second, first] = await bsky.postsOf(alice.did);
    expect(first?.value.embed).toBeUndefined();
    expect(second?.value.embed).toMatchObject({
      $type: 'app.bsky.embed.images',
      images: [{ alt: 'A grey square', aspectRatio: { width: 100, height: 100 } }],
    });
  });

  it("says each part's languages on its record, through the platform adapter", async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('langs');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const [account] = await server.app.database.db
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.personaId, persona.id));
    if (!account) throw new Error('not connected');
    const parts = [
      { ...textPart('Olá, mundo'), langs: ['pt-BR'] },
      { ...textPart('Hello, world'), langs: ['en', 'en-GB'] },
      textPart('No language said'),
    ];
    const outcome = await server.app.adapters.bluesky.publish(account, parts);
    expect(outcome.externalIds).toHaveLength(3);
    const records = (await bsky.postsOf(alice.did)).reverse();
    expect(records.map((r) => [r.value.text, r.value.langs])).toEqual([
      ['Olá, mundo', ['pt-BR']],
      ['Hello, world', ['en', 'en-GB']],
      ['No language said', undefined],
    ]);
  });

  it('refuses a post over 300 graphemes, naming the limit, and posts nothing', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('long');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const refused = await readJson<{ error: { message: string } }>(
      await publish(ann, persona.id, { platform: 'bluesky', content: 'a'.repeat(301) }),
      400,
    );
    expect(refused.error.message).toContain('too long for Bluesky (301/300)');
    expect(await bsky.postsOf(alice.did)).toEqual([]);
  });

  it('gives a clear 409 without a connected account, and 400 without content', async () => {
    const persona = await newPersona(ann);
    const conflict = await readJson<{ error: { message: string } }>(
      await publish(ann, persona.id, { platform: 'bluesky', content: 'hi' }),
      409,
    );
    expect(conflict.error.message).toMatch(/No Bluesky account is connected/);
    const x = await readJson<{ error: { message: string } }>(
      await publish(ann, persona.id, { platform: 'x', content: 'hi' }),
      409,
    );
    expect(x.error.message).toMatch(/No X account is connected/);
    const empty = await readJson<{ error: { message: string } }>(
      await publish(ann, persona.id, { platform: 'bluesky', content: '  ' }),
      400,
    );
    expect(empty.error.message).toContain('Content is required');
  });

  it('turns a revoked app password into an account in error, with a reconnect message', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('revoked');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    await alice.agent.com.atproto.server.revokeAppPassword({ name: 'plume' });
    const failed = await publish(ann, persona.id, { platform: 'bluesky', content: 'Still here?' });
    expect(failed.status).toBe(502);
    const [account] = await accountsOf(ann, persona.id);
    expect(account).toMatchObject({ status: 'error', errorMessage: expect.stringMatching(/Reconnect/) });
    await readJson(await publish(ann, persona.id, { platform: 'bluesky', content: 'again' }), 409);
  });

  it('asks for a reconnect whichever call finds the connection revoked, a read of mentions as well as a post', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('unread');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    await alice.agent.com.atproto.server.revokeAppPassword({ name: 'plume' });
    const [row] = await server.app.database.db
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.personaId, persona.id));
    if (!row) throw new Error('not connected');
    const read = server.app.adapters.bluesky.readMentions?.(row, { cursor: null, since: new Date(0), maxPages: 1 });
    await expect(read).rejects.toMatchObject({ kind: 'auth' });
    const [account] = await accountsOf(ann, persona.id);
    expect(account).toMatchObject({ status: 'error', errorMessage: expect.stringMatching(/Reconnect/) });
  });

  it('calls nothing on a connection marked for a reconnect: scheduling, approving and retrying are refused naming the account, what automation scheduled waits in review, a post already scheduled fails at once, and the PDS sees none', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('marked');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const db = server.app.database.db;
    // Before the connection broke: a post a person scheduled, one automation wrote for a slot
    // without review, and a draft waiting for review.
    const runAt = new Date(Date.now() + 60 * 60_000);
    const scheduled = await readJson<ScheduledItem>(
      await ann.request('/schedule', {
        method: 'POST',
        json: {
          personaId: persona.id,
          platform: 'bluesky',
          content: 'Scheduled before it broke',
          runAt: runAt.toISOString(),
        },
      }),
      201,
    );
    const draft = await readJson<ScheduledItem>(
      await ann.request('/api/review', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content: 'A draft to approve' },
      }),
      201,
    );
    const [automated] = await db
      .insert(posts)
      .values({
        id: crypto.randomUUID(),
        personaId: persona.id,
        platform: 'bluesky',
        content: 'Written by automation for its slot',
        parts: [textPart('Written by automation for its slot')],
        status: 'scheduled',
        scheduledFor: runAt,
        autoSlot: runAt,
        writer: 'offline',
      })
      .returning();
    // Marked by an earlier failed call; the app password itself would still work.
    const reason = 'Bluesky connection expired or was revoked. Reconnect the account.';
    await db
      .update(platformAccounts)
      .set({ status: 'error', errorMessage: reason })
      .where(eq(platformAccounts.personaId, persona.id));
    const named = `The Bluesky account @${alice.handle} needs to be reconnected`;

    // Asked of a person: refused at once, naming the account, nothing queued.
    const refused = await readJson<{ error: { code: string; message: string } }>(
      await ann.request('/schedule', {
        method: 'POST',
        json: {
          personaId: persona.id,
          platform: 'bluesky',
          content: 'Not while it needs a reconnect',
          runAt: runAt.toISOString(),
        },
      }),
      409,
    );
    expect(refused.error).toMatchObject({ code: RECONNECT_NEEDED_CODE, message: expect.stringContaining(named) });
    expect(refused.error.message).toContain("Reconnect it in the persona's Accounts tab");
    const approve = await readJson<{ error: { message: string } }>(
      await ann.request(`/api/review/${draft.id}/approve`, { method: 'POST', json: { queue: true } }),
      409,
    );
    expect(approve.error.message).toContain(named);
    const now = await readJson<{ error: { message: string } }>(
      await publish(ann, persona.id, { platform: 'bluesky', content: 'Now?' }),
      409,
    );
    expect(now.error.message).toContain(named);
    const [stillDraft] = await db.select().from(posts).where(eq(posts.id, draft.id));
    expect(stillDraft?.status).toBe('pending_review');

    // Their time comes: automation's post goes back to review (held with its account); the
    // person's fails at once, and Retry is refused while the account needs a reconnect.
    const due = new Date(Date.now() - 1000);
    await db.update(posts).set({ scheduledFor: due }).where(eq(posts.personaId, persona.id));
    const settled = async (id: string) =>
      until(async () => {
        const [row] = await db.select().from(posts).where(eq(posts.id, id));
        return row && row.status !== 'scheduled' && row.status !== 'publishing' ? row : undefined;
      });
    expect(await runJob(server, PUBLISH_POST, { postId: scheduled.id })).toBe('failed');
    expect(await runJob(server, PUBLISH_POST, { postId: automated?.id })).toBe('held for review');
    const [person, auto] = [await settled(scheduled.id), await settled(automated?.id ?? '')];
    expect([person.status, person.error]).toEqual(['failed', reason]);
    expect(auto.status).toBe('pending_review');
    const retry = await readJson<{ error: { message: string } }>(
      await ann.request(`/api/schedule/${scheduled.id}/retry`, { method: 'POST' }),
      409,
    );
    expect(retry.error.message).toContain(named);
    expect(await bsky.postsOf(alice.did)).toEqual([]);
  });
});

describe('disconnecting', () => {
  it('deletes the connection and its stored session, and ends that session at the server', async () => {
    const persona = await newPersona(ann);
    const alice = await bsky.createAccount('bye');
    await readJson(await connect(ann, persona.id, { handle: alice.handle, appPassword: alice.appPassword }), 200);
    const [held] = await server.app.database.db
      .select({ credentials: platformAccounts.credentials })
      .from(platformAccounts)
      .where(eq(platformAccounts.personaId, persona.id));
    const appSecret = readFileSync(path.join(server.dataDir, 'app-secret'), 'utf8').trim();
    const { session } = JSON.parse(
      createSecretBox(appSecret).open(held?.credentials ?? '', 'bluesky-app-password'),
    ) as { session: AtpSessionData };
    // The list (kept serialized between changes) shows the connection, then its end.
    expect((await listedAccounts(ann, persona.id))?.map((a) => a.username)).toEqual([alice.handle]);
    await readJson(await ann.request(`/api/personas/${persona.id}/accounts/bluesky`, { method: 'DELETE' }), 204);
    expect(await listedAccounts(ann, persona.id)).toEqual([]);
    expect(await accountsOf(ann, persona.id)).toEqual([]);
    const stored = await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200);
    expect(stored.connected_accounts).toEqual([]);
    const rows = await server.app.database.db
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.personaId, persona.id));
    expect(rows).toEqual([]);
    // The tokens Plume held no longer open a session (com.atproto.server.deleteSession).
    const refreshed = await fetch(`${bsky.pdsUrl}/xrpc/com.atproto.server.refreshSession`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.refreshJwt}` },
    });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ message: 'Token has been revoked' });
  });
});

describe('connecting with OAuth', () => {
  it("starts at the account's own server with a pushed authorization request", async () => {
    // A persona of a team workspace, started by an admin there: the popup names the workspace.
    const workspaceId = await createWorkspace(ann, 'Agency');
    const persona = await readJson<Persona>(
      await inWorkspace(ann, workspaceId)('/api/personas', { method: 'POST', json: { name: 'Team voice' } }),
      201,
    );
    const admin = await joinedMember(server.url, ann, workspaceId, 'admin');
    const alice = await bsky.createAccount('oauth');
    const started = await admin.request(
      `/api/oauth/bluesky?handle=${alice.handle}&personaId=${persona.id}&popupId=p1&authMethod=dpop&workspace=${workspaceId}`,
    );
    expect(started.status).toBe(302);
    const location = new URL(started.headers.get('location') ?? '');
    expect(location.origin).toBe(new URL(bsky.pdsUrl).origin);
    expect(location.pathname).toBe('/oauth/authorize');
    expect(location.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const clientId = new URL(location.searchParams.get('client_id') ?? '');
    expect(clientId.origin).toBe('http://localhost');
    expect(clientId.searchParams.get('redirect_uri')).toBe(
      `http://127.0.0.1:${new URL(server.url).port}/api/oauth/bluesky/callback`,
    );
    // The state (with its DPoP key) is kept sealed, never in plain text.
    const rows = await server.app.database.db.select().from(oauthStates).where(eq(oauthStates.platform, 'bluesky'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.value).toMatch(/^v1\./);
  });

  it('sends the popup to the callback page with the reason when it cannot start', async () => {
    const persona = await newPersona(ann);
    const notSignedIn = await fetch(
      `${server.url}/api/oauth/bluesky?handle=a.test&personaId=${persona.id}&popupId=p2`,
      {
        redirect: 'manual',
      },
    );
    const back = new URL(notSignedIn.headers.get('location') ?? '');
    expect(back.pathname).toBe('/bsky/callback');
    expect(back.searchParams.get('error')).toBe('Not authenticated');
    expect(back.searchParams.get('personaId')).toBe(persona.id);
    expect(back.searchParams.get('popupId')).toBe('p2');

    const badHandle = await ann.request(
      `/api/oauth/bluesky?handle=${encodeURIComponent('no way')}&personaId=${persona.id}`,
    );
    expect(new URL(badHandle.headers.get('location') ?? '').searchParams.get('error')).toBe(BLUESKY_HANDLE_INVALID);

    const unknown = await ann.request(`/api/oauth/bluesky?handle=nobody.test&personaId=${persona.id}`);
    expect(new URL(unknown.headers.get('location') ?? '').searchParams.get('error')).toBeTruthy();

    const others = await bob.request(`/api/oauth/bluesky?handle=a.test&personaId=${persona.id}`);
    expect(new URL(others.headers.get('location') ?? '').searchParams.get('error')).toBe('Persona not found');

    // A team workspace's persona (the popup names it, not a header): an editor there may not connect it.
    const workspaceId = await createWorkspace(ann, 'Client');
    const teamPersona = await readJson<Persona>(
      await inWorkspace(ann, workspaceId)('/api/personas', { method: 'POST', json: { name: 'Client voice' } }),
      201,
    );
    const editor = await joinedMember(server.url, ann, workspaceId, 'editor');
    const refused = await editor.request(
      `/api/oauth/bluesky?handle=a.test&personaId=${teamPersona.id}&workspace=${workspaceId}`,
    );
    expect(new URL(refused.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'Your role in this workspace (editor) cannot do this: it needs admin or above',
    );
  });

  it("starts for a shared workspace's persona when the popup names the workspace, and refuses a non-member", async () => {
    const shared = await readJson<{ id: string }>(
      await ann.request('/api/workspaces', { method: 'POST', json: { name: 'Client' } }),
      201,
    );
    const persona = await readJson<Persona>(
      await ann.request('/api/personas', {
        method: 'POST',
        json: { name: 'Shared', is_active: false },
        headers: { [WORKSPACE_HEADER]: shared.id },
      }),
      201,
    );
    const alice = await bsky.createAccount('shared');
    const start = `/api/oauth/bluesky?handle=${alice.handle}&personaId=${persona.id}&popupId=p3`;
    // A popup sends no header: without the parameter the persona is not in Ann's own workspace.
    const unnamed = new URL((await ann.request(start)).headers.get('location') ?? '');
    expect(unnamed.searchParams.get('error')).toBe('Persona not found');
    const named = new URL((await ann.request(`${start}&workspace=${shared.id}`)).headers.get('location') ?? '');
    expect(named.origin).toBe(new URL(bsky.pdsUrl).origin);
    expect(named.pathname).toBe('/oauth/authorize');
    const stranger = new URL((await bob.request(`${start}&workspace=${shared.id}`)).headers.get('location') ?? '');
    expect(stranger.pathname).toBe('/bsky/callback');
    expect(stranger.searchParams.get('error')).toBe('Workspace not found');
    expect(stranger.searchParams.get('popupId')).toBe('p3');
  });

  it('refuses a callback or token exchange with a state it did not issue', async () => {
    const callback = await fetch(`${server.url}/api/oauth/bluesky/callback?code=abc&state=forged&iss=${bsky.pdsUrl}`, {
      redirect: 'manual',
    });
    const back = new URL(callback.headers.get('location') ?? '');
    expect(back.pathname).toBe('/bsky/callback');
    expect(back.searchParams.get('error')).toBe('State validation failed. Please try again.');

    const token = await readJson<{ error: { message: string } }>(
      await ann.request('/api/oauth/token', { method: 'POST', json: { code: 'abc', state: 'forged' } }),
      400,
    );
    expect(token.error.message).toBe('State validation failed. Please try again.');
    const missing = await readJson<{ error: { message: string } }>(
      await ann.request('/api/oauth/token', { method: 'POST', json: { code: '', state: 'x' } }),
      400,
    );
    expect(missing.error.message).toContain('Missing authorization code');
  });
});
