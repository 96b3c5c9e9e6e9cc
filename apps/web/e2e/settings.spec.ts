import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOSTED_MODELS } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';

const KEY = 'sk-e2e-secret-5d1f0a9b3c7e2468';
const GOOD_KEY = 'sk-e2e-good-8c2e4a6f0b1d3c5e';
const WRONG_KEY = 'sk-e2e-wrong-1f3e5d7c9b0a2e4d';
const OFFLINE = 'Using the offline composer: no AI provider is configured. Choose one below to write with a model.';

/** A local OpenAI-compatible model: answers GOOD_KEY, refuses any other key repeating it (as some do). */
let modelServer: Server;
let modelUrl = '';
const asked: { authorization: string | undefined; model: unknown }[] = [];
test.beforeAll(async () => {
  modelServer = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      asked.push({ authorization: req.headers.authorization, model: body.model });
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Bearer ${GOOD_KEY}`) {
        const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        res.writeHead(401);
        res.end(
          JSON.stringify({ error: { message: `Incorrect API key provided: ${given}`, code: 'invalid_api_key' } }),
        );
        return;
      }
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => modelServer.listen(0, '127.0.0.1', resolve));
  modelUrl = `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}/v1`;
});
test.afterAll(() => {
  modelServer.closeAllConnections();
  modelServer.close();
});

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('settings'));
});

test('Global Settings saves a custom provider and the key is never shown again', async ({ page, consoleErrors }) => {
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Global Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Global Settings' })).toBeVisible();
  // Nothing saved: the offline composer writes, and no provider is preselected as if chosen.
  await expect(page.getByTestId('ai-source')).toHaveText(OFFLINE);
  for (const radio of await page.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await expect(page.getByLabel('Model')).toHaveCount(0);
  await expect(page.getByLabel('API key')).toHaveCount(0);

  await page.getByRole('radio', { name: /Custom/ }).check();
  await expect(page.getByText('No key set')).toBeVisible();
  await page.getByLabel('Model').fill('llama3.2');
  // The server's 400 names the field; its message shows next to it.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main').getByText('API Base URL is required for a custom provider')).toBeVisible();
  await expect(page.getByLabel('API Base URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Failed to save settings: API Base URL is required for a custom provider')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);

  await page.getByLabel('API Base URL').fill('http://127.0.0.1:11434/v1');
  await page.getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/settings/ai') && r.request().method() === 'GET');
  await page.goto('/settings');
  const body = await (await answer).text();
  expect(body).not.toContain(KEY);
  expect(JSON.parse(body)).toMatchObject({ provider: 'custom', apiKeySet: true, source: 'user' });
  await expect(page.getByRole('radio', { name: /Custom/ })).toBeChecked();
  await expect(page.getByLabel('API Base URL')).toHaveValue('http://127.0.0.1:11434/v1');
  await expect(page.getByLabel('Model')).toHaveValue('llama3.2');
  await expect(page.getByLabel('API key')).toHaveValue('');
  await expect(page.getByLabel('API key')).toHaveAttribute('placeholder', 'Leave empty to keep the current key');
  await expect(page.getByText('Key set', { exact: true })).toBeVisible();
  await expect(page.getByTestId('ai-source')).toHaveText('Using your settings (Custom, llama3.2).');
  expect(await page.content()).not.toContain(KEY);

  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByText('API key removed')).toBeVisible();
  await expect(page.getByText('No key set')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove key' })).toHaveCount(0);

  // The way back: forget these settings and the offline composer writes again.
  await page.getByRole('button', { name: 'Stop using my settings' }).click();
  await expect(page.getByTestId('ai-source')).toHaveText(OFFLINE);
  await expect(page.getByRole('radio', { name: /Custom/ })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Stop using my settings' })).toHaveCount(0);
  expect(await apiCall(page, 'GET', '/api/settings/ai')).toMatchObject({ source: 'offline' });
});

test("switching provider offers that provider's fixed models, and a hosted one needs a key", async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/settings');
  const model = page.getByLabel('Model');
  await expect(page.getByTestId('ai-source')).toHaveText(OFFLINE);
  // Save with no provider chosen says what is missing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose an AI provider to save')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  await page.getByRole('radio', { name: 'OpenAI', exact: true }).check();
  await expect(model).toHaveValue(HOSTED_MODELS.openai[0]);
  await expect(model.locator('option')).toHaveText([...HOSTED_MODELS.openai]);

  await page.getByRole('radio', { name: 'Anthropic' }).check();
  await expect(model).toHaveValue(HOSTED_MODELS.anthropic[0]);
  await expect(model.locator('option')).toHaveText([...HOSTED_MODELS.anthropic]);
  await model.selectOption('claude-sonnet-4-5');

  await page.getByRole('radio', { name: /Custom/ }).check();
  await expect(page.getByLabel('API Base URL')).toBeVisible();
  await expect(page.getByLabel('Model')).toHaveValue('');

  await page.getByRole('radio', { name: 'OpenAI', exact: true }).check();
  await expect(model).toHaveValue(HOSTED_MODELS.openai[0]);
  await model.selectOption('gpt-4.1');
  // OpenAI answers nothing without a key: saving is refused, on the key field.
  await expect(page.getByText('Required: OpenAI answers nothing without a key.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  const keyMessage = 'Enter your OpenAI API key: OpenAI does not answer without one';
  await expect(page.getByRole('main').getByText(keyMessage)).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`Failed to save settings: ${keyMessage}`)).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  expect(await apiCall(page, 'GET', '/api/settings/ai')).toMatchObject({ source: 'offline' });
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);

  await page.getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  // Opened directly (no history): Save goes to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page.getByLabel('Model')).toHaveValue('gpt-4.1');
  await expect(page.getByTestId('ai-source')).toHaveText('Using your settings (OpenAI, gpt-4.1).');
  await expect(page.getByRole('radio', { name: 'OpenAI', exact: true })).toBeChecked();
});

test('Test connection without a provider says the offline composer writes', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('test-result')).toContainText('No AI provider is set: the offline composer writes');
  // The account part: the username and Sign Out.
  await expect(page.getByRole('main').getByText(/Signed in as settings\./)).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Test connection tests the values in the form, before they are saved', async ({ page, consoleErrors }) => {
  await page.goto('/settings');
  const result = page.getByTestId('test-result');
  await page.getByRole('radio', { name: /Custom/ }).check();
  await page.getByRole('button', { name: 'Test connection' }).click();
  // The form's own fields are checked, and the message shows next to the field.
  await expect(result).toHaveText('API Base URL is required for a custom provider; Model is required');
  await expect(page.getByLabel('API Base URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Model')).toHaveAttribute('aria-invalid', 'true');
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);

  await page.getByLabel('API Base URL').fill(modelUrl);
  await page.getByLabel('Model').fill('stub-model');
  await page.getByLabel('API key').fill(WRONG_KEY);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toHaveText('AI provider: the API key was refused (Incorrect API key provided: [redacted])');
  expect(asked.at(-1)).toEqual({ authorization: `Bearer ${WRONG_KEY}`, model: 'stub-model' });
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('502 (Bad Gateway)')]);

  await page.getByLabel('API key').fill(GOOD_KEY);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText(/Custom · stub-model answered in \d+ ms: “OK”/);
  // Tested, not saved: the offline composer still writes.
  expect(await apiCall(page, 'GET', '/api/settings/ai')).toMatchObject({ source: 'offline', provider: null });
  await expect(page.getByTestId('ai-source')).toHaveText(OFFLINE);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.goto('/settings');
  // An empty key field tests with the saved key, and the model as it is in the form.
  await page.getByLabel('Model').fill('stub-other');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText(/Custom · stub-other answered in \d+ ms/);
  expect(asked.at(-1)).toEqual({ authorization: `Bearer ${GOOD_KEY}`, model: 'stub-other' });
  expect(await apiCall(page, 'GET', '/api/settings/ai')).toMatchObject({ model: 'stub-model', source: 'user' });
});
