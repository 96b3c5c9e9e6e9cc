import { expect, signIn, test, uniqueEmail } from './fixtures';

test('the theme survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('the desktop rail expands on hover and shows the user', async ({ page }) => {
  const email = uniqueEmail('rail');
  await signIn(page, email);
  const rail = page.getByRole('navigation', { name: 'Main' });
  // The pointer starts at the page's top left corner, over the rail: it is moved away first.
  await page.mouse.move(640, 360);
  await expect.poll(async () => (await rail.boundingBox())?.width).toBe(64);
  await rail.hover();
  await expect.poll(async () => (await rail.boundingBox())?.width).toBeGreaterThan(200);
  await expect(rail.getByText(email)).toBeVisible();
  await expect(rail.getByRole('link', { name: 'Help Center' })).toHaveAttribute('target', '_blank');
});

test('the bottom bar shows at 375 px and the menu slides in', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, uniqueEmail('mobile'));
  const bar = page.getByTestId('bottom-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('signing out clears the session in every tab', async ({ page, context }) => {
  await signIn(page, uniqueEmail('leaver'));
  await expect(page).toHaveURL(/\/dashboard$/);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(other.getByRole('heading', { name: 'Persona Dashboard' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).hover();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(other).toHaveURL(/\/$/);
  expect(await other.evaluate(() => localStorage.getItem('auth-session'))).toBeNull();
});

test('the landing page shows the username, Dashboard and Sign Out when signed in', async ({ page }) => {
  const email = uniqueEmail('landing');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Your Growth' })).toBeVisible();
  await signIn(page, email);
  await page.goto('/');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enter Dashboard' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Wings to Soar');
});
