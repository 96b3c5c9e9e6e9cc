import { type AiSettings, type AiTestResult, type ApiError, HOSTED_BASE_URLS, type LocalModels } from '@plume/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/crypto/secret-box';
import { aiSettings } from '../src/db/schema';
import { AI_KEY_PURPOSE, AI_PRIVATE_MESSAGE, OFFLINE_TEST_TEXT } from '../src/modules/ai-settings/ai-settings.service';
import { type LlmStub, ollama, openaiText, startLlmStub, withKey } from './fakes/llm';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, signInThroughOutbox } from './helpers/client';

const APP_SECRET = 'ai-settings-test-secret-0123456789abcdef';
const GOOD_KEY = 'sk-good-7f3a9c1e5b2d4f6a8c0e';
const WRONG_KEY = 'sk-wrong-2b4d6f8a0c1e3a5c7e9b';
const OTHER_KEY = 'sk-other-9e8d7c6b5a4f3e2d1c0b';
const SERVER_KEY = 'sk-server-1a2b3c4d5e6f7a8b9c0d';
const KEYS = [GOOD_KEY, WRONG_KEY, OTHER_KEY, SERVER_KEY];

/** The local model: answers GOOD_KEY, refuses any other key with 401 (repeating it). */
let peer: LlmStub;
let peerUrl: string;
beforeAll(async () => {
  peer = await startLlmStub({ fallback: withKey(GOOD_KEY, openaiText('OK from the stub')) });
  peerUrl = peer.baseUrl;
});
afterAll(() => peer.close());

/** Every log line the server writes (LOG_LEVEL trace) and every response body, searched for keys at the end. */
const logLines: string[] = [];
const bodies: string[] = [];

let server: TestServer;
let ann: Client;
let bob: Client;
let emails = 0;

async function signedIn(target: TestServer): Promise<Client> {
  const client = createClient(target.url);
  emails += 1;
  await signInThroughOutbox(client, `ai${emails}.${Date.now()}@example.com`);
  return client;
}

async function call<T>(c: Client, path: string, init: RequestInit & { json?: unknown }, status: number): Promise<T> {
  const response = await c.request(path, init);
  const text = await response.text();
  bodies.push(text);
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}
const read = (c: Client) => call<AiSettings>(c, '/api/settings/ai', {}, 200);
const save = (c: Client, body: unknown, status = 200) =>
  call<AiSettings>(c, '/api/settings/ai', { method: 'PUT', json: body }, status);
const invalid = (c: Client, body: unknown) => call<ApiError>(c, '/api/settings/ai', { method: 'PUT', json: body }, 400);
const reset = (c: Client) => call<AiSettings>(c, '/api/settings/ai', { method: 'DELETE' }, 200);
const test = <T = AiTestResult>(c: Client, status = 200) =>
  call<T>(c, '/api/settings/ai/test', { method: 'POST', json: {} }, status);
/** Test connection with the form's values, which are not saved. */
const testForm = <T = AiTestResult>(c: Client, form: unknown, status = 200) =>
  call<T>(c, '/api/settings/ai/test', { method: 'POST', json: form }, status);

async function storedRow(c: Client) {
  const me = await call<{ user: { id: string } }>(c, '/api/session', {}, 200);
  const [row] = await server.app.database.db.select().from(aiSettings).where(eq(aiSettings.workspaceId, me.user.id));
  return row;
}

beforeAll(async () => {
  // The model stub listens on loopback, which user-entered base URLs reach by default on one's own
  // machine (a loopback APP_URL, not production: decision 029).
  server = await build(
    { APP_SECRET, LOG_LEVEL: 'trace' },
    { logStream: { write: (line: string) => logLines.push(line) } },
  );
  ann = await signedIn(server);
  bob = await signedIn(server);
});
afterAll(() => server?.close());

