import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { graphemeCount, type Persona, xWeightedLength } from '@plume/core';
import { apiCall, expect, OFFLINE_NOTE, signIn, test, uniqueEmail } from './fixtures';

/*
 * These tests run against the real server. Most let the offline composer write (no AI_* is set);
 * those that need a particular model answer point the user's Global Settings at a hand-written
 * OpenAI-compatible model server on loopback (the shape of apps/server/test/writing.test.ts).
 */

// ---------------------------------------------------------------------------------------------
// The local model server: it answers only what the running test scripted, in order; anything else
// is answered 500 and fails the test.

type Answer = (res: ServerResponse, body: Record<string, unknown>) => void | Promise<void>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const model = {
  script: [] as Answer[],
  asked: [] as Record<string, unknown>[],
  unexpected: [] as string[],
};
let modelServer: Server;
let modelUrl = '';

function answerModel(req: IncomingMessage, res: ServerResponse) {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', () => {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const answer = req.method === 'POST' && req.url === '/v1/chat/completions' ? model.script.shift() : undefined;
    if (!answer) {
      model.unexpected.push(`${req.method} ${req.url}`);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'unexpected request' } }));
      return;
    }
    model.asked.push(body);
    void answer(res, body);
  });
}

/** A plain chat completion. */
const modelText =
  (text: string): Answer =>
  (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'stub-model',
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  };

/** A streamed completion (`stream: true`): one chunk per piece, `gapMs` apart, then [DONE]. */
const modelStream =
  (pieces: string[], gapMs: number): Answer =>
  async (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'stub-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of pieces) {
      await sleep(gapMs);
      if (res.destroyed) return;
      res.write(chunk({ content: piece }, null));
    }
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  };

/** A provider failure, as OpenAI words it. */
const modelError =
  (status: number, message: string): Answer =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', code: null } }));
  };

test.beforeAll(async () => {
  modelServer = createServer(answerModel);
  await new Promise<void>((resolve) => modelServer.listen(0, '127.0.0.1', resolve));
  modelUrl = `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}/v1`;
});

test.afterAll(() => {
  modelServer.closeAllConnections();
  modelServer.close();
});

test.beforeEach(async ({ page }) => {
  model.script.length = 0;
  model.asked.length = 0;
  model.unexpected.length = 0;
  await signIn(page, uniqueEmail('writing'));
});

test.afterEach(() => {
  expect(model.unexpected, 'requests the model server was not scripted for').toEqual([]);
  expect(model.script, 'scripted model answers never asked for').toEqual([]);
});

/** The signed-in user's model is the local one, through the real Global Settings API. */
const useLocalModel = (page: Page) =>
  apiCall(page, 'PUT', '/api/settings/ai', { provider: 'custom', baseUrl: modelUrl, model: 'stub-model' });

const newPersona = (page: Page, name: string) =>
  apiCall<Persona>(page, 'POST', '/api/personas', { name, setup_complete: true });

/** The draft panel's rendered markdown, without the writer note under it. */
const draftText = async (page: Page) => {
  const markdown = page.getByTestId('draft-result').locator('.draft-markdown');
  return (await markdown.count()) === 0 ? '' : (await markdown.innerText()).trim();
};

// ---------------------------------------------------------------------------------------------

