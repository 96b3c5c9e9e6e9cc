import { apiCall, expect, expectNoViolations, OFFLINE_NOTE, signIn, test, uniqueEmail } from './fixtures';
import { createBlueskyAccount } from './peers';

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
      // Six axe scans of a large page: over the default 30 s on two busy cores.
      test.slow();
      await signIn(page, uniqueEmail(`a11y-editor-${theme}`));
      await apiCall(page, 'POST', '/api/tags', { name: 'Tech', color: 'blue' });
      await page.goto('/editor');
      await expect(page.getByLabel('Name')).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('tab', { name: 'Personality' }).click();
      // With the live sample written (by the offline composer: no AI_* is set).
      await expect(page.getByRole('region', { name: 'Live Sample Content' }).getByTestId('writer-note')).toHaveText(
        OFFLINE_NOTE,
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
      await signIn(page, uniqueEmail(`a11y-settings-${theme}`));
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Global Settings' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('radio', { name: /Custom/ }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('main').getByText('API Base URL is required for a custom provider')).toBeVisible();
      expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);
      // Test connection tests the form as it is: the same missing field.
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByTestId('test-result')).toContainText('API Base URL is required for a custom provider');
      expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);
      await expectNoViolations(page);
    });

    test('axe finds no violations in the writing studio', async ({ page }) => {
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

    test('axe finds no violations in the Accounts tab', async ({ page }) => {
      // Five scans of a busy page: well within a minute, but over the default 30 s on a loaded machine.
      test.setTimeout(60_000);
      await signIn(page, uniqueEmail(`a11y-accounts-${theme}`));
      const connect = async (name: string) => {
        const persona = await apiCall<{ id: string }>(page, 'POST', '/api/personas', { name });
        const bluesky = await createBlueskyAccount(`a11y${theme}`);
        await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
          handle: bluesky.handle,
          appPassword: bluesky.appPassword,
        });
        return { persona, bluesky };
      };

      // Connected (with an app password); X not configured on this server.
      const connected = await connect('Ada');
      await page.goto(`/editor/${connected.persona.id}?tab=accounts`);
      const card = page.getByTestId('account-card-bluesky');
      await expect(card.getByTestId('account-status')).toHaveText('Connected');
      await expect(page.getByTestId('x-not-configured')).toBeVisible();
      await expectNoViolations(page);
      await card.getByRole('button', { name: 'Disconnect Bluesky' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoViolations(page);
      await page.keyboard.press('Escape');

      // Needing attention, with the Connection Failed box: its app password was revoked and a post
      // found out (the API's request, not the page's).
      const revoked = await connect('Bo');
      await revoked.bluesky.agent.com.atproto.server.revokeAppPassword({ name: 'plume' });
      const refused = await page.request.post(`/api/personas/${revoked.persona.id}/post`, {
        data: { platform: 'bluesky', content: 'Still here?' },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(refused.status()).toBe(502);
      await page.goto(`/editor/${revoked.persona.id}?tab=accounts`);
      await expect(card.getByTestId('account-status')).toHaveText('Needs attention');
      await expect(card.getByTestId('connection-error')).toContainText('Connection Failed');
      await expectNoViolations(page);

      // The handle modal with its error, and the app-password dialog.
      await card.getByRole('button', { name: 'Reconnect Bluesky' }).click();
      const handle = page.getByRole('dialog', { name: 'Connect Bluesky', exact: true });
      await handle.getByRole('button', { name: 'Continue' }).click();
      await expect(handle.getByRole('alert')).toHaveText('Please enter your Bluesky handle.');
      await expectNoViolations(page);
      await page.keyboard.press('Escape');
      await card.getByRole('button', { name: 'Disconnect Bluesky' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
      await expect(card.getByTestId('account-status')).toHaveText('Not connected');
      await card.getByRole('button', { name: 'Use an app password' }).click();
      await expect(page.getByRole('dialog', { name: 'Connect Bluesky with an app password' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('axe finds no violations on the Bluesky callback page when connecting failed', async ({ page }) => {
      await signIn(page, uniqueEmail(`a11y-bsky-callback-${theme}`));
      const persona = await apiCall<{ id: string }>(page, 'POST', '/api/personas', { name: 'Ada' });
      await page.goto(`/bsky/callback?error=access_denied&personaId=${persona.id}`);
      await expect(page.getByTestId('callback-status')).toHaveAttribute('data-state', 'error');
      await expect(page.getByTestId('callback-error')).toHaveText('access_denied');
      await expectNoViolations(page);
      await page.getByText('Debug info').click();
      await expectNoViolations(page);
    });

    test('axe finds no violations on the dashboard', async ({ page }) => {
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
