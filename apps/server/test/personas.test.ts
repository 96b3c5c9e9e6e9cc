import { DEFAULT_TRAITS, type Persona, type PersonaVersion, type Tag } from '@plume/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas, platformAccounts } from '../src/db/schema';
import { createPersonasRepository } from '../src/modules/personas/personas.repository';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';

let server: TestServer;
let ann: Client;
let bob: Client;
let emails = 0;

async function signedIn(): Promise<Client> {
  const client = createClient(server.url);
  emails += 1;
  await signInThroughOutbox(client, `user${emails}.${Date.now()}@example.com`);
  return client;
}

const post = (c: Client, path: string, body: unknown) => c.request(path, { method: 'POST', json: body });
const put = (c: Client, path: string, body: unknown) => c.request(path, { method: 'PUT', json: body });
const del = (c: Client, path: string) => c.request(path, { method: 'DELETE' });
const create = async (c: Client, body: unknown = {}) => readJson<Persona>(await post(c, '/api/personas', body), 201);
const list = async (c: Client) => readJson<Persona[]>(await c.request('/api/personas'), 200);

beforeAll(async () => {
  server = await build();
  ann = await signedIn();
  bob = await signedIn();
});
afterAll(() => server?.close());

describe('creating personas', () => {
  it('needs a session', async () => {
    const response = await fetch(`${server.url}/api/personas`);
    expect(response.status).toBe(401);
  });

  it('fills in the specs defaults', async () => {
    const persona = await create(ann);
    expect(persona).toMatchObject({
      name: 'New Persona',
      personality: {
        humor: 50,
        sarcasm: 30,
        tone: 40,
        professionalism: 50,
        optimism: 60,
        technicality: 50,
        controversial: 30,
        emoji: 40,
        engagement: 50,
      },
      is_active: true,
      use_default_prompt: true,
      custom_prompt: '',
      setup_complete: false,
      tags: [],
      stats: { followers: 0, totalTweets: 0, avgLikes: 0, avgRetweets: 0, engagementRate: 0 },
      recent_tweets: [],
      connected_accounts: [],
      advanced_options: {
        includeHashtags: true,
        threadGeneration: false,
        linkSharing: true,
        modelTemperature: 0.7,
        maxLength: 280,
      },
    });
    expect(persona.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(persona.sources.map((s) => [s.type, s.enabled, s.status])).toEqual([
      ['rss', true, 'active'],
      ['rss', false, 'pending'],
      ['reddit', false, 'pending'],
    ]);
    expect(persona.templates.map((s) => [s.name, s.enabled, s.weight])).toEqual([
      ['Commentary', true, 8],
      ['Discussion Starters', true, 6],
      ['Hot Takes', false, 4],
      ['Educational Breakdown', false, 5],
    ]);
    const { autoPosting, autoReplies, engagement, safety } = persona.automation;
    expect([autoPosting.enabled, autoReplies.enabled, engagement.enabled, engagement.autoLike.enabled]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(autoPosting.customTimes).toEqual(['09:00', '15:00']);
    expect(autoReplies.templates.map((t) => t.name)).toEqual([
      'Appreciation',
      'Question Response',
      'Agreement',
      'Encouragement',
      'Discussion Starter',
    ]);
    expect(safety.dailyActivityLimit).toBe(50);
    await del(ann, `/api/personas/${persona.id}`);
  });

  it('cleans the name: trimmed, < and > stripped', async () => {
    const persona = await create(ann, { name: '  <b>Ada</b>  ', is_active: false });
    expect(persona.name).toBe('bAda/b');
    await del(ann, `/api/personas/${persona.id}`);
  });

  it('refuses bad input with the field named, and stores nothing', async () => {
    const before = (await list(ann)).length;
    const cases: [unknown, string][] = [
      [{ name: '  <>  ' }, 'body.name: Name is required'],
      [{ name: 'x'.repeat(51) }, 'body.name: Name must be under 50 characters'],
      [{ personality: { humor: 101 } }, 'body.personality'],
      [{ personality: { ...DEFAULT_TRAITS, humor: 50.5 } }, 'body.personality.humor'],
      [{ is_active: 'yes' }, 'body.is_active'],
      [
        {
          advanced_options: {
            includeHashtags: true,
            threadGeneration: false,
            linkSharing: true,
            modelTemperature: 0.75,
            maxLength: 280,
          },
        },
        'body.advanced_options.modelTemperature',
      ],
      [{ tags: ['not-a-uuid'] }, 'body.tags.0'],
    ];
    for (const [body, field] of cases) {
      const { error } = await readJson<{ error: { code: string; message: string } }>(
        await post(ann, '/api/personas', body),
        400,
      );
      expect(error.message).toContain(field);
    }
    expect((await list(ann)).length).toBe(before);
  });

  it('answers 413 for a body over 256 KB', async () => {
    const response = await post(ann, '/api/personas', { name: 'Big', custom_prompt: 'x'.repeat(300_000) });
    expect(response.status).toBe(413);
  });

  it('lists newest first, only the owners personas', async () => {
    const first = await create(ann, { name: 'First', is_active: false });
    const second = await create(ann, { name: 'Second', is_active: false });
    const names = (await list(ann)).map((p) => p.name);
    expect(names.indexOf('Second')).toBeLessThan(names.indexOf('First'));
    expect((await list(bob)).map((p) => p.id)).not.toContain(first.id);
    await del(ann, `/api/personas/${first.id}`);
    await del(ann, `/api/personas/${second.id}`);
  });
});

describe('saving, versions and rollback', () => {
  it('saves only the fields sent and keeps a version per save, newest first', async () => {
    const persona = await create(ann, { name: 'Versioned', is_active: false });
    const automation = { ...persona.automation, autoPosting: { ...persona.automation.autoPosting, enabled: true } };
    const saved = await readJson<Persona>(
      await put(ann, `/api/personas/${persona.id}`, { name: 'Versioned 2', automation }),
      200,
    );
    expect(saved.name).toBe('Versioned 2');
    expect(saved.automation.autoPosting.enabled).toBe(true);
    expect(saved.sources).toEqual(persona.sources);

    const tuned = await readJson<Persona>(
      await put(ann, `/api/personas/${persona.id}`, { personality: { ...persona.personality, humor: 80 } }),
      200,
    );
    expect(tuned.personality.humor).toBe(80);

    const versions = await readJson<PersonaVersion[]>(await ann.request(`/api/personas/${persona.id}/versions`), 200);
    expect(versions.map((v) => v.summary)).toEqual([
      'Traits (humor 50→80)',
      'Renamed to "Versioned 2"; automation',
      'Created',
    ]);

    const created = versions[2]?.versionId;
    const rolled = await readJson<Persona>(
      await post(ann, `/api/personas/${persona.id}/rollback`, { versionId: created }),
      200,
    );
    expect(rolled).toMatchObject({
      name: 'Versioned',
      personality: persona.personality,
      automation: persona.automation,
    });
    expect(rolled.id).toBe(persona.id);
    const after = await readJson<PersonaVersion[]>(await ann.request(`/api/personas/${persona.id}/versions`), 200);
    expect(after).toHaveLength(4);
    expect(after[0]?.summary).toMatch(/^Rolled back to the version of /);
  });

  it('leaves the stored persona unchanged when a save is refused', async () => {
    const persona = await create(ann, { name: 'Steady', is_active: false });
    await readJson(await put(ann, `/api/personas/${persona.id}`, { name: '', personality: { humor: 5 } }), 400);
    expect(await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200)).toEqual(persona);
  });

  it('keeps its languages (English unless chosen, tags made canonical), and refuses a bad tag naming the field', async () => {
    const persona = await create(ann, { name: 'Polyglot', is_active: false });
    expect(persona.languages).toEqual(['en']);
    const saved = await readJson<Persona>(
      await put(ann, `/api/personas/${persona.id}`, { languages: ['pt-br', 'en'] }),
      200,
    );
    expect(saved.languages).toEqual(['pt-BR', 'en']);
    for (const languages of [['portuguese!'], [], ['en', 'en'], ['x-']]) {
      const refused = await readJson<{ error: { message: string } }>(
        await put(ann, `/api/personas/${persona.id}`, { languages }),
        400,
      );
      expect(refused.error.message).toContain('body.languages');
    }
    expect((await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200)).languages).toEqual([
      'pt-BR',
      'en',
    ]);
  });

  it('keeps a bio and an emoji avatar, and refuses two emoji naming the field', async () => {
    const persona = await create(ann, { name: 'Owl', is_active: false, bio: ' Reads <i>papers</i> ', avatar: '🦉' });
    expect(persona).toMatchObject({ bio: 'Reads ipapers/i', avatar: '🦉' });
    const refused = await readJson<{ error: { message: string } }>(
      await put(ann, `/api/personas/${persona.id}`, { avatar: '🦉🦉', bio: 'Changed' }),
      400,
    );
    expect(refused.error.message).toMatch(/avatar/);
    expect(await readJson<Persona>(await ann.request(`/api/personas/${persona.id}`), 200)).toEqual(persona);
    await readJson(await put(ann, `/api/personas/${persona.id}`, { bio: 'x'.repeat(161) }), 400);
    const cleared = await readJson<Persona>(await put(ann, `/api/personas/${persona.id}`, { avatar: '' }), 200);
    expect(cleared.avatar).toBe('');
  });

  it("keeps each source's recorded check when a client saves stale values", async () => {
    const persona = await create(ann, { is_active: false });
    const [first, ...rest] = persona.sources;
    if (!first) throw new Error('no seeded source');
    const sent = [{ ...first, name: 'Renamed', status: 'error', errorMessage: 'made up' }, ...rest];
    const added = { ...first, id: 'added', url: 'https://example.com/feed.xml', status: 'active' };
    const saved = await readJson<Persona>(
      await put(ann, `/api/personas/${persona.id}`, { sources: [...sent, added] }),
      200,
    );
    expect(saved.sources[0]).toEqual({ ...first, name: 'Renamed' });
    expect(saved.sources.at(-1)).toMatchObject({ id: 'added', status: 'pending', lastCheck: null });
  });

  it('answers 404 for an unknown version or one of another persona', async () => {
    const a = await create(ann, { is_active: false });
    const b = await create(ann, { is_active: false });
    const [bVersion] = await readJson<PersonaVersion[]>(await ann.request(`/api/personas/${b.id}/versions`), 200);
    await readJson(await post(ann, `/api/personas/${a.id}/rollback`, { versionId: crypto.randomUUID() }), 404);
    await readJson(await post(ann, `/api/personas/${a.id}/rollback`, { versionId: bVersion?.versionId }), 404);
    await readJson(await post(ann, `/api/personas/${a.id}/rollback`, { versionId: 'nope' }), 400);
  });
});