describe('AI settings defaults', () => {
  it('without AI_* variables: no provider is preselected, and the offline composer writes', async () => {
    expect(await read(ann)).toEqual({
      provider: null,
      baseUrl: '',
      model: '',
      apiKeySet: false,
      source: 'offline',
      serverKeyFor: null,
    });
  });

  it("with AI_* variables: the server's default, saying whether it has a key (never the key)", async () => {
    const withEnv = await build(
      { AI_PROVIDER: 'openai', AI_API_KEY: SERVER_KEY, AI_MODEL: 'gpt-4o', LOG_LEVEL: 'trace' },
      { logStream: { write: (line: string) => logLines.push(line) } },
    );
    try {
      const c = await signedIn(withEnv);
      expect(await read(c)).toEqual({
        provider: 'openai',
        baseUrl: HOSTED_BASE_URLS.openai,
        model: 'gpt-4o',
        apiKeySet: true,
        source: 'server',
        serverKeyFor: 'openai',
      });
      await save(c, { provider: 'anthropic', model: 'claude-haiku-4-5', apiKey: OTHER_KEY });
      expect((await reset(c)).source).toBe('server');
    } finally {
      await withEnv.close();
    }
  });

  it('needs a session', async () => {
    const anon = createClient(server.url);
    await call(anon, '/api/settings/ai', {}, 401);
    await call(anon, '/api/settings/ai', { method: 'PUT', json: { provider: 'openai', model: 'gpt-4o' } }, 401);
    await call(anon, '/api/settings/ai', { method: 'DELETE' }, 401);
    await call(anon, '/api/settings/ai/test', { method: 'POST', json: {} }, 401);
  });

  it('Test connection without a provider says the offline composer writes', async () => {
    expect(await test(ann)).toEqual({ writer: 'offline', model: 'offline composer', text: OFFLINE_TEST_TEXT, ms: 0 });
  });
});

describe('saving AI settings', () => {
  it('stores each provider; hosted ones get their standard base URL', async () => {
    expect(await save(ann, { provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: OTHER_KEY })).toEqual({
      provider: 'anthropic',
      baseUrl: HOSTED_BASE_URLS.anthropic,
      model: 'claude-sonnet-4-5',
      apiKeySet: true,
      source: 'user',
      serverKeyFor: null,
    });
    expect(await save(ann, { provider: 'openai', baseUrl: '', model: 'gpt-4.1', apiKey: OTHER_KEY })).toMatchObject({
      provider: 'openai',
      baseUrl: HOSTED_BASE_URLS.openai,
      model: 'gpt-4.1',
    });
    // A custom provider needs no key (a local server such as Ollama asks for none).
    await save(ann, { provider: 'custom', baseUrl: 'http://localhost:11434/v1/', model: 'llama3.2:3b' });
    expect(await read(ann)).toEqual({
      provider: 'custom',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.2:3b',
      apiKeySet: false,
      source: 'user',
      serverKeyFor: null,
    });
  });

  it('refuses a hosted provider without a key, on the key field, and keeps what was saved', async () => {
    const c = await signedIn(server);
    for (const [provider, model, name] of [
      ['openai', 'gpt-4o-mini', 'OpenAI'],
      ['anthropic', 'claude-haiku-4-5', 'Anthropic'],
    ] as const) {
      const refused = await invalid(c, { provider, model });
      const message = `Enter your ${name} API key: ${name} does not answer without one`;
      expect(refused.error).toEqual({
        code: 'bad_request',
        message: `body.apiKey: ${message}`,
        details: [{ field: 'body.apiKey', message }],
      });
      // An explicit "no key" is refused alike.
      expect((await invalid(c, { provider, model, apiKey: null })).error.details).toEqual([
        { field: 'body.apiKey', message },
      ]);
    }
    expect(await read(c)).toMatchObject({ source: 'offline', provider: null });
    expect(await storedRow(c)).toBeUndefined();
    // A custom provider with a key, then OpenAI without one: the custom key is not carried over,
    // so OpenAI is refused and the custom settings stay.
    await save(c, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: GOOD_KEY });
    expect((await invalid(c, { provider: 'openai', model: 'gpt-4o-mini' })).error.details?.[0]?.field).toBe(
      'body.apiKey',
    );
    expect(await read(c)).toMatchObject({ provider: 'custom', apiKeySet: true });
    expect((await test(c)).text).toBe('OK from the stub');
  });

  it('names the field that is wrong', async () => {
    const field = (error: ApiError) => (error.error.details as { field: string }[]).map((d) => d.field);
    const hosted = await invalid(ann, { provider: 'openai', model: 'claude-haiku-4-5' });
    expect(field(hosted)).toEqual(['body.model']);
    expect(hosted.error.message).toContain('must be one of gpt-4o-mini');
    const noBase = await invalid(ann, { provider: 'custom', model: 'llama3' });
    expect(field(noBase)).toEqual(['body.baseUrl']);
    expect(noBase.error.message).toContain('API Base URL is required for a custom provider');
    expect(field(await invalid(ann, { provider: 'custom', baseUrl: 'ftp://example.com', model: 'x' }))).toEqual([
      'body.baseUrl',
    ]);
    expect(field(await invalid(ann, { provider: 'custom', baseUrl: 'http://x.test', model: '  ' }))).toEqual([
      'body.model',
    ]);
    expect(field(await invalid(ann, { provider: 'gemini', model: 'x' }))).toEqual(['body.provider']);
  });

  it('one user’s settings are not another’s', async () => {
    await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: OTHER_KEY });
    expect(await read(bob)).toMatchObject({ source: 'offline', apiKeySet: false });
    expect(await test(bob)).toMatchObject({ writer: 'offline' });
    expect(await storedRow(bob)).toBeUndefined();
  });
});

