// A stream's first text event, for the benchmarks that time first tokens (bench.mjs, bench-load.mjs).

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