test('a draft streams into the panel piece by piece', async ({ page }) => {
  const persona = await newPersona(page, 'Streamer');
  await useLocalModel(page);
  // An earlier chat, stored by the server: the conversation shows it.
  model.script.push(modelText('Hi!'));
  await apiCall(page, 'POST', '/api/chat', { prompt: 'Say hi', personaId: persona.id });
  model.script.push(modelStream(['Small', ' steps,', ' every', ' day,', ' no', ' matter', ' what.'], 400));

  await page.goto(`/advanced/${persona.id}`);
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('listitem')).toHaveText(['You: Say hi', 'AI: Hi!']);

  const result = page.getByTestId('draft-result');
  await expect(result).toHaveText('No draft yet');
  const query = await page.getByRole('textbox', { name: 'Query' }).inputValue();
  await page.getByRole('button', { name: 'Generate Draft' }).click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();

  // Record what the panel shows while the stream runs: it must pass through partial drafts.
  const final = 'Small steps, every day, no matter what.';
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        seen.add(await draftText(page));
        return seen.has(final);
      },
      { intervals: [100], timeout: 15_000 },
    )
    .toBe(true);
  const partial = [...seen].filter((text) => text !== '' && text !== final);
  expect(partial.length, `partial drafts seen: ${JSON.stringify(partial)}`).toBeGreaterThanOrEqual(2);
  for (const text of partial) expect(final.startsWith(text)).toBe(true);
  await expect(page.getByRole('button', { name: 'Generate Draft' })).toBeEnabled();
  await expect(result.getByTestId('writer-note')).toHaveText('Written by your custom model');

  // The model was asked once, streaming, for this query in this persona's voice.
  expect(model.asked).toHaveLength(2);
  expect(model.asked[1]).toMatchObject({ model: 'stub-model', stream: true });
  expect(JSON.stringify(model.asked[1]?.messages)).toContain(query);
  expect(JSON.stringify(model.asked[1]?.messages)).toContain('Streamer');
  // The server keeps the finished draft in the conversation, and the panel reloads it.
  await expect(conversation.getByRole('listitem')).toHaveText([
    'You: Say hi',
    'AI: Hi!',
    `You: ${query}`,
    `AI: ${final}`,
  ]);
});

test('a provider failure ends the draft with its message, without asking again', async ({ page }) => {
  const persona = await newPersona(page, 'Broken');
  await useLocalModel(page);
  model.script.push(modelError(500, 'The model is overloaded'));
  // Every EventSource the page opens is kept, to read its state afterwards.
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const opened: EventSource[] = [];
    Object.assign(window, { openedEventSources: opened });
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        opened.push(this);
      }
    };
  });
  await page.goto(`/advanced/${persona.id}`);
  await page.getByRole('button', { name: 'Generate Draft' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to generate: AI provider: The model is overloaded (HTTP 500)',
  );
  await expect(page.getByTestId('draft-result')).toHaveText('No draft yet');
  await expect(page.getByRole('button', { name: 'Generate Draft' })).toBeEnabled();
  // EventSource reconnects by itself unless closed: the one stream opened is closed (CLOSED = 2),
  // so no second draft can be asked for.
  const states = () =>
    page.evaluate(() =>
      (window as unknown as { openedEventSources: EventSource[] }).openedEventSources.map((e) => e.readyState),
    );
  await expect.poll(states).toEqual([2]);
  expect(model.asked).toHaveLength(1);
  // Nothing was written, so nothing is kept.
  await expect(page.getByText('No messages yet.')).toBeVisible();
});

