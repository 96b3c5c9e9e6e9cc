// Streaming for the benchmarks that time first tokens (bench.mjs, bench-load.mjs): a stub model
// and a stream's first text event.
import { createServer } from 'node:http';

/** Milliseconds until the first `data:` event whose text passes `isText`, then the rest is read. */
export async function firstToken(url, init, isText) {
  const started = performance.now();
  const response = await fetch(url, init);
  const decoder = new TextDecoder();
  let buffer = '';
  let first;
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (first === undefined && end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!block.startsWith('event:') && isText(block.replace(/^data: ?/, ''))) first = performance.now() - started;
      end = buffer.indexOf('\n\n');
    }
  }
  if (first === undefined) throw new Error(`no text from ${url}`);
  return first;
}

/**
 * A local OpenAI-compatible model: streams 20 chunks 5 ms apart, each a word with its leading space
 * as real tokenizers write them.
 */
export function startStubModel() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (content) =>
        `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
      for (let i = 0; i < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (res.destroyed) return;
        res.write(chunk(i === 0 ? 'Word0' : ` word${i}`));
      }
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