describe('the API key', () => {
  it('is stored sealed, opens with the secret box, and is never sent back', async () => {
    const saved = await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: GOOD_KEY });
    expect(saved).toEqual({
      provider: 'custom',
      baseUrl: peerUrl,
      model: 'stub-model',
      apiKeySet: true,
      source: 'user',
      serverKeyFor: null,
    });
    const row = await storedRow(ann);
    expect(row?.apiKeyEncrypted).toBeTruthy();
    expect(row?.apiKeyEncrypted).not.toContain(GOOD_KEY);
    expect(createSecretBox(APP_SECRET).open(row?.apiKeyEncrypted ?? '', AI_KEY_PURPOSE)).toBe(GOOD_KEY);
    expect(await read(ann)).toMatchObject({ apiKeySet: true });
  });

  it('is kept when absent (model changed), removed with null', async () => {
    expect(await save(ann, { provider: 'custom', baseUrl: `${peerUrl}/`, model: 'stub-2' })).toMatchObject({
      model: 'stub-2',
      apiKeySet: true,
    });
    const kept = await storedRow(ann);
    expect(createSecretBox(APP_SECRET).open(kept?.apiKeyEncrypted ?? '', AI_KEY_PURPOSE)).toBe(GOOD_KEY);
    expect(await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-2', apiKey: null })).toMatchObject({
      apiKeySet: false,
    });
    expect((await storedRow(ann))?.apiKeyEncrypted).toBeNull();
  });

  it('is dropped when the provider or the base URL changes without a new key', async () => {
    await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: GOOD_KEY });
    expect(
      await save(ann, { provider: 'custom', baseUrl: 'http://127.0.0.1:9/v1', model: 'stub-model' }),
    ).toMatchObject({ apiKeySet: false });
    await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: GOOD_KEY });
    // To a hosted provider without a new key: refused (it would have no key), the custom key kept.
    await invalid(ann, { provider: 'openai', model: 'gpt-4o-mini' });
    expect(createSecretBox(APP_SECRET).open((await storedRow(ann))?.apiKeyEncrypted ?? '', AI_KEY_PURPOSE)).toBe(
      GOOD_KEY,
    );
    // A new key sent along with the change is kept.
    expect(await save(ann, { provider: 'openai', model: 'gpt-4o-mini', apiKey: OTHER_KEY })).toMatchObject({
      apiKeySet: true,
    });
  });
});

