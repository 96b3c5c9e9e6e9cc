import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GeneratedPost, Persona } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';
import { sse, stubWritingApi } from './writing-stubs';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await signIn(page, uniqueEmail('writing'));
});

const newPersona = (page: Parameters<typeof apiCall>[0], name: string) =>
  apiCall<Persona>(page, 'POST', '/api/personas', { name, setup_complete: true });

/** A real SSE peer that sends each piece after a pause, so the stream arrives over time. */
async function slowDraftServer(
  pieces: string[],
  pauseMs: number,
): Promise<{ server: Server; url: string; asked: URL[] }> {
  const asked: URL[] = [];
  const server = createServer((req, res) => {
    asked.push(new URL(req.url ?? '/', 'http://localhost'));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(sse('event: meta\ndata: {"writer":"offline"}'));
    let i = 0;
    const next = () => {
      if (i < pieces.length) {
        res.write(sse(`data: ${pieces[i]}`));
        i += 1;
        setTimeout(next, pauseMs);
      } else {
        res.end(sse('data: [DONE]'));
      }
    };
    setTimeout(next, pauseMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

test('a draft streams into the panel piece by piece', async ({ page }) => {
  const persona = await newPersona(page, 'Streamer');
  const peer = await slowDraftServer(['Small', ' steps,', ' every', ' day.'], 400);
  let conversationLoads = 0;
  await stubWritingApi(page, {
    // The request goes on to the slow peer unbuffered, so the browser sees the pieces as they come.
    draft: (route) => route.continue({ url: `${peer.url}${new URL(route.request().url()).search}` }),
    conversation: [
      { id: '1', role: 'user', content: 'Say hi' },
      { id: '2', role: 'assistant', content: 'Hi!' },
    ],
  });
  page.on('request', (r) => r.url().includes('/api/conversations/') && conversationLoads++);
  try {
    await page.goto(`/advanced/${persona.id}`);
    const conversation = page.getByRole('list', { name: 'Conversation' });
    await expect(conversation.getByRole('listitem')).toHaveText(['You: Say hi', 'AI: Hi!']);
    const loadsBefore = conversationLoads;

    const result = page.getByTestId('draft-result');
    await expect(result).toHaveText('No draft yet');
    await page.getByRole('button', { name: 'Generate Draft' }).click();
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();

    // Record what the panel shows while the stream runs: it must pass through partial drafts.
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add((await result.innerText()).trim());
          return seen.has('Small steps, every day.');
        },
        { intervals: [100], timeout: 10_000 },
      )
      .toBe(true);
    expect([...seen]).toEqual(expect.arrayContaining(['Small', 'Small steps,']));
    await expect(page.getByRole('button', { name: 'Generate Draft' })).toBeEnabled();
    await expect(result.getByTestId('writer-note')).toHaveText('Written by the offline composer');

    expect(peer.asked).toHaveLength(1);
    expect(peer.asked[0]?.searchParams.get('personaId')).toBe(persona.id);
    expect(peer.asked[0]?.searchParams.get('prompt')).toBeTruthy();
    // The finished draft reloads the conversation (the server keeps it there).
    await expect.poll(() => conversationLoads).toBeGreaterThan(loadsBefore);
  } finally {
    peer.server.close();
  }
});

test('the generator returns three posts within the platform limits', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const persona = await newPersona(page, 'Generator');
  const other = await newPersona(page, 'Other');
  let body: unknown;
  const posts: GeneratedPost[] = [
    {
      content: 'Ship small. #ai',
      hashtags: ['#ai'],
      type: 'thread',
      parts: ['Ship small.', 'Then ship again. #ai'],
      writer: 'offline',
    },
    {
      content: 'Tests are a gift to future you. #ai',
      hashtags: ['#ai'],
      type: 'thread',
      parts: ['Tests are a gift to future you. #ai'],
      writer: 'offline',
    },
    {
      content: 'Read the error message. #ai',
      hashtags: ['#ai'],
      type: 'thread',
      parts: ['Read the error message. #ai'],
      writer: 'offline',
    },
  ];
  await stubWritingApi(page, {
    generate: async (route) => {
      body = route.request().postDataJSON();
      await route.fulfill({ json: posts });
    },
  });

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
  await page.getByRole('button', { name: 'Generate', exact: true }).click();

  const cards = page.getByTestId('generated-post');
  await expect(cards).toHaveCount(3);
  expect(body).toEqual({
    personaId: persona.id,
    type: 'thread',
    topic: 'shipping <fast>',
    hashtags: 'ai, #dev',
    platforms: ['x', 'bluesky'],
    count: 3,
  });
  await expect(page.getByText('Written by the offline composer')).toBeVisible();
  // A thread shows its parts, each counted for both platforms and within their limits.
  await expect(cards.first().getByRole('textbox')).toHaveCount(2);
  await expect(cards.first().getByRole('textbox', { name: 'Post 1, part 2 of 2' })).toHaveValue('Then ship again. #ai');
  await expect(cards.first().getByTestId('post-counts').first()).toHaveText('X 11/280Bluesky 11/300');
  await expect(page.getByText('too long')).toHaveCount(0);

  // Edited text is counted live and is what Copy copies.
  const second = cards.nth(1).getByRole('textbox', { name: 'Post 2' });
  await second.fill('a'.repeat(290));
  await expect(cards.nth(1).getByTestId('post-counts')).toHaveText('X 290/280 · too longBluesky 290/300');
  await second.fill('Edited by hand');
  await cards.nth(1).getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Edited by hand');

  // The switcher opens the same screen for the other persona, clean.
  await page.getByLabel('Persona', { exact: true }).selectOption(other.id);
  await expect(page).toHaveURL(new RegExp(`/advanced/${other.id}$`));
  await expect(cards).toHaveCount(0);
});

test('a failed generation says Failed to generate with the server message', async ({ page, consoleErrors }) => {
  const persona = await newPersona(page, 'Unlucky');
  await stubWritingApi(page, {
    generate: (route) =>
      route.fulfill({ status: 502, json: { error: { code: 'provider_error', message: 'the API key was refused' } } }),
  });
  await page.goto(`/advanced/${persona.id}`);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Failed to generate')).toBeVisible();
  await expect(page.getByText('the API key was refused')).toBeVisible();
  await expect(page.getByTestId('generated-post')).toHaveCount(0);
  // The browser itself logs the failed request.
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('502')]);
});

