import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';

async function expectNoViolations(page: Page) {
  // A toast fading in or out has too little contrast for a moment: scan the page at rest.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
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
      await page.goto('/');
      await signIn(page, uniqueEmail(`a11y-editor-${theme}`));
      await apiCall(page, 'POST', '/api/tags', { name: 'Tech', color: 'blue' });
      await page.goto('/editor');
      await expect(page.getByLabel('Name')).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('tab', { name: 'Personality' }).click();
      // With the live sample written (by the offline composer: no AI_* is set).
      await expect(page.getByRole('region', { name: 'Live Sample Content' }).getByTestId('writer-note')).toHaveText(
        'Written by the offline composer',
      );
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
      await page.goto('/');
      await signIn(page, uniqueEmail(`a11y-studio-${theme}`));
      const persona = await apiCall<{ id: string }>(page, 'POST', '/api/personas', { name: 'Ada' });
      await apiCall(page, 'POST', '/api/personas', { name: 'Bo' });
      // A conversation to show, written by the offline composer.
      await apiCall(page, 'POST', '/api/chat', { prompt: 'Say hi', personaId: persona.id });
      await page.goto(`/advanced/${persona.id}`);
      await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(2);
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Generate Draft' }).click();
      await expect(page.getByTestId('draft-result').getByTestId('writer-note')).toBeVisible();
      await page.getByLabel('Post type').selectOption('thread');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await expect(page.getByTestId('generated-post')).toHaveCount(3);
      // A part over X's limit shows its counter in red.
      await page.getByRole('textbox', { name: /^Post 2, part 1 of/ }).fill('x'.repeat(290));
      await expect(page.getByText('X 290/280 · too long')).toBeVisible();
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
