import { type Billing, type Persona, textPart } from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/modules/repositories';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';

/*
 * PLAN_LIMITS=on (decision 019): the plans' limits are enforced, and only then shown as limits.
 * Off, the default, is every other test file: any number of personas and posts.
 */

let server: TestServer;
let ann: Client;

beforeAll(async () => {
  server = await build({ PLAN_LIMITS: 'on' });
  ann = await signedInUser(server.url, 'plan');
});
afterAll(() => server?.close());

const createPersona = (name: string) => ann.request('/api/personas', { method: 'POST', json: { name } });

describe('with plan limits on', () => {
  it('says so in Billing, and a Free Starter user gets one persona, by creation or import', async () => {
    const billing = await readJson<Billing>(await ann.request('/api/me/billing'), 200);
    expect(billing).toMatchObject({ planId: 'free', limitsEnforced: true });

    await readJson<Persona>(await createPersona('The one'), 201);
    const refused = await readJson<{ error: { code: string; message: string } }>(await createPersona('Two'), 409);
    expect(refused.error).toEqual({
      code: 'conflict',
      message: 'Your plan (Free Starter) allows 1 persona: delete one or change plans in Account settings',
    });
    const [only] = await readJson<Persona[]>(await ann.request('/api/personas'), 200);
    const exported = await readJson<unknown>(await ann.request(`/api/personas/${only?.id}/export`), 200);
    await readJson(await ann.request('/api/personas/import', { method: 'POST', json: exported }), 409);
    expect((await readJson<Persona[]>(await ann.request('/api/personas'), 200)).map((p) => p.name)).toEqual([
      'The one',
    ]);
  });

  it('holds a month to the plan’s 50 posts, counting those scheduled in it', async () => {
    const [persona] = await readJson<Persona[]>(await ann.request('/api/personas'), 200);
    if (!persona) throw new Error('no persona');
    const repositories = createRepositories(server.app.database.db);
    await repositories.accounts.upsert({
      personaId: persona.id,
      platform: 'bluesky',
      externalId: 'did:plc:plan-limits',
      username: 'plan.example',
      displayName: 'Plan',
      avatarUrl: null,
      authMethod: 'app_password',
      credentials: null,
      followers: 0,
    });
    const runAt = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < 49; i++) {
      await repositories.posts.insert({
        personaId: persona.id,
        platform: 'bluesky',
        content: `Planned ${i}`,
        parts: [textPart(`Planned ${i}`)],
        status: 'scheduled',
        scheduledFor: runAt,
      });
    }
    const schedule = (content: string) =>
      ann.request('/api/schedule', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content, runAt: runAt.toISOString() },
      });
    await readJson(await schedule('The fiftieth'), 201);
    const refused = await readJson<{ error: { message: string } }>(await schedule('One too many'), 409);
    expect(refused.error.message).toMatch(
      /^Your plan \(Free Starter\) allows 50 posts a month, and \w+ \d{4} already has 50 published or scheduled/,
    );

    // A draft approved into the full month is refused too, and stays in review.
    const draft = await readJson<{ id: string }>(
      await ann.request('/api/review', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'bluesky', content: 'Waiting' },
      }),
      201,
    );
    await readJson(
      await ann.request(`/api/review/${draft.id}/approve`, { method: 'POST', json: { runAt: runAt.toISOString() } }),
      409,
    );
    const items = await readJson<{ id: string; status: string }[]>(await ann.request('/api/schedule'), 200);
    expect(items.find((item) => item.id === draft.id)?.status).toBe('pending_review');
    expect(items.filter((item) => item.status === 'scheduled')).toHaveLength(50);
  });
});
