import type { AutomationActivity, Persona } from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomationRepository } from '../src/modules/automation/automation.repository';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, signInThroughOutbox } from './helpers/client';

let server: TestServer;
let ann: Client;
let bob: Client;

async function signedIn(email: string): Promise<Client> {
  const client = createClient(server.url);
  await signInThroughOutbox(client, email);
  return client;
}

beforeAll(async () => {
  server = await build();
  ann = await signedIn('ann.automation@example.com');
  bob = await signedIn('bob.automation@example.com');
});
afterAll(() => server?.close());

const activityOf = (c: Client, id: string, query = '') => c.request(`/api/personas/${id}/automation/activity${query}`);

describe("a persona's automation activity", () => {
  it('is all zero before the automation has done anything', async () => {
    const persona = (await (await ann.request('/api/personas', { method: 'POST', json: {} })).json()) as Persona;
    const response = await activityOf(ann, persona.id, '?timeZone=Europe/Paris');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ posts: 0, replies: 0, engagementActions: 0, timeSavedMinutes: 0 });
  });

  it("counts today's actions in the asked time zone, and not yesterday's", async () => {
    const persona = (await (
      await ann.request('/api/personas', { method: 'POST', json: { is_active: false } })
    ).json()) as Persona;
    const actions = createAutomationRepository(server.app.database.db);
    await actions.record(persona.id, 'post');
    await actions.record(persona.id, 'reply');
    await actions.record(persona.id, 'reply');
    await actions.record(persona.id, 'like');
    await actions.record(persona.id, 'follow');
    await actions.record(persona.id, 'post', new Date(Date.now() - 3 * 86_400_000));
    const activity = (await (await activityOf(ann, persona.id, '?timeZone=UTC')).json()) as AutomationActivity;
    expect(activity).toMatchObject({ posts: 1, replies: 2, engagementActions: 2, timeSavedMinutes: 5 + 4 + 0.25 + 1 });
    expect(new Date(activity.since).getUTCHours()).toBe(0);
  });

  it('answers 401 signed out, 404 for another user, 400 naming a bad time zone', async () => {
    const persona = (await (
      await ann.request('/api/personas', { method: 'POST', json: { is_active: false } })
    ).json()) as Persona;
    expect((await fetch(`${server.url}/api/personas/${persona.id}/automation/activity`)).status).toBe(401);
    expect((await activityOf(bob, persona.id)).status).toBe(404);
    const bad = await activityOf(ann, persona.id, '?timeZone=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/timeZone/);
  });
});