describe('another users persona', () => {
  it('answers 404 for read, update, delete, export, versions and rollback', async () => {
    const mine = await create(ann, { name: 'Private', is_active: false });
    const [version] = await readJson<PersonaVersion[]>(await ann.request(`/api/personas/${mine.id}/versions`), 200);
    const attempts = [
      bob.request(`/api/personas/${mine.id}`),
      put(bob, `/api/personas/${mine.id}`, { name: 'Stolen' }),
      del(bob, `/api/personas/${mine.id}`),
      bob.request(`/api/personas/${mine.id}/export`),
      bob.request(`/api/personas/${mine.id}/versions`),
      post(bob, `/api/personas/${mine.id}/rollback`, { versionId: version?.versionId }),
      post(bob, '/api/personas/bulk', { ids: [mine.id], action: 'pause' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect(await readJson<Persona>(await ann.request(`/api/personas/${mine.id}`), 200)).toEqual(mine);
  });
});

describe('export and import', () => {
  it('export then import reproduces every field but the id', async () => {
    const original = await create(ann, {
      name: 'Exported',
      is_active: false,
      custom_prompt: 'Be brief',
      use_default_prompt: false,
    });
    const response = await ann.request(`/api/personas/${original.id}/export`);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="persona-exported.json"');
    const file = await readJson<Persona>(response, 200);
    const copy = await readJson<Persona>(await post(ann, '/api/personas/import', file), 201);
    expect(copy.id).not.toBe(original.id);
    expect({ ...copy, id: original.id }).toEqual(original);
    const versions = await readJson<PersonaVersion[]>(await ann.request(`/api/personas/${copy.id}/versions`), 200);
    expect(versions[0]?.summary).toBe('Imported from a file as "Exported"');
  });

  it("takes an imported persona's connections from its own accounts, never from the file", async () => {
    const original = await create(ann, { name: 'Has an account', is_active: false });
    await server.app.database.db.insert(platformAccounts).values({
      id: crypto.randomUUID(),
      personaId: original.id,
      platform: 'bluesky',
      externalId: 'did:plc:exported',
      username: 'exported.test',
      authMethod: 'app_password',
    });
    const file = await readJson<Persona>(await ann.request(`/api/personas/${original.id}/export`), 200);
    expect(file.connected_accounts.map((a) => a.username)).toEqual(['exported.test']);
    const copy = await readJson<Persona>(await post(ann, '/api/personas/import', file), 201);
    expect(copy.connected_accounts).toEqual([]);
    expect((await list(ann)).find((p) => p.id === copy.id)?.connected_accounts).toEqual([]);
  });

  it('refuses a broken file, naming the field, and stores nothing', async () => {
    const original = await create(ann, { name: 'Source', is_active: false });
    const before = (await list(ann)).length;
    const broken = { ...original, automation: { ...original.automation, safety: { dailyActivityLimit: 'many' } } };
    const { error } = await readJson<{ error: { message: string } }>(
      await post(ann, '/api/personas/import', broken),
      400,
    );
    expect(error.message).toContain('body.automation.safety');
    await readJson(await post(ann, '/api/personas/import', { hello: 'world' }), 400);
    await readJson(await post(ann, '/api/personas/import', [1, 2]), 400);
    expect((await list(ann)).length).toBe(before);
  });
});

describe('tags', () => {
  it('are created, renamed and deleted, and deleting one takes it off every persona', async () => {
    const tag = await readJson<Tag>(await post(ann, '/api/tags', { name: ' Tech ', color: 'blue' }), 201);
    expect(tag).toMatchObject({ name: 'Tech', color: 'blue' });
    await readJson(await post(ann, '/api/tags', { name: 'Tech', color: 'red' }), 409);
    // Two at once: the unique index answers 409, never 500.
    const racing = await Promise.all([
      post(ann, '/api/tags', { name: 'Twin', color: 'red' }),
      post(ann, '/api/tags', { name: 'Twin', color: 'red' }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    await readJson(await post(ann, '/api/tags', { name: 'x', color: 'neon' }), 400);
    const renamed = await readJson<Tag>(
      await put(ann, `/api/tags/${tag.id}`, { name: 'Technology', color: 'teal' }),
      200,
    );
    expect(renamed).toEqual({ id: tag.id, name: 'Technology', color: 'teal' });
    expect(await readJson<Tag[]>(await bob.request('/api/tags'), 200)).toEqual([]);
    await readJson(await put(bob, `/api/tags/${tag.id}`, { name: 'Mine', color: 'red' }), 404);

    const tagged = await create(ann, { name: 'Tagged', is_active: false, tags: [tag.id] });
    expect(tagged.tags).toEqual([tag.id]);
    await readJson(await post(bob, '/api/personas', { is_active: false, tags: [tag.id] }), 400);

    // Another account's tag ids are dropped on import, not refused.
    const file = await readJson<Persona>(await ann.request(`/api/personas/${tagged.id}/export`), 200);
    const imported = await readJson<Persona>(
      await post(bob, '/api/personas/import', { ...file, is_active: false }),
      201,
    );
    expect(imported.tags).toEqual([]);

    await readJson(await del(ann, `/api/tags/${tag.id}`), 204);
    expect((await readJson<Persona>(await ann.request(`/api/personas/${tagged.id}`), 200)).tags).toEqual([]);
    await readJson(await del(ann, `/api/tags/${tag.id}`), 404);
  });
});

describe('the active limit and bulk actions', () => {
  it('allows 10 active personas per user and answers 409 for an 11th', async () => {
    const carol = await signedIn();
    const created = [];
    for (let i = 0; i < 10; i++) created.push(await create(carol, { name: `Active ${i}` }));
    const { error } = await readJson<{ error: { message: string } }>(
      await post(carol, '/api/personas', { name: 'Eleventh' }),
      409,
    );
    expect(error.message).toBe('You can have at most 10 active personas. Pause one before activating another.');
    const paused = await create(carol, { name: 'Paused', is_active: false });
    await readJson(await put(carol, `/api/personas/${paused.id}`, { is_active: true }), 409);

    // Bulk activate over the limit: 409, a result per id, nothing changed.
    const more = await create(carol, { name: 'Paused 2', is_active: false });
    const refused = await readJson<{ error: { results: { id: string; ok: boolean }[] } }>(
      await post(carol, '/api/personas/bulk', { ids: [paused.id, more.id], action: 'activate' }),
      409,
    );
    expect(refused.error.results.map((r) => r.ok)).toEqual([false, false]);
    expect((await list(carol)).filter((p) => p.is_active)).toHaveLength(10);

    // Pause two, then the two paused ones fit.
    const pausedTwo = await readJson<{ results: { id: string; ok: boolean }[] }>(
      await post(carol, '/api/personas/bulk', { ids: [created[0]?.id, created[1]?.id], action: 'pause' }),
      200,
    );
    expect(pausedTwo.results).toEqual([
      { id: created[0]?.id, ok: true },
      { id: created[1]?.id, ok: true },
    ]);
    await readJson(await post(carol, '/api/personas/bulk', { ids: [paused.id, more.id], action: 'activate' }), 200);
    expect((await list(carol)).filter((p) => p.is_active)).toHaveLength(10);
    const [latest] = await readJson<PersonaVersion[]>(await carol.request(`/api/personas/${paused.id}/versions`), 200);
    expect(latest?.summary).toBe('Activated (bulk)');
  });

  it('holds under concurrent creates: exactly 10 of 12 succeed', async () => {
    const dave = await signedIn();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(dave, '/api/personas', { name: `Racer ${i}` })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    expect((await list(dave)).filter((p) => p.is_active)).toHaveLength(10);
  });

  it('keeps every field of saves made at once, each as one version, and a write made behind a save', async () => {
    const eve = await signedIn();
    const target = await create(eve, { name: 'Many hands' });
    const fields = [
      { name: 'Renamed at once' },
      { bio: 'A bio written at once.' },
      { custom_prompt: 'A prompt written at once.' },
      { languages: ['en', 'fr'] },
      { is_public: true },
      { require_alt_text: true },
    ];
    const saves = await Promise.all(fields.map((f) => put(eve, `/api/personas/${target.id}`, f)));
    expect(saves.map((r) => r.status)).toEqual(fields.map(() => 200));
    const saved = await readJson<Persona>(await eve.request(`/api/personas/${target.id}`), 200);
    expect(saved).toMatchObject(Object.assign({}, ...fields));
    const versions = await readJson<PersonaVersion[]>(await eve.request(`/api/personas/${target.id}/versions`), 200);
    expect(versions).toHaveLength(fields.length + 1);

    // A save guarded by the revision it read writes nothing once another write came first.
    const repository = createPersonasRepository(server.app.database.db);
    const { id: workspaceId } = await readJson<{ id: string }>(await eve.request('/api/me'), 200);
    const read = await repository.findAt(workspaceId, target.id);
    if (!read) throw new Error('not found');
    await server.app.database.db
      .update(personas)
      .set({ stats: { ...saved.stats, followers: 4321 } })
      .where(eq(personas.id, target.id));
    const stale = { ...read.persona, bio: 'Stale' };
    expect(await repository.updateAt(workspaceId, stale, read.revision, { summary: 'Stale' })).toBe(false);
    const after = await readJson<Persona>(await eve.request(`/api/personas/${target.id}`), 200);
    expect(after).toMatchObject({ bio: 'A bio written at once.', stats: { followers: 4321 } });
    expect(
      await readJson<PersonaVersion[]>(await eve.request(`/api/personas/${target.id}/versions`), 200),
    ).toHaveLength(fields.length + 1);
  });

  it('changes nothing when one id is unknown, and names it', async () => {
    const a = await create(ann, { name: 'Bulk A', is_active: true });
    const ghost = crypto.randomUUID();
    const refused = await readJson<{ error: { results: { id: string; error: string }[] } }>(
      await post(ann, '/api/personas/bulk', { ids: [a.id, ghost], action: 'delete' }),
      404,
    );
    expect(refused.error.results).toEqual([
      { id: a.id, ok: false, error: 'Not changed' },
      { id: ghost, ok: false, error: 'Persona not found' },
    ]);
    await readJson(await ann.request(`/api/personas/${a.id}`), 200);
  });

  it('tags, untags and deletes in bulk', async () => {
    const tag = await readJson<Tag>(await post(ann, '/api/tags', { name: 'Bulk', color: 'green' }), 201);
    const a = await create(ann, { name: 'Bulk T1', is_active: false });
    const b = await create(ann, { name: 'Bulk T2', is_active: false });
    await readJson(await post(ann, '/api/personas/bulk', { ids: [a.id, b.id], action: 'tag' }), 400);
    await readJson(await post(ann, '/api/personas/bulk', { ids: [a.id, b.id], action: 'tag', tagId: tag.id }), 200);
    expect((await readJson<Persona>(await ann.request(`/api/personas/${b.id}`), 200)).tags).toEqual([tag.id]);
    await readJson(await post(ann, '/api/personas/bulk', { ids: [a.id], action: 'untag', tagId: tag.id }), 200);
    expect((await readJson<Persona>(await ann.request(`/api/personas/${a.id}`), 200)).tags).toEqual([]);
    await readJson(await post(ann, '/api/personas/bulk', { ids: [a.id, b.id], action: 'delete' }), 200);
    await readJson(await ann.request(`/api/personas/${a.id}`), 404);
    await readJson(await ann.request(`/api/personas/${b.id}`), 404);
  });
});

describe('the list', () => {
  it('follows every write at once, whoever makes it: the API, another process, a deletion', async () => {
    const cara = await signedIn();
    const first = await create(cara, { name: 'First' });
    expect((await list(cara)).map((p) => p.name)).toEqual(['First']);
    // Written straight to the database, as a job in another process would (the list's cache must see it).
    await server.app.database.db.update(personas).set({ name: 'Renamed elsewhere' }).where(eq(personas.id, first.id));
    expect((await list(cara)).map((p) => p.name)).toEqual(['Renamed elsewhere']);
    const second = await create(cara, { name: 'Second' });
    expect((await list(cara)).map((p) => p.name)).toEqual(['Second', 'Renamed elsewhere']);
    await server.app.database.db.delete(personas).where(eq(personas.id, second.id));
    expect((await list(cara)).map((p) => p.name)).toEqual(['Renamed elsewhere']);
    // The cached text is the schema's shape: what the route's serializer sends for every other route.
    const response = await cara.request('/api/personas');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(((await response.json()) as Persona[])[0] ?? {}).sort()).toEqual(Object.keys(first).sort());
  });
  it("shows each persona's connections as they are, whoever changes them: connected, read, broken, gone", async () => {
    const dee = await signedIn();
    const persona = await create(dee, { name: 'Connected', is_active: false });
    const other = await create(dee, { name: 'Alone', is_active: false });
    const { db } = server.app.database;
    const connectedAt = new Date('2026-03-01T10:00:00.123Z');
    const accountsOf = async (id: string) => (await list(dee)).find((p) => p.id === id)?.connected_accounts;
    expect(await accountsOf(persona.id)).toEqual([]);

    // Written straight to the database, as a connection or a metrics job in another process would.
    const id = crypto.randomUUID();
    await db.insert(platformAccounts).values({
      id,
      personaId: persona.id,
      platform: 'bluesky',
      externalId: 'did:plc:connected',
      username: 'connected.test',
      authMethod: 'app_password',
      followers: 3,
      connectedAt,
    });
    const report = {
      platform: 'bluesky',
      username: 'connected.test',
      isConnected: true,
      connectedAt: connectedAt.toISOString(),
      status: 'active',
      followers: 3,
      // Last synced: when its metrics were last read, not when it was connected; not yet.
      lastSyncAt: null,
    };
    expect(await accountsOf(persona.id)).toEqual([report]);
    expect(await accountsOf(other.id)).toEqual([]);
    const read = new Date('2026-03-02T08:30:00.000Z');
    await db.update(platformAccounts).set({ followers: 40, metricsReadAt: read }).where(eq(platformAccounts.id, id));
    expect(await accountsOf(persona.id)).toEqual([{ ...report, followers: 40, lastSyncAt: read.toISOString() }]);
    await db.update(platformAccounts).set({ status: 'error' }).where(eq(platformAccounts.id, id));
    expect((await accountsOf(persona.id))?.[0]?.status).toBe('error');
    // The same persona read alone says the same.
    const one = await readJson<Persona>(await dee.request(`/api/personas/${persona.id}`), 200);
    expect(one.connected_accounts).toEqual([
      { ...report, followers: 40, lastSyncAt: read.toISOString(), status: 'error' },
    ]);
    await db.delete(platformAccounts).where(eq(platformAccounts.id, id));
    expect(await accountsOf(persona.id)).toEqual([]);

    // A persona deleted with its connection goes from the list with it.
    await db.insert(platformAccounts).values({
      id: crypto.randomUUID(),
      personaId: other.id,
      platform: 'x',
      externalId: '42',
      username: 'alone',
      authMethod: 'oauth',
    });
    expect((await accountsOf(other.id))?.map((a) => a.platform)).toEqual(['x']);
    await readJson(await del(dee, `/api/personas/${other.id}`), 204);
    expect((await list(dee)).map((p) => p.name)).toEqual(['Connected']);
  });
});
