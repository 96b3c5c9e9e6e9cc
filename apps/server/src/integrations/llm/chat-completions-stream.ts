import { APICallError } from 'ai';

/**
 * A streamed chat completion from an OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp…),
 * read straight off the response body (decision 063-streams-read-directly): each `data:` event's
 * `choices[0].delta.content`, as it arrives. The AI SDK's path (web streams through several
 * transforms, a schema check of every chunk) cost a stream about three times as much CPU, and under
 * load that CPU is taken from every other request. Errors come out as the SDK's `APICallError`, so
 * they are described to the user exactly as before.
 */
export async function* streamChatCompletion(options: {
  baseUrl: string;
  apiKey?: string;
  fetch: typeof globalThis.fetch;
  body: Record<string, unknown>;
  signal: AbortSignal;
}): AsyncGenerator<string> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const requestBody = { ...options.body, stream: true };
  const response = await options.fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    },
    body: JSON.stringify(requestBody),
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new APICallError({
      message: errorMessage(text) ?? response.statusText,
      url,
      requestBodyValues: requestBody,
      statusCode: response.status,
      responseHeaders: headersOf(response.headers),
      responseBody: text,
      isRetryable: response.status === 429 || response.status >= 500,
    });
  }
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const reader = response.body.getReader();
  let done = false;
  let ended = false;
  try {
    for (;;) {
      const read = await reader.read();
      if (read.done) {
        done = true;
        return;
      }
      buffer += decoder.decode(read.value, { stream: true });
      let start = 0;
      for (let end = buffer.indexOf('\n', start); end !== -1; end = buffer.indexOf('\n', start)) {
        const line = buffer.charCodeAt(end - 1) === 13 ? buffer.slice(start, end - 1) : buffer.slice(start, end);
        start = end + 1;
        if (line === '') {
          // A blank line ends an event: its data lines, joined, are one JSON chunk (or [DONE]).
          const event = data.join('\n');
          data = [];
          // After [DONE] the body is read to its end, so the connection can be used again.
          if (event === '' || ended) continue;
          if (event === '[DONE]') {
            ended = true;
            continue;
          }
          const text = deltaText(event);
          if (text) yield text;
        } else if (line.startsWith('data:')) {
          data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
        }
        // Comments (": keep-alive"), `event:`, `id:` and `retry:` lines carry no text.
      }
      buffer = buffer.slice(start);
    }
  } finally {
    // Stopped early ([DONE], an error, or the caller stopped reading): the connection is let go.
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

function headersOf(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** The text a chunk adds; an error chunk (some servers report a failure mid-stream) is thrown. */
function deltaText(event: string): string | undefined {
  let chunk: { choices?: { delta?: { content?: unknown } }[]; error?: { message?: unknown } };
  try {
    chunk = JSON.parse(event);
  } catch {
    throw new Error(`the stream sent something that is not JSON: ${event.slice(0, 80)}`);
  }
  if (chunk.error) throw new Error(typeof chunk.error.message === 'string' ? chunk.error.message : 'the stream failed');
  const content = chunk.choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : undefined;
}

/** `{ error: { message } }`, the shape OpenAI-compatible servers answer a failed request with. */
function errorMessage(text: string): string | undefined {
  try {
    const message = JSON.parse(text)?.error?.message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  } catch {
    return undefined;
  }
}
