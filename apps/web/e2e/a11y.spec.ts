import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';
import { stubWritingApi } from './writing-stubs';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

for (const theme of ['dark', 'light'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    test('axe finds no violations on the landing page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);
    });

    test('axe finds no violations in the sign-in dialog', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page);
    });

    test('axe finds no violations in the persona editor', async ({ page }) => {
      await stubWritingApi(page);
      await page.goto('/');
      await signIn(page, uniqueEmail(`a11y-editor-${theme}`));
      await apiCall(page, 'POST', '/api/tags', { name: 'Tech', color: 'blue' });
      await page.goto('/editor');
      await expect(page.getByLabel('Name')).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('tab', { name: 'Personality' }).click();
      // With the live sample written.
      await expect(page.getByTestId('live-sample')).toHaveText('Hello world');
      await expectNoViolations(page);
      await page.getByRole('tab', { name: 'Automation' }).click();
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Engagement settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Engagement settings' })).toBeVisible();
      await expectNoViolations(page);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add Template' }).click();
      await expect(page.getByRole('dialog', { name: 'Add template' })).toBeVisible();
      await expectNoViolations(page);
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Advanced' }).click();
      await expectNoViolations(page);
    });

    test('axe finds no violations in Global Settings', async ({ page, consoleErrors }) => {
      await page.goto('/');
      await signIn(page, uniqueEmail(`a11y-settings-${theme}`));
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Global Settings' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('radio', { name: /Custom/ }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('main').getByText('API Base URL is required for a custom provider')).toBeVisible();
      expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByTestId('test-result')).toContainText('offline composer');
      await expectNoViolations(page);
    });

    test('axe finds no violations in the writing studio', async ({ page }) => {
      await stubWritingApi(page, {
        conversation: [
          { id: '1', role: 'user', content: 'Say hi' },
          { id: '2', role: 'assistant', content: 'Hi!' },
        ],
        draft: 'data: A [link](https://example.com) and **bold**\n\ndata: [DONE]\n\n',
        generate: (route) =>
          route.fulfill({
            json: [
              { content: 'One', hashtags: [], type: 'thread', parts: ['One', 'Two'], writer: 'offline' },
              { content: 'x'.repeat(290), hashtags: [], type: 'thread', parts: ['x'.repeat(290)], writer: 'offline' },
            ],
          }),
      });
      await page.goto('/');
      await signIn(page, uniqueEmail(`a11y-studio-${theme}`));
      const persona = await apiCall<{ id: string }>(page, 'POST', '/api/personas', { name: 'Ada' });
      await apiCall(page, 'POST', '/api/personas', { name: 'Bo' });
      await page.goto(`/advanced/${persona.id}`);
      await expect(page.getByRole('list', { name: 'Conversation' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Generate Draft' }).click();
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await expect(page.getByTestId('generated-post')).toHaveCount(2);
      await expect(page.getByRole('link', { name: 'link' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('axe finds no violations on the dashboard', async ({ page }) => {
      await page.goto('/');
      await signIn(page, uniqueEmail(`a11y-${theme}`));
      await expect(page.getByRole('heading', { name: 'No personas yet' })).toBeVisible();
      await expectNoViolations(page);

      const tag = await apiCall<{ id: string }>(page, 'POST', '/api/tags', { name: 'Tech', color: 'blue' });
      await apiCall(page, 'POST', '/api/personas', { name: 'Ada', tags: [tag.id], setup_complete: false });
      await apiCall(page, 'POST', '/api/personas', { name: 'Bo', is_active: false });
      await page.reload();
      await page.getByRole('checkbox', { name: 'Select Ada' }).check();
      await expect(page.getByRole('region', { name: 'Bulk actions' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
