import type { Persona, ScheduledItem } from '@plume/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signedInUser } from './helpers/client';

/*
 * Defects found by probing the API from outside (issue 15): each test here failed before its fix.
 */

let server: TestServer;
let ann: Client;
const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

beforeAll(async () => {
  server = await build();
  ann = await signedInUser(server.url, 'hard');
});
afterAll(() => server?.close());

describe('the dev outbox', () => {
  it('answers only requests that really come from this machine', async () => {
    expect((await fetch(`${server.url}/api/dev/outbox`)).status).toBe(200);
    for (const [name, value] of [
      ['x-forwarded-for', '203.0.113.9'],
      ['forwarded', 'for=203.0.113.9'],
      ['x-real-ip', '203.0.113.9'],
    ] as const) {
      const response = await fetch(`${server.url}/api/dev/outbox`, { headers: { [name]: value } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(errorShape);
    }
  });

  it('does not answer a client a trusted reverse proxy on this host passes on', async () => {
    const behindProxy = await build({ TRUST_PROXY: '1' });
    try {
      const response = await fetch(`${behindProxy.url}/api/dev/outbox`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(response.status).toBe(404);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('text a database cannot store as it came', () => {
  it('stores a lone UTF-16 surrogate as U+FFFD, in review drafts and scheduled posts alike', async () => {
    const persona = await readJson<Persona>(
      await ann.request('/api/personas', { method: 'POST', json: { name: 'Surrogate', is_active: false } }),
      201,
    );
    const item = await readJson<ScheduledItem>(
      await ann.request('/api/review', {
        method: 'POST',
        json: { personaId: persona.id, platform: 'x', content: 'a\ud800b' },
      }),
      201,
    );
    expect(item.content).toBe('a\uFFFDb');
    const edited = await ann.request(`/api/schedule/${item.id}`, { method: 'PATCH', json: { content: '\ud800 c' } });
    expect(edited.status, await edited.clone().text()).toBeLessThan(500);
    if (edited.ok) expect(((await edited.json()) as ScheduledItem).content).toBe('\uFFFD c');
  });
});

describe('deeply nested JSON', () => {
  it('is refused with a 400 on every route, sign-in included', async () => {
    for (const body of ['['.repeat(100_000), `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`]) {
      for (const path of ['/api/auth/sign-in/magic-link', '/api/personas']) {
        const response = await ann.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(errorShape);
      }
    }
  });
});

describe("the router's own errors", () => {
  it('have the documented shape: a malformed URL, an over-long id', async () => {
    const bad = await fetch(`${server.url}/api/personas/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(errorShape);
    const long = await ann.request(`/api/personas/${'a'.repeat(4000)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ error: { code: 'uri_too_long', message: 'A part of the URL is too long' } });
  });
});

describe('a protected route', () => {
  it('answers 401 to a caller who is not signed in, before checking the input', async () => {
    const anonymous = createClient(server.url);
    for (const [method, path] of [
      ['GET', '/api/personas/not-a-uuid'],
      ['PUT', '/api/personas/not-a-uuid'],
      ['POST', '/api/review'],
    ] as const) {
      const response = await anonymous.request(path, { method, json: method === 'GET' ? undefined : { nonsense: 1 } });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue' } });
    }
  });

  it('is answered with Cache-Control: no-store', async () => {
    const response = await ann.request('/api/personas');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('takes a cookie-signed change only from Plume’s own pages; a bearer token needs no Origin', async () => {
    const cookie = [...ann.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const create = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/personas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: 'Origin check', is_active: false }),
      });
    const foreign = await create({ cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await create({ cookie })).status).toBe(403);
    expect((await create({ cookie, origin: server.url })).status).toBe(201);
    const { jwt } = (await (await ann.request('/api/me')).json()) as { jwt: string };
    expect((await create({ authorization: `Bearer ${jwt}` })).status).toBe(201);
  });
});

describe('a newcomer’s first minutes', () => {
  it('can sign up from either loopback address with the default APP_URL, and a wrong one says where to go', async () => {
    const local = await build({}, { defaultAppUrl: true });
    const port = new URL(local.url).port;
    try {
      const ask = (origin: string) =>
        fetch(`${local.url}/api/auth/sign-in/magic-link`, {
          method: 'POST',
          // A browser sends the cookies it has for the host (any port): better-auth checks the Origin then.
          headers: { 'content-type': 'application/json', origin, cookie: 'other=1' },
          body: JSON.stringify({ email: `loop${Date.now()}@example.com`, callbackURL: '/dashboard' }),
        });
      expect((await ask(`http://127.0.0.1:${port}`)).status).toBe(200);
      expect((await ask(`http://localhost:${port}`)).status).toBe(200);
      const wrong = await ask('http://plume.lan:3000');
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toEqual({
        error: {
          code: 'invalid_origin',
          message: `This page was opened at http://plume.lan:3000, but Plume runs at http://localhost:${port}: open http://localhost:${port} and sign in there.`,
        },
      });
    } finally {
      await local.close();
    }
  });
});
