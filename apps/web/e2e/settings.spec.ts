import { HOSTED_MODELS } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';

const KEY = 'sk-e2e-secret-5d1f0a9b3c7e2468';

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('settings'));
});

test('Global Settings saves a custom provider and the key is never shown again', async ({ page, consoleErrors }) => {
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Global Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Global Settings' })).toBeVisible();
  await expect(page.getByTestId('ai-source')).toContainText('Offline composer: no AI provider is set');
  await expect(page.getByText('No key set')).toBeVisible();

  await page.getByRole('radio', { name: /Custom/ }).check();
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
  await expect(page.getByTestId('ai-source')).toContainText('Your settings (Custom, llama3.2)');
  expect(await page.content()).not.toContain(KEY);

  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByText('API key removed')).toBeVisible();
  await expect(page.getByText('No key set')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove key' })).toHaveCount(0);

  // The way back: forget these settings and the offline composer writes again.
  await page.getByRole('button', { name: 'Stop using my settings' }).click();
  await expect(page.getByTestId('ai-source')).toContainText('Offline composer: no AI provider is set');
  await expect(page.getByRole('button', { name: 'Stop using my settings' })).toHaveCount(0);
  expect(await apiCall(page, 'GET', '/api/settings/ai')).toMatchObject({ source: 'offline' });
});

test("switching provider offers that provider's fixed models", async ({ page }) => {
  await page.goto('/settings');
  const model = page.getByLabel('Model');
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
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  // Opened directly (no history): Save goes to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page.getByLabel('Model')).toHaveValue('gpt-4.1');
  await expect(page.getByTestId('ai-source')).toContainText('Your settings (OpenAI, gpt-4.1)');
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
