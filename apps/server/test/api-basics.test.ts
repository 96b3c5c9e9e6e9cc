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
