import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { streamChatCompletion } from './chat-completions-stream';

/** A fetch that answers with `chunks` as the body, split where the test says, and keeps what it was sent. */
function answering(chunks: string[], init: ResponseInit = { status: 200 }) {
  const sent: { url: string; body: unknown; headers: Headers }[] = [];
  let cancelled = false;
  const fetch = (async (url: string, request: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(request.body)), headers: new Headers(request.headers) });
    const encoder = new TextEncoder();
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    return new Response(body, init);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent, cancelled: () => cancelled };
}

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}`;

async function all(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe('an OpenAI-compatible stream read directly', () => {
  it('yields each delta across split chunks and CRLF lines, skipping comments and empty deltas, and reads to the end', async () => {
    const whole = `: keep-alive\r\n\r\n${chunk('Hel')}\r\n\r\n${chunk('lo')}\n\nevent: ping\ndata: {"choices":[{"delta":{}}]}\n\n${chunk(' there')}\n\ndata: [DONE]\n\n${chunk('after the end')}\n\n`;
    // Cut into pieces of 7 bytes, lines and events broken anywhere.
    const model = answering(whole.match(/[\s\S]{1,7}/g) ?? []);
    const pieces = await all(
      streamChatCompletion({
        baseUrl: 'http://model.test/v1/',
        apiKey: 'sk-test',
        fetch: model.fetch,
        body: { model: 'm', messages: [] },
        signal: new AbortController().signal,
      }),
    );
    expect(pieces).toEqual(['Hel', 'lo', ' there']);
    expect(model.sent[0]?.url).toBe('http://model.test/v1/chat/completions');
    expect(model.sent[0]?.body).toEqual({ model: 'm', messages: [], stream: true });
    expect(model.sent[0]?.headers.get('authorization')).toBe('Bearer sk-test');
    // Read to its end after [DONE] (the connection is used again), not cut off.
    expect(model.cancelled()).toBe(false);
  });

  it('joins an event’s data lines, and fails on an error chunk or a line that is not JSON', async () => {
    const joined = answering(['data: {"choices":[{"delta":\ndata: {"content":"a\\nb"}}]}\n\n']);
    expect(
      await all(
        streamChatCompletion({
          baseUrl: 'http://m',
          fetch: joined.fetch,
          body: {},
          signal: new AbortController().signal,
        }),
      ),
    ).toEqual(['a\nb']);

    const failing = answering([`${chunk('Half')}\n\ndata: {"error":{"message":"model overloaded"}}\n\n`]);
    await expect(
      all(
        streamChatCompletion({
          baseUrl: 'http://m',
          fetch: failing.fetch,
          body: {},
          signal: new AbortController().signal,
        }),
      ),
    ).rejects.toThrow('model overloaded');

    const broken = answering([`${chunk('Half')}\n\ndata: {"choices": [ nope\n\n`]);
    await expect(
      all(
        streamChatCompletion({
          baseUrl: 'http://m',
          fetch: broken.fetch,
          body: {},
          signal: new AbortController().signal,
        }),
      ),
    ).rejects.toThrow(/not JSON/);
  });

  it('answers a refused request as the SDK would: status, message, headers and body', async () => {
    const refused = answering(['{"error":{"message":"Rate limit reached"}}'], {
      status: 429,
      headers: { 'retry-after': '7' },
    });
    const error = await all(
      streamChatCompletion({
        baseUrl: 'http://m',
        fetch: refused.fetch,
        body: {},
        signal: new AbortController().signal,
      }),
    ).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      statusCode: 429,
      message: 'Rate limit reached',
      responseHeaders: { 'retry-after': '7' },
    });
  });

  it('lets the connection go when the reader stops early', async () => {
    const model = answering([`${chunk('one')}\n\n`, `${chunk('two')}\n\n`, `${chunk('three')}\n\n`]);
    for await (const piece of streamChatCompletion({
      baseUrl: 'http://m',
      fetch: model.fetch,
      body: {},
      signal: new AbortController().signal,
    })) {
      expect(piece).toBe('one');
      break;
    }
    expect(model.cancelled()).toBe(true);
  });
});