test('the generator returns three posts within the platform limits', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const persona = await newPersona(page, 'Generator');
  const other = await newPersona(page, 'Other');

  // Reached from the persona card.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Write with Generator' }).click();
  await expect(page).toHaveURL(new RegExp(`/advanced/${persona.id}$`));
  await expect(page.getByRole('heading', { name: 'Advanced generation' })).toBeVisible();

  await page.getByLabel('Post type').selectOption('thread');
  await page.getByLabel('Topic').fill('shipping <fast>');
  await page.getByLabel('Hashtags').fill('ai, #dev');
  await page.getByRole('checkbox', { name: 'Bluesky' }).uncheck();
  await page.getByRole('checkbox', { name: 'X' }).uncheck();
  await expect(page.getByText('Pick at least one platform')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'X' }).check();
  await page.getByRole('checkbox', { name: 'Bluesky' }).check();
  const asked = page.waitForRequest('**/api/generate');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();

  const cards = page.getByTestId('generated-post');
  await expect(cards).toHaveCount(3);
  expect((await asked).postDataJSON()).toEqual({
    personaId: persona.id,
    type: 'thread',
    topic: 'shipping <fast>',
    hashtags: 'ai, #dev',
    platforms: ['x', 'bluesky'],
    count: 3,
  });
  await expect(page.getByTestId('writer-note')).toHaveText(OFFLINE_NOTE);

  // Each post is a thread shown as its parts; each part is counted for both platforms, as X
  // (weighted) and Bluesky (graphemes) count it, and is within their limits.
  for (let i = 0; i < 3; i += 1) {
    const card = cards.nth(i);
    const parts = card.getByRole('textbox');
    const total = await parts.count();
    expect(total, `post ${i + 1} is a thread`).toBeGreaterThanOrEqual(2);
    await expect(card.getByRole('heading')).toHaveText(`Post ${i + 1} · thread · ${total} parts`);
    for (let j = 0; j < total; j += 1) {
      const part = card.getByRole('textbox', { name: `Post ${i + 1}, part ${j + 1} of ${total}` });
      const text = await part.inputValue();
      expect(text.trim()).not.toBe('');
      const x = xWeightedLength(text);
      const bluesky = graphemeCount(text);
      expect(x).toBeLessThanOrEqual(280);
      expect(bluesky).toBeLessThanOrEqual(300);
      await expect(card.getByTestId('post-counts').nth(j)).toHaveText(`X ${x}/280Bluesky ${bluesky}/300`);
    }
    // The topic (its < and > dropped) and the hashtags asked for are in the thread.
    const thread = (await parts.evaluateAll((list) => list.map((t) => (t as HTMLTextAreaElement).value))).join('\n');
    expect(thread).toMatch(/shipping fast/i);
    expect(thread).toContain('#ai #dev');
  }
  await expect(page.getByText('too long')).toHaveCount(0);

  // Edited text is counted live, as each platform counts it, and is what Copy copies.
  const second = cards.nth(1).getByRole('textbox').first();
  const counts = cards.nth(1).getByTestId('post-counts').first();
  await second.fill('a'.repeat(290));
  await expect(counts).toHaveText('X 290/280 · too longBluesky 290/300');
  // X counts an emoji as 2.
  await second.fill('🙂'.repeat(150));
  await expect(counts).toHaveText('X 300/280 · too longBluesky 150/300');
  await second.fill('Edited by hand');
  await expect(counts).toHaveText('X 14/280Bluesky 14/300');
  await cards.nth(1).getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n\n')[0]).toBe('Edited by hand');
  expect(copied.split('\n\n')).toHaveLength(await cards.nth(1).getByRole('textbox').count());

  // The switcher opens the same screen for the other persona, clean.
  await page.getByLabel('Persona', { exact: true }).selectOption(other.id);
  await expect(page).toHaveURL(new RegExp(`/advanced/${other.id}$`));
  await expect(cards).toHaveCount(0);
});

test('a failed generation says Failed to generate with the server message', async ({ page, consoleErrors }) => {
  const persona = await newPersona(page, 'Unlucky');
  await useLocalModel(page);
  model.script.push(modelError(401, 'Incorrect API key provided'));
  await page.goto(`/advanced/${persona.id}`);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Failed to generate')).toBeVisible();
  await expect(page.getByText('AI provider: the API key was refused (Incorrect API key provided)')).toBeVisible();
  await expect(page.getByTestId('generated-post')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeEnabled();
  expect(model.asked).toHaveLength(1);
  // The browser itself logs the failed request.
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('502')]);
});