describe('Test connection', () => {
  it("makes one small call and shows the model's answer", async () => {
    await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: GOOD_KEY });
    const before = peer.seen.length;
    const result = await test(ann);
    expect(result).toMatchObject({ writer: 'custom', model: 'stub-model', text: 'OK from the stub' });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(peer.seen).toHaveLength(before + 1);
    const sent = peer.seen.at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(sent?.body).toMatchObject({ model: 'stub-model', max_tokens: 16 });
  });

  it("passes on the provider's refusal as a 502 with its message", async () => {
    await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: WRONG_KEY });
    const refused = await test<ApiError>(ann, 502);
    expect(refused.error.code).toBe('provider_error');
    expect(refused.error.message).toBe('AI provider: the API key was refused (Incorrect API key provided: [redacted])');
    // Writing with the same settings says the same, the key never repeated.
    const chat = await call<ApiError>(ann, '/chat', { method: 'POST', json: { prompt: 'Hi' } }, 502);
    expect(chat.error.message).toBe('AI provider: the API key was refused (Incorrect API key provided: [redacted])');
  });

  it('says when the provider cannot be reached, never a 500', async () => {
    // Port 9 (discard) on loopback: nothing listens there.
    await save(ann, { provider: 'custom', baseUrl: 'http://127.0.0.1:9/v1', model: 'stub-model' });
    const failed = await test<ApiError>(ann, 502);
    expect(failed.error.code).toBe('provider_error');
  });

  it("tests the form's values, not the saved ones: a wrong key in the form is refused though the saved key is good", async () => {
    await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: GOOD_KEY });
    expect((await test(ann)).text).toBe('OK from the stub');

    const refused = await testForm<ApiError>(
      ann,
      { provider: 'custom', baseUrl: peerUrl, model: 'stub-form', apiKey: WRONG_KEY },
      502,
    );
    expect(refused.error.code).toBe('provider_error');
    expect(refused.error.message).toBe('AI provider: the API key was refused (Incorrect API key provided: [redacted])');
    expect(peer.seen.at(-1)?.headers.authorization).toBe(`Bearer ${WRONG_KEY}`);
    expect(peer.seen.at(-1)?.body).toMatchObject({ model: 'stub-form' });
    // Nothing was saved: the stored settings and key are as they were.
    expect(await read(ann)).toMatchObject({ model: 'stub-model', apiKeySet: true, source: 'user' });
    const row = await storedRow(ann);
    expect(createSecretBox(APP_SECRET).open(row?.apiKeyEncrypted ?? '', AI_KEY_PURPOSE)).toBe(GOOD_KEY);
  });

  it("uses the saved key when the form's key is empty and the provider and base URL are the saved ones", async () => {
    await save(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: GOOD_KEY });
    const result = await testForm(ann, { provider: 'custom', baseUrl: `${peerUrl}/`, model: 'stub-other' });
    expect(result).toMatchObject({ writer: 'custom', model: 'stub-other', text: 'OK from the stub' });
    expect(peer.seen.at(-1)?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(peer.seen.at(-1)?.body).toMatchObject({ model: 'stub-other' });
    expect(await read(ann)).toMatchObject({ model: 'stub-model' });

    // null in the form: no key at all, as the form's Remove key would leave it.
    await testForm(ann, { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: null }, 502);
    expect(peer.seen.at(-1)?.headers.authorization).toBeUndefined();

    // The saved key is never sent to another provider or host the form names.
    const seen = peer.seen.length;
    const otherProvider = await testForm<ApiError>(
      ann,
      { provider: 'openai', baseUrl: peerUrl, model: 'gpt-4o-mini' },
      400,
    );
    expect(otherProvider.error.details).toEqual([
      { field: 'body.apiKey', message: 'Enter your OpenAI API key: OpenAI does not answer without one' },
    ]);
    expect(peer.seen.length).toBe(seen);
    await testForm(ann, { provider: 'custom', baseUrl: peerUrl.replace('/v1', '/v2'), model: 'stub-model' }, 502);
    expect(peer.seen.slice(seen).map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/v2/chat/completions', undefined],
    ]);
  });

  it('a good key in the form works while nothing is saved, and nothing is saved by it', async () => {
    const c = await signedIn(server);
    expect(await read(c)).toMatchObject({ source: 'offline', provider: null });
    const result = await testForm(c, { provider: 'custom', baseUrl: peerUrl, model: 'stub-new', apiKey: GOOD_KEY });
    expect(result).toMatchObject({ writer: 'custom', model: 'stub-new', text: 'OK from the stub' });
    expect(peer.seen.at(-1)?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(await storedRow(c)).toBeUndefined();
    expect(await read(c)).toMatchObject({ source: 'offline', provider: null });
    // An empty form still tests what writes now.
    expect(await testForm(c, {})).toMatchObject({ writer: 'offline' });
  });

  it("checks the form's values as saving does, naming the field", async () => {
    const field = (error: ApiError) => (error.error.details as { field: string }[]).map((d) => d.field);
    const seen = peer.seen.length;
    const hosted = await testForm<ApiError>(
      ann,
      { provider: 'openai', model: 'claude-haiku-4-5', apiKey: GOOD_KEY },
      400,
    );
    expect(field(hosted)).toEqual(['body.model']);
    const noBase = await testForm<ApiError>(ann, { provider: 'custom', model: 'llama3' }, 400);
    expect(field(noBase)).toEqual(['body.baseUrl']);
    expect(noBase.error.message).toContain('API Base URL is required for a custom provider');
    const noModel = await testForm<ApiError>(ann, { provider: 'custom', baseUrl: peerUrl, model: ' ' }, 400);
    expect(field(noModel)).toEqual(['body.model']);
    expect(field(await testForm<ApiError>(ann, { provider: 'gemini', model: 'x' }, 400))).toEqual(['body.provider']);
    expect(peer.seen.length).toBe(seen);
  });

  it('resets to the offline composer', async () => {
    expect(await reset(ann)).toMatchObject({ source: 'offline', apiKeySet: false });
    expect(await storedRow(ann)).toBeUndefined();
  });
});

