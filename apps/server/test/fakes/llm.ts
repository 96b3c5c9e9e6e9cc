/**
 * The one model stub of the server tests: a local OpenAI-compatible (and Anthropic) peer over real
 * HTTP. A test scripts answers in order with `next`; a request with nothing scripted goes to the
 * stub's `fallback`, or, without one, is answered 500 and listed in `unexpected` (a test fails on it).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LlmHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: Record<string, unknown>,
) => void | Promise<void>;
export type LlmRequest = {
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type LlmStub = Awaited<ReturnType<typeof startLlmStub>>;

/** Starts the stub on loopback; `baseUrl` is what AI_BASE_URL or Global Settings take (…/v1). */
export async function startLlmStub(options: { fallback?: LlmHandler } = {}) {
  const queue: LlmHandler[] = [];
  const seen: LlmRequest[] = [];
  const unexpected: string[] = [];
  /** Streams that ended because the reader went away. */
  let abandoned = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      seen.push({ method: req.method ?? '', path: req.url ?? '', body, headers: req.headers });
      res.on('close', () => {
        if (!res.writableEnded) abandoned += 1;
      });
      const handler = queue.shift() ?? options.fallback;
      if (!handler) {
        unexpected.push(`${req.method} ${req.url}`);
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'unexpected request' } }));
        return;
      }
      void handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The stub's origin. */
    url,
    /** The OpenAI-style base URL. */
    baseUrl: `${url}/v1`,
    server,
    seen,
    unexpected,
    get abandoned() {
      return abandoned;
    },
    next(...handlers: LlmHandler[]) {
      queue.push(...handlers);
    },
    pending: () => queue.length,
    reset() {
      queue.length = 0;
      seen.length = 0;
      unexpected.length = 0;
      abandoned = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): LlmHandler => {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
};

/** OpenAI's chat completion answer. */
export const openaiText = (text: string, model = 'stub-model') =>
  json(200, {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });

/** OpenAI's streamed answer: one chunk per piece, `gapMs` apart, then [DONE]. */
export const openaiStream =
  (pieces: string[], gapMs = 5): LlmHandler =>
  async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'stub-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of pieces) {
      if (res.destroyed) return;
      await sleep(gapMs);
      res.write(chunk({ content: piece }, null));
    }
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  };

/** OpenAI's error shape. */
export const openaiError = (status: number, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { message, type: 'invalid_request_error', code: null } }, headers);

/**
 * A chat completion only for requests that carry `key`; any other key is refused 401, the refusal
 * repeating the key it was given (as some servers do: what Plume passes on must redact it).
 */
export const withKey =
  (key: string, answer: LlmHandler): LlmHandler =>
  (req, res, body) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      return json(404, { error: { message: 'Not found', type: 'invalid_request_error' } })(req, res, body);
    }
    if (req.headers.authorization !== `Bearer ${key}`) {
      const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      return json(401, {
        error: {
          message: `Incorrect API key provided: ${given}`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      })(req, res, body);
    }
    return answer(req, res, body);
  };

/** Never answers: the app's AI_TIMEOUT_MS ends it. */
export const hang: LlmHandler = () => {};

/** A stream that breaks off with a chunk that is not JSON. */
export const malformedStream: LlmHandler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'stub-model', choices: [{ index: 0, delta: { content: 'Half' }, finish_reason: null }] })}\n\n`,
  );
  res.end('data: {"choices": [ this is not JSON\n\n');
};

/** Anthropic's Messages answer. */
export const anthropicText = (text: string) =>
  json(200, {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10 },
  });

/** Anthropic's Messages answer, streamed. */
export const anthropicStream =
  (pieces: string[]): LlmHandler =>
  async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const event = (type: string, data: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    event('message_start', {
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-haiku-4-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    });
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    for (const text of pieces) {
      await sleep(5);
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
    }
    event('content_block_stop', { index: 0 });
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } });
    event('message_stop', {});
    res.end();
  };

/**
 * An Ollama server on this machine, as Global Settings finds it: `GET /api/tags` lists `models`,
 * and its OpenAI-compatible `/v1/chat/completions` answers `answer` for a model it has, or
 * Ollama's own refusal for one it has not. Use as a stub's fallback.
 */
export const ollama =
  (models: string[], answer = 'OK'): LlmHandler =>
  (req, res, body) => {
    if (req.method === 'GET' && req.url === '/api/tags') {
      return json(200, {
        models: models.map((name) => ({
          name,
          model: name,
          modified_at: '2026-01-01T00:00:00Z',
          size: 2_019_393_189,
          digest: 'a80c4f17acd5',
          details: { format: 'gguf', family: 'llama', parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
        })),
      })(req, res, body);
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const model = String(body.model ?? '');
      if (!models.includes(model)) {
        return json(404, {
          error: {
            message: `model "${model}" not found, try pulling it first`,
            type: 'api_error',
            param: null,
            code: null,
          },
        })(req, res, body);
      }
      return openaiText(answer, model)(req, res, body);
    }
    return json(404, { error: '404 page not found' })(req, res, body);
  };