test('Default Query locks the box and Get a different query changes it; turning it off clears and unlocks the box', async ({
  page,
}) => {
  const persona = await newPersona(page, 'Querier');
  await page.goto(`/advanced/${persona.id}`);
  const toggle = page.getByRole('switch', { name: 'Default Query' });
  const box = page.getByRole('textbox', { name: 'Query' });
  await expect(toggle).toBeChecked();
  await expect(box).toHaveAttribute('rows', '3');
  await expect(box).not.toBeEditable();
  const first = await box.inputValue();
  expect(first.length).toBeGreaterThan(10);

  await page.getByRole('button', { name: 'Get a different query' }).click();
  const second = await box.inputValue();
  expect(second).not.toBe(first);
  expect(second.length).toBeGreaterThan(10);

  await toggle.click();
  await expect(box).toHaveValue('');
  await expect(box).toBeEditable();
  await expect(page.getByRole('button', { name: 'Generate Draft' })).toBeDisabled();
  await box.fill('My own question');
  await expect(page.getByRole('button', { name: 'Generate Draft' })).toBeEnabled();

  await toggle.click();
  await expect(box).toHaveValue(second);
  await expect(box).not.toBeEditable();

  // The offline composer writes for the query in the box.
  await page.getByRole('button', { name: 'Generate Draft' }).click();
  await expect(page.getByTestId('writer-note')).toHaveText(OFFLINE_NOTE);
  expect((await draftText(page)).length).toBeGreaterThan(10);
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').first()).toHaveText(
    `You: ${second}`,
  );
});

