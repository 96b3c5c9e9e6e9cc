import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  type Analytics,
  type CreatedApiToken,
  MCP_PATH,
  type Persona,
  type ScheduledItem,
  TRAIT_KEYS,
  type UsageSummary,
} from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_NOT_FOUND } from '../src/modules/personas/persona-access';
import { type BlueskyNetwork, startBlueskyNetwork } from './helpers/bluesky-network';
import { blueskyPersona } from './helpers/bluesky-persona';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';

/*
 * Issue 34: an MCP client from the SDK drives Plume's MCP server over real HTTP with a personal API
 * token: it lists the tools, reads personas and a voice, drafts into the review queue, schedules,
 * and is refused another user's persona with the API's own message.
 */

let bsky: BlueskyNetwork;
let server: TestServer;
let ann: Client;
let bob: Client;
let annPersona: Persona;
let bobPersona: Persona;
let token: string;
const opened: McpClient[] = [];

async function tokenOf(client: Client): Promise<string> {
  const created = await readJson<CreatedApiToken>(
    await client.request('/api/me/tokens', { method: 'POST', json: { name: 'My assistant' } }),
    201,
  );
  return created.secret;
}

/** An SDK client connected to Plume's MCP server with `bearer`. */
async function connect(bearer: string): Promise<McpClient> {
  const client = new McpClient({ name: 'plume-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_PATH, server.url), {
    requestInit: { headers: { authorization: `Bearer ${bearer}` } },
  });
  await client.connect(transport);
  opened.push(client);
  return client;
}

/** A tool's result: its JSON when it succeeded; the test fails with the message when it did not. */
async function call<T>(client: McpClient, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return JSON.parse(text) as T;
}

/** A tool's error message (the test fails when the tool succeeded). */
async function refusal(client: McpClient, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  if (!result.isError) throw new Error(`${name} succeeded: ${text}`);
  return text;
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const schedule = async (client: Client, query = '') =>
  readJson<ScheduledItem[]>(await client.request(`/api/schedule${query}`), 200);

beforeAll(async () => {
  bsky = await startBlueskyNetwork();
  server = await build(bsky.env);
  [ann, bob] = await Promise.all([signedInUser(server.url, 'ann'), signedInUser(server.url, 'bob')]);
  ({ persona: annPersona } = await blueskyPersona({ server, bsky, client: ann }, { name: 'Quill', is_active: false }));
  bobPersona = await readJson<Persona>(
    await bob.request('/api/personas', { method: 'POST', json: { name: 'Bob’s own', is_active: false } }),
    201,
  );
  token = await tokenOf(ann);
});
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await server?.close();
  await bsky?.close();
});

