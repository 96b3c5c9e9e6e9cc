import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './helpers/build';

let server: TestServer;
beforeAll(async () => {
  server = await build();
});
afterAll(() => server?.close());

describe('the API basics', () => {
  it('reports health with the database in use', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing?x=1`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'Route POST /api/no-such-thing not found' },
    });
  });

  it('serves the web app for any other path so the landing page shows', async () => {
    for (const pathname of ['/', '/some/unknown/page', '/dashboard']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('rejects malformed JSON with a clear 400', async () => {
    const response = await fetch(`${server.url}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON' },
    });
  });

  it('names the field when a field is missing or of the wrong type', async () => {
    for (const body of [{}, { email: 42 }, { email: 'not-an-email' }]) {
      const response = await fetch(`${server.url}/api/auth/sign-in/magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { message: string } };
      expect(error.message).toContain('email');
    }
  });

  it('answers 413 for a body over 256 KB', async () => {
    const response = await fetch(`${server.url}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(300 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()) as unknown).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('answers 415 for a body type it does not read', async () => {
    const response = await fetch(`${server.url}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', origin: server.url },
      body: '<email>a@b.co</email>',
    });
    expect(response.status).toBe(415);
    expect((await response.json()) as unknown).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('sends security headers and a request id', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    const other = await fetch(`${server.url}/api/health`);
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes an OpenAPI document and a docs page', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/me',
        '/api/config',
        '/api/personas/{id}',
        '/api/feed-titles',
        '/api/ingest',
      ]),
    );
    const docs = await fetch(`${server.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('tells the web app which sign-in methods are set up', async () => {
    const response = await fetch(`${server.url}/api/config`);
    expect(await response.json()).toMatchObject({ xSignIn: false, devOutbox: true });
  });
});

describe('the built web app', () => {
  const script = `export const landing = ${JSON.stringify('x'.repeat(2000))};`;
  let web: TestServer;
  let webDist: string;
  beforeAll(async () => {
    // A build as Vite writes it: hashed files under assets/ with .br and .gz beside them.
    webDist = mkdtempSync(path.join(tmpdir(), 'plume-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Plume</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    web = await build({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves built files precompressed, caching hashed assets for a year and nothing else', async () => {
    const compressed = await fetch(`${web.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-type')).toContain('javascript');
    expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await compressed.text()).toBe(script);

    const plain = await fetch(`${web.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    const page = await fetch(`${web.url}/`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with a 404, not the page', async () => {
    const response = await fetch(`${web.url}/assets/chunk-from-an-old-build.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('the per-route rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await build({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => limited?.close());

  it('count each route on its own: one route at its limit leaves the others open', async () => {
    const start = `${limited.url}/api/oauth/x?personaId=${crypto.randomUUID()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(start, { redirect: 'manual' })).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    // Same limit, same address, another route: its own count (they once shared one).
    const other = await fetch(`${limited.url}/api/x/user/me?personaId=${crypto.randomUUID()}`);
    expect(other.status).toBe(401);
  });
});