test('markdown links with other protocols are blanked', async ({ page }) => {
  const persona = await newPersona(page, 'Linker');
  await useLocalModel(page);
  model.script.push(
    modelStream(
      [
        'Read [the docs](https://example.com/docs), [mail me](mailto:ada@example.com), [chat](irc://irc.libera.chat/plume), [see below](/dashboard),',
        ' [click](javascript:alert(1)) and [file](file:///etc/passwd) <b>bold?</b> **really bold**',
      ],
      50,
    ),
  );
  await page.goto(`/advanced/${persona.id}`);
  await page.getByRole('button', { name: 'Generate Draft' }).click();
  const result = page.getByTestId('draft-result');
  await expect(result.getByTestId('writer-note')).toHaveText('Written by your custom model');
  await expect(result).toContainText('really bold');
  await expect(result.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs');
  await expect(result.getByRole('link', { name: 'mail me' })).toHaveAttribute('href', 'mailto:ada@example.com');
  await expect(result.getByRole('link', { name: 'chat' })).toHaveAttribute('href', 'irc://irc.libera.chat/plume');
  await expect(result.getByRole('link', { name: 'see below' })).toHaveAttribute('href', '/dashboard');
  // Other protocols keep their text, without a link.
  await expect(result.getByText('click')).toBeVisible();
  await expect(result.getByRole('link', { name: 'click' })).toHaveCount(0);
  await expect(result.getByText('file', { exact: true })).toBeVisible();
  await expect(result.getByRole('link', { name: 'file' })).toHaveCount(0);
  expect(await result.locator('a').count()).toBe(4);
  // No raw HTML; markdown emphasis renders.
  await expect(result.locator('b')).toHaveCount(0);
  await expect(result.locator('strong')).toHaveText('really bold');
});

test('the live sample shows only when the persona has a name', async ({ page }) => {
  const asked: URL[] = [];
  page.on('request', (r) => r.url().includes('/api/draft?') && asked.push(new URL(r.url())));
  await page.goto('/editor');
  // A new persona starts named 'New Persona': blank the name first.
  await page.getByLabel('Name').fill('');
  await page.getByRole('tab', { name: 'Personality' }).click();
  await expect(page.getByTestId('archetype')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Live Sample Content' })).toHaveCount(0);
  expect(asked).toHaveLength(0);

  await page.getByRole('tab', { name: 'Identity' }).click();
  await page.getByLabel('Name').fill('Ada');
  await page.getByRole('tab', { name: 'Personality' }).click();
  await page.getByRole('button', { name: /Tech Guru/ }).click();
  const box = page.getByRole('region', { name: 'Live Sample Content' });
  const sample = page.getByTestId('live-sample');
  await expect(box.getByTestId('writer-note')).toHaveText(OFFLINE_NOTE);
  const first = (await sample.innerText()).trim();
  expect(first.length).toBeGreaterThan(10);
  expect(graphemeCount(first)).toBeLessThanOrEqual(300);
  await expect(page.getByRole('switch', { name: 'Auto-generate' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Auto-generate' })).not.toBeChecked();
  expect(asked).toHaveLength(1);

  // The sample was written when the box showed, before the preset was picked: it says it is out of
  // date. Slider moves do not write again; Refresh writes, with the unsaved traits.
  await expect(sample).toHaveAttribute('data-stale', 'true');
  await page.getByLabel('Humor').fill('95');
  await page.getByLabel('Sarcasm').fill('90');
  await expect(sample).toHaveAttribute('data-stale', 'true');
  await expect(box.getByRole('status')).toContainText('Out of date');
  expect(asked).toHaveLength(1);
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/draft?'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await refreshed;
  await expect(box.getByTestId('writer-note')).toHaveText(OFFLINE_NOTE);
  await expect(sample).not.toHaveAttribute('data-stale', 'true');
  expect((await sample.innerText()).trim().length).toBeGreaterThan(10);
  expect(asked).toHaveLength(2);
  const persona = JSON.parse(asked[1]?.searchParams.get('persona') ?? '{}') as Persona;
  expect(persona).toMatchObject({ name: 'Ada', personality: { humor: 95, sarcasm: 90 } });
  expect(asked[1]?.searchParams.get('personaId')).toBeNull();
  expect(asked[1]?.searchParams.get('kind')).toBe('sample');

  // Without a name the box goes away again.
  await page.getByRole('tab', { name: 'Identity' }).click();
  await page.getByLabel('Name').fill('');
  await page.getByRole('tab', { name: 'Personality' }).click();
  await expect(page.getByRole('heading', { name: 'Live Sample Content' })).toHaveCount(0);
  expect(asked).toHaveLength(2);
});

test('a chat message shows at once in the conversation, the reply follows, and "shorter" shortens the last post', async ({
  page,
}) => {
  const persona = await newPersona(page, 'Chatty');
  // The offline composer answers in a few milliseconds: the request is held back (not answered by
  // the test) until the message has been seen on its own.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/chat', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/advanced/${persona.id}`);
  const messages = page.getByRole('list', { name: 'Conversation' }).getByRole('listitem');
  await expect(page.getByText('No messages yet.')).toBeVisible();
  await page.getByLabel('Message Chatty').fill('How are you?');
  const answered = page.waitForResponse('**/api/chat');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(messages).toHaveText(['You: How are you?']);
  await expect(page.getByLabel('Message Chatty')).toHaveValue('');

  release();
  const response = await answered;
  expect(response.request().postDataJSON()).toEqual({ prompt: 'How are you?', personaId: persona.id });
  const reply = (await response.json()) as { text: string; writer: string };
  expect(reply.writer).toBe('offline');
  expect(reply.text.length).toBeGreaterThan(10);
  await expect(messages).toHaveText(['You: How are you?', `AI: ${reply.text}`]);

  // The server kept both.
  await page.reload();
  await expect(messages).toHaveText(['You: How are you?', `AI: ${reply.text}`]);

  // A post, then a follow-up that acts on it: the server follows the stored conversation.
  const send = async (text: string) => {
    await page.getByLabel('Message Chatty').fill(text);
    const sent = page.waitForResponse('**/api/chat');
    await page.getByRole('button', { name: 'Send' }).click();
    return ((await (await sent).json()) as { text: string }).text;
  };
  const written = await send('Write a post about tide pools');
  expect(written).toMatch(/tide pools/i);
  await expect(messages.last()).toHaveText(`AI: ${written}`);
  const shorter = await send('shorter');
  await expect(messages).toHaveCount(6);
  await expect(messages.nth(4)).toHaveText('You: shorter');
  await expect(messages.last()).toHaveText(`AI: ${shorter}`);
  expect(shorter.length).toBeLessThan(written.length);
  // Its first sentences (or its start, cut at a word), the hashtags kept.
  expect(written.startsWith(shorter.replace(/(?:\s+#\w+)+$/, '').replace(/…$/, ''))).toBe(true);
});

test('/advanced for an unknown id says Persona not found', async ({ page, consoleErrors }) => {
  await page.goto('/advanced/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Persona not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('404')]);
});
