import type { Page } from '@playwright/test';
import type { Analytics, Persona } from '@plume/core';
import { apiCall, expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';

const newPersona = (page: Page, name: string) =>
  apiCall<Persona>(page, 'POST', '/api/personas', { name, setup_complete: true });

/** The next answer of the analytics API for this range and Compare (and persona, when named). */
const analyticsAnswer = (page: Page, range: string, compare: boolean, personaId = '') =>
  page.waitForResponse((r) => r.url().includes(`${personaId}/analytics?range=${range}&compare=${compare}`));

const statCard = (page: Page, label: string) =>
  page.getByTestId('stat-card').filter({ has: page.getByText(label, { exact: true }) });

const rangeButton = (page: Page, range: string) => page.getByRole('button', { name: new RegExp(`^${range}`) });

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('analytics'));
});

test('a persona without posts opens from its card on Keep Posting to Unlock Insights; ranges and Compare ask the API', async ({
  page,
}) => {
  const persona = await newPersona(page, 'Nova');
  await page.reload();
  const personaCard = page.getByTestId('persona-card').filter({ has: page.getByRole('heading', { name: 'Nova' }) });
  const first = analyticsAnswer(page, '30d', false);
  await personaCard.getByRole('link', { name: 'Analytics for Nova' }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics/${persona.id}$`));
  expect((await first).status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1, name: 'Nova' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Keep Posting to Unlock Insights' })).toBeVisible();
  // One persona: the picker is a plain label.
  await expect(page.getByText('Persona: Nova')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Persona' })).toHaveCount(0);
  await expect(page.getByTestId('last-read')).toHaveText(
    'Not read yet: metrics appear within a minute of connecting an account (connect one).',
  );
  // Nothing read: no follower figure is made up.
  await expect(statCard(page, 'Followers')).toHaveText('Followers—No reading yet');
  await expect(statCard(page, 'Posts')).toHaveText('Posts0in the last 30 days');
  // The new persona's default schedule (Daily: 09:00), automated posting off.
  const projection = page.getByTestId('projection');
  await expect(projection).toContainText('from your posting schedule, not measured');
  await expect(projection).toContainText(
    /Automated posting is off\. At its schedule of daily at 09:00, turning it on would publish about (29|30) posts in the next 30 days\./,
  );
  await expect(rangeButton(page, '30d')).toHaveAttribute('aria-pressed', 'true');

  const pressed = async (range: string) => {
    for (const r of ['7d', '30d', '90d']) {
      await expect(rangeButton(page, r)).toHaveAttribute('aria-pressed', String(r === range));
    }
  };
  for (const range of ['7d', '90d']) {
    const answer = analyticsAnswer(page, range, false);
    await rangeButton(page, range).click();
    const body = (await (await answer).json()) as Analytics;
    expect(body.range).toBe(range);
    expect(body.days).toHaveLength(Number.parseInt(range, 10));
    await pressed(range);
    await expect(statCard(page, 'Posts')).toHaveText(`Posts0in the last ${body.days.length} days`);
    await expect(page).toHaveURL(new RegExp(`\\?range=${range}$`));
  }
  // Back to 30 days: the answer read a moment ago is still fresh (no new request needed).
  await rangeButton(page, '30d').click();
  await pressed('30d');
  await expect(statCard(page, 'Posts')).toHaveText('Posts0in the last 30 days');
  await expect(page).toHaveURL(new RegExp(`/analytics/${persona.id}$`));

  // Compare asks for the period before; with none, every card says so.
  const compared = analyticsAnswer(page, '30d', true);
  await page.getByRole('switch', { name: 'Compare with previous period' }).click();
  const body = (await (await compared).json()) as Analytics;
  expect(body.previous).toHaveLength(30);
  await expect(page.getByRole('switch', { name: 'Compare with previous period' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('stat-change')).toHaveText([
    'No earlier data',
    'No earlier data',
    'No earlier data',
    'No earlier data',
  ]);
  await expect(page).toHaveURL(/\?compare=true$/);

  await page.getByRole('link', { name: '← Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the persona picker opens the same screen for another persona, range kept', async ({ page }) => {
  const ada = await newPersona(page, 'Ada');
  const bo = await newPersona(page, 'Bo');
  await page.goto(`/analytics/${ada.id}?range=7d`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Persona' });
  await expect(picker).toHaveValue(ada.id);
  const answer = analyticsAnswer(page, '7d', false, bo.id);
  await picker.selectOption({ label: 'Bo' });
  await expect(page).toHaveURL(new RegExp(`/analytics/${bo.id}\\?range=7d$`));
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Bo' })).toBeVisible();
  await expect(rangeButton(page, '7d')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Keep Posting to Unlock Insights' })).toBeVisible();
});

test("an unknown persona, or another user's, shows Persona not found instead of the landing page", async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/analytics/7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10');
  await expect(page.getByRole('heading', { name: 'Persona not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enter Dashboard' })).toHaveCount(0);
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('404 (Not Found)')]);
  // Not even an id: the API refuses it (400); for the screen it is no persona either.
  await page.goto('/analytics/not-an-id');
  await expect(page.getByRole('heading', { name: 'Persona not found' })).toBeVisible();
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);

  const theirs = await newPersona(page, 'Private');
  await signIn(page, uniqueEmail('analytics-other'));
  await page.goto(`/analytics/${theirs.id}`);
  await expect(page.getByRole('heading', { name: 'Persona not found' })).toBeVisible();
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('404 (Not Found)')]);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'No personas yet' })).toBeVisible();
});

test('a failed first request shows the error with Retry, and Retry brings the screen', async ({
  page,
  consoleErrors,
}) => {
  const persona = await newPersona(page, 'Flaky');
  // The one induced failure: the first analytics request answers 500; the rest reach the server.
  await page.route(
    '**/api/personas/*/analytics?*',
    (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal_error', message: 'Something went wrong on our side' } },
      }),
    { times: 1 },
  );
  await page.goto(`/analytics/${persona.id}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the analytics' });
  await expect(alert).toContainText('Could not load the analytics: Something went wrong on our side');
  await expect(page.getByText('Loading...')).toHaveCount(0);
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('500 (Internal Server Error)')]);

  const answer = analyticsAnswer(page, '30d', false);
  await alert.getByRole('button', { name: 'Retry' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Keep Posting to Unlock Insights' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no violations on the analytics screen in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const persona = await newPersona(page, 'Lumen');
    await newPersona(page, 'Other');
    await page.goto(`/analytics/${persona.id}`);
    await expect(page.getByRole('heading', { name: 'Keep Posting to Unlock Insights' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expectNoViolations(page);
    await page.getByRole('switch', { name: 'Compare with previous period' }).click();
    await expect(page.getByTestId('stat-change')).toHaveCount(4);
    await expectNoViolations(page);
  });
}

test('at 375 px wide nothing on the screen runs off sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const persona = await newPersona(page, 'A persona with a rather long name indeed');
  await newPersona(page, 'Second');
  await page.goto(`/analytics/${persona.id}?compare=true`);
  await expect(page.getByRole('heading', { name: 'Keep Posting to Unlock Insights' })).toBeVisible();
  await expect(page.getByTestId('stat-change')).toHaveCount(4);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
    // Any element whose right edge passes the viewport's.
    over: [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80)),
  }));
  expect(widths.over).toEqual([]);
  expect(widths.page).toBeLessThanOrEqual(widths.view);
});