test('Default Query locks the box and Get a different query changes it; turning it off clears and unlocks the box', async ({
  page,
}) => {
  const persona = await newPersona(page, 'Querier');
  await stubWritingApi(page);
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
});

test('markdown links with other protocols are blanked', async ({ page }) => {
  const persona = await newPersona(page, 'Linker');
  await stubWritingApi(page, {
    draft: sse(
      'data: Read [the docs](https://example.com/docs), [mail me](mailto:ada@example.com), [chat](irc://irc.libera.chat/plume), [see below](/dashboard),',
      'data:  [click](javascript:alert(1)) and [file](file:///etc/passwd) <b>bold?</b> **really bold**',
      'data: [DONE]',
    ),
  });
  await page.goto(`/advanced/${persona.id}`);
  await page.getByRole('button', { name: 'Generate Draft' }).click();
  const result = page.getByTestId('draft-result');
  await expect(result).toContainText('really bold');
  await expect(result.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs');
  await expect(result.getByRole('link', { name: 'mail me' })).toHaveAttribute('href', 'mailto:ada@example.com');
  await expect(result.getByRole('link', { name: 'chat' })).toHaveAttribute('href', 'irc://irc.libera.chat/plume');
  await expect(result.getByRole('link', { name: 'see below' })).toHaveAttribute('href', '/dashboard');
  // Other protocols keep their text, without a link.
  await expect(result.getByText('click')).toBeVisible();
  await expect(result.getByRole('link', { name: 'click' })).toHaveCount(0);
  await expect(result.getByRole('link', { name: 'file' })).toHaveCount(0);
  expect(await result.locator('a').count()).toBe(4);
  // No raw HTML; markdown emphasis renders.
  await expect(result.locator('b')).toHaveCount(0);
  await expect(result.locator('strong')).toHaveText('really bold');
});

test('the live sample shows only when the persona has a name', async ({ page }) => {
  const asked: URL[] = [];
  await stubWritingApi(page, {
    draft: async (route) => {
      asked.push(new URL(route.request().url()));
      await route.fulfill({
        headers: { 'content-type': 'text/event-stream' },
        body: sse('event: meta\ndata: {"writer":"offline"}', `data: Sample ${asked.length}`, 'data: [DONE]'),
      });
    },
  });
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
  const sample = page.getByTestId('live-sample');
  await expect(sample).toHaveText('Sample 1');
  await expect(page.getByText('Written by the offline composer')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Auto-generate' })).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Auto-generate' })).not.toBeChecked();

  // Slider moves do not write again; Refresh does, with the unsaved traits.
  await page.getByLabel('Humor').fill('95');
  await page.getByLabel('Sarcasm').fill('90');
  await page.waitForTimeout(300);
  expect(asked).toHaveLength(1);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(sample).toHaveText('Sample 2');
  const persona = JSON.parse(asked[1]?.searchParams.get('persona') ?? '{}') as Persona;
  expect(persona).toMatchObject({ name: 'Ada', personality: { humor: 95, sarcasm: 90 } });
  expect(asked[1]?.searchParams.get('personaId')).toBeNull();

  // Without a name the box goes away again.
  await page.getByRole('tab', { name: 'Identity' }).click();
  await page.getByLabel('Name').fill('');
  await page.getByRole('tab', { name: 'Personality' }).click();
  await expect(page.getByRole('heading', { name: 'Live Sample Content' })).toHaveCount(0);
});

test('a chat message shows at once in the conversation and the reply follows', async ({ page }) => {
  const persona = await newPersona(page, 'Chatty');
  const stored: { id: string; role: 'user' | 'assistant'; content: string }[] = [];
  let asked: unknown;
  await stubWritingApi(page, {
    conversation: stored,
    chat: async (route) => {
      asked = route.request().postDataJSON();
      // A slow reply, so the message is seen on its own first.
      await new Promise((resolve) => setTimeout(resolve, 800));
      stored.push(
        { id: 'u1', role: 'user', content: 'How are you?' },
        { id: 'a1', role: 'assistant', content: 'Busy!' },
      );
      await route.fulfill({ json: { text: 'Busy!', writer: 'offline' } });
    },
  });
  await page.goto(`/advanced/${persona.id}`);
  await expect(page.getByText('No messages yet.')).toBeVisible();
  await page.getByLabel('Message Chatty').fill('How are you?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveText([
    'You: How are you?',
  ]);
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveText([
    'You: How are you?',
    'AI: Busy!',
  ]);
  expect(asked).toEqual({ prompt: 'How are you?', personaId: persona.id });
  await expect(page.getByLabel('Message Chatty')).toHaveValue('');
});

test('/advanced for an unknown id says Persona not found', async ({ page, consoleErrors }) => {
  await stubWritingApi(page);
  await page.goto('/advanced/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Persona not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('404')]);
});
