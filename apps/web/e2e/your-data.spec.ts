import type { Page } from '@playwright/test';
import { expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';

/** With YOUR_DATA_SHOTS set to a folder, each state is also kept as a picture there (375 px, dark and light). */
async function shoot(page: Page, name: string) {
  const folder = process.env.YOUR_DATA_SHOTS;
  if (!folder) return;
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
      window.scrollTo(0, 0);
    }, theme);
    // Colours change with a transition: the picture is taken once they have.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: `${folder}/${name}-${theme}-375.png`, fullPage: true });
  }
  await page.evaluate(() => {
    localStorage.setItem('theme', 'dark');
    document.documentElement.classList.add('dark');
  });
}

test('a user downloads their data, then deletes their account through the e-mail link', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueEmail('leaver');
  await signIn(page, email);
  await page.goto('/account-settings?tab=data');
  await expect(page.getByRole('tab', { name: 'Your data' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Download your data' })).toBeVisible();

  await page.getByRole('button', { name: 'Prepare my archive' }).click();
  await expect(page.getByText('Your archive is ready')).toBeVisible({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download \(zip, / }).click();
  expect((await download).suggestedFilename()).toMatch(/^plume-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expectNoViolations(page);
  await shoot(page, 'your-data-ready');

  // The danger zone: a confirm step, then an e-mail; nothing is deleted yet.
  await page.getByRole('button', { name: 'Delete account...' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'E-mail me the link' }).click();
  await expect(page.getByText('Check your e-mail: we sent a confirmation link to')).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, 'your-data-delete-sent');

  let link = '';
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { to: string; url: string }[];
      link = outbox.find((m) => m.to === email && m.url.includes('/account/delete'))?.url ?? '';
      return link;
    })
    .toBeTruthy();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Delete your Plume account?' })).toBeVisible();
  await expectNoViolations(page);
  await shoot(page, 'delete-account-confirm');
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  await shoot(page, 'delete-account-done');
  expect((await page.request.get('/api/me')).status()).toBe(401);
});
