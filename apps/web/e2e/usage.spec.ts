import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Persona } from '@plume/core';
import { apiCall, expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';

const newPersona = (page: Page, name: string, isActive = true) =>
  apiCall<Persona>(page, 'POST', '/api/personas', { name, setup_complete: true, is_active: isActive });

/** Each summary card's text: label, value and caption. */
const cardTexts = (page: Page) => page.getByTestId('usage-card');
const shownNames = (page: Page) => page.getByTestId('usage-persona').getByRole('heading', { level: 3 });

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('usage'));
});

test('Usage Dashboard in the rail opens Persona Analytics with real zeros and plain captions', async ({ page }) => {
  await newPersona(page, 'Ada');
  await newPersona(page, 'Bo', false);
  await page.getByRole('navigation', { name: 'Main' }).hover();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage Dashboard' }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Persona Analytics' })).toBeVisible();
  await expect(page.getByText('Track performance across all your AI personas')).toBeVisible();

  // Nothing has been read from any platform: zeros, and captions that say there is no history.
  await expect(cardTexts(page)).toHaveText([
    'Total Followers0No data from a month ago yet',
    'Total Posts0No posts this week or the week before',
    'Avg Engagement0.0%No data from the month before yet',
    'Active Personas1of 2 total',
  ]);
  await expect(page.getByTestId('top-performer')).toContainText('No persona has any engagement yet');
  await expect(page.getByText(/is leading with/)).toHaveCount(0);
  await expect(page.getByTestId('last-read')).toHaveText('Not read yet');

  // Grid cards: the badge, the status, the figures, the creation day and the analytics link.
  const bo = page.getByTestId('usage-persona').filter({ has: page.getByRole('heading', { name: 'Bo' }) });
  await expect(bo.getByTestId('performance-badge')).toHaveText('Growing');
  await expect(bo).toContainText('Inactive');
  await expect(bo).toContainText('Followers0Posts0Avg Likes0Engagement0.0%');
  await expect(bo).toContainText(/Created [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  // The pointer leaves the rail, which folds back over nothing.
  await page.mouse.move(640, 360);
  await page.getByRole('link', { name: '← Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await bo.getByRole('link', { name: 'View analytics for Bo' }).click();
  await expect(page).toHaveURL(/\/analytics\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bo' })).toBeVisible();
});

test('search, status, sort, order and the table narrow and order the list, and the URL keeps them', async ({
  page,
}) => {
  await newPersona(page, 'Ada');
  await newPersona(page, 'Bo', false);
  await newPersona(page, 'Cyrano');
  await page.goto('/usage');
  // Every figure is zero: ties fall back to the name, in either order.
  await expect(shownNames(page)).toHaveText(['Ada', 'Bo', 'Cyrano']);

  await page.getByPlaceholder('Search personas...').fill('RAN');
  await expect(shownNames(page)).toHaveText(['Cyrano']);
  await expect(page.getByTestId('shown-count')).toHaveText('1 of 3 personas');
  await page.getByPlaceholder('Search personas...').fill('zzz');
  await expect(page.getByText('No personas found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  await page.getByRole('button', { name: 'Clear search and filter' }).click();
  await expect(shownNames(page)).toHaveText(['Ada', 'Bo', 'Cyrano']);

  const status = page.getByRole('combobox', { name: 'Status' });
  await expect(status.locator('option')).toHaveText(['All Status', 'Active Only', 'Inactive Only']);
  await status.selectOption({ label: 'Inactive Only' });
  await expect(shownNames(page)).toHaveText(['Bo']);
  await status.selectOption({ label: 'Active Only' });
  await expect(shownNames(page)).toHaveText(['Ada', 'Cyrano']);

  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('followers');
  await expect(sort.locator('option')).toHaveText(['Followers', 'Engagement', 'Posts', 'Avg Likes']);
  await sort.selectOption({ label: 'Engagement' });
  await page.getByRole('button', { name: 'Descending order: switch to ascending' }).click();
  await expect(page.getByRole('button', { name: 'Ascending order: switch to descending' })).toBeVisible();
  await expect(page).toHaveURL(/\/usage\?status=active&sort=engagement&order=asc$/);

  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Persona',
    'Status',
    'Followers',
    'Posts',
    'Avg Likes',
    'Engagement',
    'Performance',
  ]);
  await expect(page.getByTestId('usage-row')).toHaveText(['AdaActive0000.0%Growing', 'CyranoActive0000.0%Growing']);

  // A reload keeps the view.
  await page.reload();
  await expect(page.getByTestId('usage-row')).toHaveCount(2);
  await expect(status).toHaveValue('active');
  await expect(sort).toHaveValue('engagement');
});

test('Export downloads exactly the rows shown, as CSV', async ({ page }) => {
  await newPersona(page, 'Ada');
  await newPersona(page, 'Bo', false);
  // A name a spreadsheet would run as a formula, with a comma and quotes.
  await newPersona(page, '=HYPERLINK("x"), Zoë');
  await page.goto('/usage?status=active');
  await expect(shownNames(page)).toHaveText(['=HYPERLINK("x"), Zoë', 'Ada']);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()),
  );
  expect(download.suggestedFilename()).toBe(`plume-personas-${today}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  const created = today;
  expect(csv).toBe(
    '\uFEFFPersona,Status,Followers,Posts,Avg Likes,Engagement (%),Performance,Created\r\n' +
      `"'=HYPERLINK(""x""), Zoë",Active,0,0,0,0,Growing,${created}\r\n` +
      `Ada,Active,0,0,0,0,Growing,${created}\r\n`,
  );
});

test('Refresh shows that it is working, then the last reading; too many refreshes say so', async ({
  page,
  consoleErrors,
}) => {
  await newPersona(page, 'Ada');
  await page.goto('/usage');
  await expect(page.getByTestId('last-read')).toHaveText('Not read yet');

  // The request is held until the working state has been seen, then goes on to the server.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/metrics/refresh', async (route) => {
    await held;
    await route.continue();
  });
  const answer = page.waitForResponse('**/api/metrics/refresh');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refreshing…' })).toBeDisabled();
  await expect(page.getByTestId('refresh-status')).toHaveText('Reading your connected accounts…');
  release();
  const response = await answer;
  expect(response.status()).toBe(202);
  expect(await response.json()).toEqual({ queued: 0 });
  await page.unroute('**/api/metrics/refresh');
  // No account is connected: nothing to read, said plainly, and the last reading stays as it was.
  await expect(page.getByTestId('refresh-status')).toHaveText(
    'No connected accounts to read: connect one in a persona’s editor',
  );
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(page.getByTestId('last-read')).toHaveText('Not read yet');

  // The server allows a few refreshes a minute: past them, its own message shows.
  for (let i = 0; i < 10; i++) {
    const r = await page.request.post('/api/metrics/refresh', {
      data: {},
      headers: { origin: new URL(page.url()).origin },
    });
    if (r.status() === 429) break;
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  expect((await alert.textContent())?.length).toBeGreaterThan(10);
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('429 (Too Many Requests)')]);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
});

test('My Subscription opens the billing tab of the account settings', async ({ page }) => {
  await page.getByRole('navigation', { name: 'Main' }).hover();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Subscription' }).click();
  await expect(page).toHaveURL(/\/account-settings\?tab=billing$/);
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  const rail = page.getByRole('navigation', { name: 'Main' });
  await expect(rail.getByRole('link', { name: 'My Subscription' })).toHaveAttribute('aria-current', 'page');
  await expect(rail.getByRole('link', { name: 'Account Settings' })).not.toHaveAttribute('aria-current', 'page');
});

test('at 375 px the bottom bar holds the spec’s seven entries and Review, and nothing runs off sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await newPersona(page, 'A persona with a rather long name indeed');
  await newPersona(page, 'Bo', false);
  await apiCall(page, 'POST', '/api/tags', { name: 'Tech', color: 'blue' });
  await page.goto('/dashboard');
  const bar = page.getByTestId('bottom-bar');
  await expect(bar.getByRole('link')).toHaveText([
    'Dashboard',
    'Alerts',
    'Tags',
    'Usage',
    'Settings',
    'Calendar',
    'Review',
    'New',
  ]);
  // Each entry fits: its label is not cut and the bar stays inside the screen.
  const clipped = await bar.evaluate((nav) =>
    [...nav.querySelectorAll('a span:last-child')]
      .filter((label) => label.scrollWidth > label.clientWidth + 0.5)
      .map((label) => label.textContent),
  );
  expect(clipped).toEqual([]);

  const overflow = () =>
    page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      over: [...document.querySelectorAll('main *, [data-testid="bottom-bar"] *')]
        // A table scrolls inside its own region: what is inside it may pass the edge.
        .filter((el) => !el.closest('[aria-label="Personas table"] table'))
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80)),
    }));

  await bar.getByRole('link', { name: 'Usage' }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(bar.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('usage-persona')).toHaveCount(2);
  let widths = await overflow();
  expect(widths.over).toEqual([]);
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByTestId('usage-row')).toHaveCount(2);
  widths = await overflow();
  expect(widths.over).toEqual([]);
  expect(widths.page).toBeLessThanOrEqual(widths.view);

  await bar.getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/dashboard#tags$/);
  await expect(page.getByRole('region', { name: 'Tags', exact: true })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Tags', exact: true })).toBeInViewport();
  await expect(bar.getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');

  await bar.getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await bar.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await bar.getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await bar.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/editor$/);
  await bar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no violations on Persona Analytics in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await newPersona(page, 'Lumen');
    await newPersona(page, 'Other', false);
    await page.goto('/usage');
    await expect(page.getByTestId('usage-persona')).toHaveCount(2);
    await expect(page.getByTestId('last-read')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page.getByTestId('usage-row')).toHaveCount(2);
    await expectNoViolations(page);
    await page.getByPlaceholder('Search personas...').fill('nobody');
    await expect(page.getByText('No personas found')).toBeVisible();
    await expectNoViolations(page);
  });
}