describe('a base URL on a private network', () => {
  it('is refused when a user enters it with AI_ALLOW_PRIVATE=false, the refusal naming the switch', async () => {
    const strict = await build({ AI_ALLOW_PRIVATE: 'false' });
    try {
      const c = await signedIn(strict);
      for (const baseUrl of [
        'http://127.0.0.1:11434/v1',
        'http://localhost:11434/v1',
        'http://10.1.2.3/v1',
        'http://[::1]:8080/v1',
      ]) {
        const response = await c.request('/api/settings/ai', {
          method: 'PUT',
          json: { provider: 'custom', baseUrl, model: 'llama3' },
        });
        expect(response.status, baseUrl).toBe(400);
        const body = (await response.json()) as ApiError;
        expect(body.error.details).toEqual([{ field: 'body.baseUrl', message: AI_PRIVATE_MESSAGE }]);
      }
      expect(AI_PRIVATE_MESSAGE).toBe(
        'That address is on a private or local network, which Plume does not fetch from; set AI_ALLOW_PRIVATE=true to allow it',
      );
      expect((await (await c.request('/api/settings/ai')).json()).source).toBe('offline');
      // Nor does Global Settings look for a model on this machine: it could not be used.
      const local = (await (await c.request('/api/settings/ai/local')).json()) as LocalModels;
      expect(local).toMatchObject({ allowed: false, found: false, models: [] });
      expect(local.message).toContain('AI_ALLOW_PRIVATE');
    } finally {
      await strict.close();
    }
  });

  it("is refused in Test connection's form too, which counts toward the writing limit", async () => {
    const strict = await build({ GENERATION_RATE_LIMIT: '2', AI_ALLOW_PRIVATE: 'false' });
    try {
      const c = await signedIn(strict);
      const refused = await testForm<ApiError>(
        c,
        { provider: 'custom', baseUrl: peerUrl, model: 'stub-model', apiKey: GOOD_KEY },
        400,
      );
      expect(refused.error.details).toEqual([{ field: 'body.baseUrl', message: AI_PRIVATE_MESSAGE }]);
      await testForm(c, {});
      await testForm(c, {});
      // Past the limit: refused before any call is made (a public address no test reaches).
      const limited = await testForm<ApiError>(
        c,
        { provider: 'custom', baseUrl: 'http://8.8.8.8/v1', model: 'm' },
        429,
      );
      expect(limited.error.code).toBe('rate_limited');
    } finally {
      await strict.close();
    }
  });
});