describe('the MCP server', () => {
  it('lists its tools, each with an object schema of its input', async () => {
    const mcp = await connect(token);
    expect(mcp.getServerVersion()?.name).toBe('plume');
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'approve_draft',
        'get_persona_voice',
        'list_personas',
        'list_review_queue',
        'read_analytics',
        'read_calendar',
        'reject_draft',
        'reschedule_post',
        'schedule_post',
        'submit_draft',
        'write_drafts',
      ].sort(),
    );
    for (const tool of tools) expect(tool.inputSchema.type, tool.name).toBe('object');
    const scheduling = tools.find((t) => t.name === 'schedule_post');
    expect(scheduling?.inputSchema.required).toEqual(expect.arrayContaining(['personaId', 'platform', 'content']));
    expect(tools.find((t) => t.name === 'read_calendar')?.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === 'approve_draft')?.annotations?.readOnlyHint).toBe(false);
  });

  it("reads the user's personas and a persona's voice in numbers and words", async () => {
    const mcp = await connect(token);
    const { personas } = await call<{ personas: { id: string; name: string; archetype: string }[] }>(
      mcp,
      'list_personas',
    );
    expect(personas.map((p) => p.id)).toEqual([annPersona.id]);
    expect(personas[0]?.archetype).toBe('Balanced Communicator');

    const voice = await call<{ archetype: string; sliders: { trait: string; value: number; words: string }[] }>(
      mcp,
      'get_persona_voice',
      { personaId: annPersona.id },
    );
    expect(voice.sliders.map((s) => s.trait)).toEqual([...TRAIT_KEYS]);
    const humor = voice.sliders.find((s) => s.trait === 'humor');
    expect(humor?.value).toBe(annPersona.personality.humor);
    expect(humor?.words).toContain(`Humor ${annPersona.personality.humor}/100 (0 dry, 100 wacky)`);
  });

  it('writes drafts in the voice into the review queue, which the REST queue then shows, and publishes nothing', async () => {
    const mcp = await connect(token);
    const { drafts } = await call<{ drafts: ScheduledItem[] }>(mcp, 'write_drafts', {
      personaId: annPersona.id,
      platform: 'bluesky',
      type: 'advice',
      topic: 'Writing every morning',
      count: 2,
    });
    expect(drafts).toHaveLength(2);
    for (const draft of drafts) {
      expect(draft.status).toBe('pending_review');
      expect(draft.content.length).toBeGreaterThan(0);
    }
    const queue = await schedule(ann, `?status=pending_review&personaId=${annPersona.id}`);
    expect(queue.map((i) => i.id)).toEqual(expect.arrayContaining(drafts.map((d) => d.id)));
    const listed = await call<{ drafts: ScheduledItem[] }>(mcp, 'list_review_queue', { personaId: annPersona.id });
    expect(listed.drafts.map((d) => d.id)).toEqual(expect.arrayContaining(drafts.map((d) => d.id)));
    // Nothing went out: no post of Ann's is scheduled or posted.
    expect((await schedule(ann)).filter((i) => i.status !== 'pending_review')).toEqual([]);

    // Her own words, too, and a person's decisions on the queue: one approved for a time, one rejected.
    const own = await call<ScheduledItem>(mcp, 'submit_draft', {
      personaId: annPersona.id,
      platform: 'bluesky',
      content: 'Small steps, every morning.',
    });
    expect(own.status).toBe('pending_review');
    const at = inHours(30);
    const approved = await call<ScheduledItem>(mcp, 'approve_draft', { id: own.id, runAt: at });
    expect(approved.status).toBe('scheduled');
    expect(new Date(approved.scheduledFor ?? '').toISOString()).toBe(at);
    const [first] = drafts;
    await call(mcp, 'reject_draft', { id: first?.id });
    const after = await schedule(ann);
    expect(after.find((i) => i.id === first?.id)?.status).toBe('canceled');
    expect(after.find((i) => i.id === own.id)?.status).toBe('scheduled');
  });

  it('schedules and reschedules a post, which the calendar and GET /api/schedule show', async () => {
    const mcp = await connect(token);
    const runAt = inHours(48);
    const scheduled = await call<ScheduledItem>(mcp, 'schedule_post', {
      personaId: annPersona.id,
      platform: 'bluesky',
      content: 'See you on Thursday.',
      runAt,
    });
    expect(scheduled.status).toBe('scheduled');
    const listed = (await schedule(ann)).find((i) => i.id === scheduled.id);
    expect(listed?.content).toBe('See you on Thursday.');
    expect(new Date(listed?.scheduledFor ?? '').toISOString()).toBe(runAt);

    const later = inHours(72);
    const moved = await call<ScheduledItem>(mcp, 'reschedule_post', { id: scheduled.id, runAt: later });
    expect(new Date(moved.scheduledFor ?? '').toISOString()).toBe(later);
    const calendar = await call<{ posts: ScheduledItem[]; nextCursor: string | null }>(mcp, 'read_calendar', {
      from: inHours(60),
      to: inHours(80),
      status: ['scheduled'],
    });
    expect(calendar.posts.map((p) => p.id)).toEqual([scheduled.id]);
    expect(calendar.nextCursor).toBeNull();
  });

  it("reads a persona's analytics and every persona's figures", async () => {
    const mcp = await connect(token);
    const one = await call<Analytics>(mcp, 'read_analytics', { personaId: annPersona.id, range: '7d' });
    expect(one.personaId).toBe(annPersona.id);
    expect(one.range).toBe('7d');
    const all = await call<UsageSummary>(mcp, 'read_analytics');
    expect(all).toHaveProperty('budgets');
  });

  it("refuses another user's persona and post with the API's not-found message, storing nothing", async () => {
    const mcp = await connect(token);
    const before = await schedule(bob);
    expect(await refusal(mcp, 'get_persona_voice', { personaId: bobPersona.id })).toBe(PERSONA_NOT_FOUND);
    expect(await refusal(mcp, 'write_drafts', { personaId: bobPersona.id, platform: 'bluesky', type: 'joke' })).toBe(
      PERSONA_NOT_FOUND,
    );
    expect(
      await refusal(mcp, 'schedule_post', {
        personaId: bobPersona.id,
        platform: 'bluesky',
        content: 'Not mine to post',
        runAt: inHours(5),
      }),
    ).toBe(PERSONA_NOT_FOUND);
    expect(
      await refusal(mcp, 'submit_draft', { personaId: bobPersona.id, platform: 'bluesky', content: 'Not mine' }),
    ).toBe(PERSONA_NOT_FOUND);
    expect(await refusal(mcp, 'read_analytics', { personaId: bobPersona.id })).toBe(PERSONA_NOT_FOUND);
    expect(await schedule(bob)).toEqual(before);

    // Bob's post, through Bob's own token, is as unknown to Ann's.
    const bobs = await connect(await tokenOf(bob));
    const draft = await call<ScheduledItem>(bobs, 'submit_draft', {
      personaId: bobPersona.id,
      platform: 'bluesky',
      content: 'Bob’s draft',
    });
    const rest = await readJson<{ error: { message: string } }>(
      await ann.request(`/api/review/${draft.id}/reject`, { method: 'POST' }),
      404,
    );
    expect(await refusal(mcp, 'reject_draft', { id: draft.id })).toBe(rest.error.message);
    expect(await refusal(mcp, 'approve_draft', { id: draft.id, now: true })).toBe(rest.error.message);
    expect((await schedule(bob)).find((i) => i.id === draft.id)?.status).toBe('pending_review');
  });

  it("answers bad arguments and the API's own refusals as the tool's error, naming the argument", async () => {
    const mcp = await connect(token);
    expect(await refusal(mcp, 'get_persona_voice', { personaId: 'not-an-id' })).toBe(
      'arguments.personaId: must be a persona id',
    );
    expect(
      await refusal(mcp, 'schedule_post', { personaId: annPersona.id, platform: 'bluesky', content: 'When?' }),
    ).toBe('arguments.runAt: Pick a date and time');
    await expect(mcp.callTool({ name: 'publish_everything', arguments: {} })).rejects.toThrow(
      /There is no tool named publish_everything/,
    );
    // A rule the service keeps (the date must be in the future), in the API's words.
    const past = await refusal(mcp, 'schedule_post', {
      personaId: annPersona.id,
      platform: 'bluesky',
      content: 'Yesterday',
      runAt: inHours(-24),
    });
    const rest = await readJson<{ error: { message: string } }>(
      await ann.request('/api/schedule', {
        method: 'POST',
        json: { personaId: annPersona.id, platform: 'bluesky', content: 'Yesterday', runAt: inHours(-24) },
      }),
      400,
    );
    expect(past).toBe(rest.error.message);
  });

  it('answers 401 without a token or with one that is not valid, and 405 to the methods it has no use for', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(new URL(MCP_PATH, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      });
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer plume_not-a-real-token' },
      { authorization: 'Bearer junk' },
    ];
    for (const headers of refused) {
      const answer = await readJson<{ error: { code: string } }>(await post(headers), 401);
      expect(answer.error.code).toBe('unauthorized');
    }
    await expect(connect('plume_not-a-real-token')).rejects.toThrow();

    // A revoked token stops working at once.
    const revoked = await readJson<CreatedApiToken>(
      await ann.request('/api/me/tokens', { method: 'POST', json: { name: 'Short-lived' } }),
      201,
    );
    expect((await post({ authorization: `Bearer ${revoked.secret}` })).status).toBe(200);
    await readJson(await ann.request(`/api/me/tokens/${revoked.token.id}`, { method: 'DELETE' }), 204);
    expect((await post({ authorization: `Bearer ${revoked.secret}` })).status).toBe(401);

    // Documented like every other route (POST only: GET and DELETE exist only to say 405).
    const spec = await readJson<{ paths: Record<string, Record<string, unknown>> }>(
      await fetch(new URL('/api/openapi.json', server.url)),
      200,
    );
    expect(Object.keys(spec.paths[MCP_PATH] ?? {})).toEqual(['post']);
    const get = await fetch(new URL(MCP_PATH, server.url), { headers: { authorization: `Bearer ${token}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});