describe('a model on the same machine', () => {
  it('works out of the box where Plume runs on one’s own machine; a private network still needs the switch', async () => {
    // No AI_ALLOW_PRIVATE: not production, at a loopback APP_URL (http://127.0.0.1:<port>, as `npm start` is at localhost).
    const own = await build();
    try {
      const c = await signedIn(own);
      const localhost = peerUrl.replace('127.0.0.1', 'localhost');
      const saved = await c.request('/api/settings/ai', {
        method: 'PUT',
        json: { provider: 'custom', baseUrl: localhost, model: 'llama3.2', apiKey: GOOD_KEY },
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const tested = await c.request('/api/settings/ai/test', { method: 'POST', json: {} });
      expect(await tested.json()).toMatchObject({ writer: 'custom', model: 'llama3.2', text: 'OK from the stub' });
      // Writing reaches it too (the connection is checked again on the address used).
      peer.next(openaiText('A post from the local model.'));
      const chat = await c.request('/api/chat', { method: 'POST', json: { prompt: 'Hi' } });
      expect(await chat.json()).toEqual({ text: 'A post from the local model.', writer: 'custom' });

      const lan = await c.request('/api/settings/ai', {
        method: 'PUT',
        json: { provider: 'custom', baseUrl: 'http://192.168.1.20:11434/v1', model: 'llama3.2' },
      });
      expect(lan.status).toBe(400);
      expect(((await lan.json()) as ApiError).error.details).toEqual([
        { field: 'body.baseUrl', message: AI_PRIVATE_MESSAGE },
      ]);
    } finally {
      await own.close();
    }
  });
});

describe('an Ollama server on this machine', () => {
  it('is found with its models, each can be tested, and a missing one says why', async () => {
    const local = await startLlmStub({ fallback: ollama(['llama3.2:3b', 'qwen2.5:7b'], 'Hello from Ollama') });
    const own = await build({ OLLAMA_URL: `${local.url}/` });
    try {
      const c = await signedIn(own);
      const found = (await (await c.request('/api/settings/ai/local')).json()) as LocalModels;
      expect(found).toEqual({
        allowed: true,
        found: true,
        url: local.url,
        baseUrl: `${local.url}/v1`,
        models: [
          { name: 'llama3.2:3b', size: 2_019_393_189, parameterSize: '3.2B' },
          { name: 'qwen2.5:7b', size: 2_019_393_189, parameterSize: '3.2B' },
        ],
        message: null,
      });
      // Test: one tiny generation with that model, through its OpenAI-compatible API.
      const tested = await testForm(c, { provider: 'custom', baseUrl: found.baseUrl, model: 'qwen2.5:7b' });
      expect(tested).toMatchObject({ writer: 'custom', model: 'qwen2.5:7b', text: 'Hello from Ollama' });
      expect(local.seen.at(-1)).toMatchObject({ path: '/v1/chat/completions', body: { model: 'qwen2.5:7b' } });
      const missing = await testForm<ApiError>(
        c,
        { provider: 'custom', baseUrl: found.baseUrl, model: 'mistral' },
        502,
      );
      expect(missing.error.message).toBe('AI provider: model "mistral" not found, try pulling it first (HTTP 404)');
      // Chosen and saved, it writes.
      await save(c, { provider: 'custom', baseUrl: found.baseUrl, model: 'llama3.2:3b' });
      const chat = await c.request('/api/chat', { method: 'POST', json: { prompt: 'Hi' } });
      expect(await chat.json()).toEqual({ text: 'Hello from Ollama', writer: 'custom' });
      // Stopped, it is not found, and the page says what to do.
      await local.close();
      const gone = (await (await c.request('/api/settings/ai/local')).json()) as LocalModels;
      expect(gone).toMatchObject({ allowed: true, found: false, models: [] });
      expect(gone.message).toBe(
        `No Ollama server answered at ${local.url}. Install Ollama (ollama.com), start it, pull a model, then look again.`,
      );
      expect(local.unexpected).toEqual([]);
    } finally {
      await own.close();
      await local.close().catch(() => {});
    }
  });
});

describe("the server's key", () => {
  it('is never lent to a user setting without a key, not even from OPENAI_API_KEY in the environment', async () => {
    const before = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = SERVER_KEY;
    try {
      const c = await signedIn(server);
      const seen = peer.seen.length;
      // Not to the form's unsaved values either: both are refused on the key field.
      const form = { provider: 'openai', baseUrl: peerUrl, model: 'gpt-4o-mini' };
      const unsaved = await testForm<ApiError>(c, form, 400);
      expect(unsaved.error.details?.[0]?.field).toBe('body.apiKey');
      expect((await invalid(c, form)).error.details?.[0]?.field).toBe('body.apiKey');
      expect(peer.seen.length).toBe(seen);

      await save(c, { provider: 'openai', baseUrl: peerUrl, model: 'gpt-4o-mini', apiKey: GOOD_KEY });
      expect((await test(c)).text).toBe('OK from the stub');
      expect(peer.seen.at(-1)?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
      expect(peer.seen.map((r) => r.headers.authorization)).not.toContain(`Bearer ${SERVER_KEY}`);
    } finally {
      if (before === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = before;
    }
  });

  it("writes for a user's own settings of the server's provider at its base URL, and only there", async () => {
    // The server writes with OpenAI at the stub, with its own key.
    const withKey = await build(
      { AI_PROVIDER: 'openai', AI_BASE_URL: peerUrl, AI_API_KEY: SERVER_KEY, AI_MODEL: 'gpt-4o', LOG_LEVEL: 'trace' },
      { logStream: { write: (line: string) => logLines.push(line) } },
    );
    try {
      const c = await signedIn(withKey);
      expect((await read(c)).serverKeyFor).toBe('openai');
      // Another model at the server's base URL, no key of the user's: saved, and written with the server's key.
      expect(await save(c, { provider: 'openai', baseUrl: peerUrl, model: 'gpt-4.1-mini' })).toEqual({
        provider: 'openai',
        baseUrl: peerUrl,
        model: 'gpt-4.1-mini',
        apiKeySet: false,
        source: 'user',
        serverKeyFor: 'openai',
      });
      peer.next(openaiText('OK with the server key'));
      expect(await test(c)).toMatchObject({ writer: 'openai', model: 'gpt-4.1-mini', text: 'OK with the server key' });
      expect(peer.seen.at(-1)?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
      expect(peer.seen.at(-1)?.body).toMatchObject({ model: 'gpt-4.1-mini' });
      // The server's key goes nowhere else: OpenAI's own address and Anthropic need the user's key.
      expect((await invalid(c, { provider: 'openai', model: 'gpt-4o-mini' })).error.details?.[0]?.field).toBe(
        'body.apiKey',
      );
      expect((await invalid(c, { provider: 'anthropic', model: 'claude-haiku-4-5' })).error.details?.[0]?.field).toBe(
        'body.apiKey',
      );
    } finally {
      await withKey.close();
    }
  });
});

describe('settings saved before saving checked for a key', () => {
  it("say what to do in every writing call, the draft's event stream included", async () => {
    const c = await signedIn(server);
    const me = await call<{ user: { id: string } }>(c, '/api/session', {}, 200);
    await server.app.database.db
      .insert(aiSettings)
      .values({ workspaceId: me.user.id, provider: 'openai', baseUrl: HOSTED_BASE_URLS.openai, model: 'gpt-4o-mini' });
    const message = 'Enter your OpenAI API key in Global Settings';
    expect((await call<ApiError>(c, '/api/chat', { method: 'POST', json: { prompt: 'Hi' } }, 409)).error.message).toBe(
      message,
    );
    // EventSource reads only a 200 event stream: the reason comes as an error event.
    const draft = await c.request(`/api/draft?${new URLSearchParams({ prompt: 'Hi' })}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(draft.status).toBe(200);
    expect(draft.headers.get('content-type')).toContain('text/event-stream');
    expect(await draft.text()).toBe(`event: error\ndata: ${JSON.stringify({ message, code: 'conflict' })}\n\n`);
    // The live sample is the same stream.
    const sample = await c.request(`/api/draft?${new URLSearchParams({ prompt: 'Hi', kind: 'sample' })}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(await sample.text()).toContain(JSON.stringify({ message, code: 'conflict' }));
    // An API client that reads JSON gets the HTTP error as before.
    const plain = await c.request(`/api/draft?${new URLSearchParams({ prompt: 'Hi' })}`);
    expect(plain.status).toBe(409);
    expect(((await plain.json()) as ApiError).error.message).toBe(message);
  });
});

describe('secrets', () => {
  it('no key appears in any response body or log line', async () => {
    expect(logLines.length).toBeGreaterThan(20);
    expect(bodies.length).toBeGreaterThan(20);
    for (const key of KEYS) {
      expect(logLines.filter((line) => line.includes(key))).toEqual([]);
      expect(bodies.filter((body) => body.includes(key))).toEqual([]);
    }
  });
});
