import { apiCall, expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';

test('profile edits persist after a reload, and the e-mail is read-only with its hint', async ({ page }) => {
  const email = uniqueEmail('profile');
  await signIn(page, email);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

  const emailField = page.getByLabel('Email');
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute('readonly', '');
  await expect(emailField).toHaveAccessibleDescription('Email address cannot be changed');

  const username = `ada_${Date.now().toString(36)}`;
  await page.getByLabel('Username').fill(username.toUpperCase());
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Time zone').selectOption('Europe/Paris');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  // The username now names the session; the zone is the calendar's.
  await expect(page.getByRole('main').getByText(`Signed in as ${username}`)).toBeVisible();
  expect(await apiCall(page, 'GET', '/api/me/preferences')).toEqual({ timeZone: 'Europe/Paris' });
});

test('a bad username is caught as it is typed, a taken one is refused next to the field, and nothing changes', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Someone else holds the name.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/');
  await signIn(otherPage, uniqueEmail('holder'));
  const taken = `held_${Date.now().toString(36)}`;
  const held = await otherPage.request.fetch('/api/me/profile', {
    method: 'PATCH',
    data: { username: taken },
    headers: { origin: new URL(otherPage.url()).origin },
  });
  expect(held.status()).toBe(200);
  await other.close();

  await signIn(page, uniqueEmail('taker'));
  await page.goto('/account-settings');
  await page.getByLabel('Username').fill('a');
  await page.getByLabel('Full name').fill('Should Not Stick');
  // The server's own rule, checked as it is typed: Save stays off, nothing is sent.
  await expect(page.getByRole('main').getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

  await page.getByLabel('Username').fill(taken);
  await expect(page.getByLabel('Username')).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('main').getByText('That username is taken')).toBeVisible();
  // The toast names the field in words, not by its request path ('body.username').
  await expect(
    page.locator('[data-sonner-toast]').getByText('Failed to save profile: Username: That username is taken'),
  ).toBeVisible();
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('409 (Conflict)')]);
  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue('');
  await expect(page.getByLabel('Full name')).toHaveValue('');
});

test('an API token created here works as Bearer on the API until it is revoked here', async ({ page, request }) => {
  await signIn(page, uniqueEmail('tokens'));
  await page.goto('/account-settings?tab=security');
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No API tokens yet.')).toBeVisible();

  await page.getByLabel('Token name').fill('Nightly export');
  await page.getByLabel('Expires').selectOption('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  const secretField = page.getByTestId('new-token-secret');
  await expect(secretField).toHaveValue(/^plume_/);
  const secret = await secretField.inputValue();
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();

  // Beside the tokens, the address an assistant (MCP client) uses with one.
  await expect(page.getByLabel('MCP server address')).toHaveValue(/\/api\/mcp$/);

  // A client without the browser's cookies: only the token speaks for the user.
  const call = () => request.get('/api/personas', { headers: { authorization: `Bearer ${secret}` } });
  expect((await call()).status()).toBe(200);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(secretField).toHaveCount(0);
  const list = page.getByRole('list', { name: 'API tokens' });
  await expect(list.getByText('Nightly export')).toBeVisible();
  await expect(list.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  // The secret is never shown again, not even after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'API tokens' }).getByText('Nightly export')).toBeVisible();
  await expect(page.getByRole('list', { name: 'API tokens' })).toContainText('Last used');
  expect(await page.content()).not.toContain(secret);

  await page.getByRole('button', { name: 'Revoke token Nightly export' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  expect((await call()).status()).toBe(401);
});

test('another session is listed with its device and can be revoked from here', async ({ page, browser }) => {
  const email = uniqueEmail('sessions');
  const second = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  const secondPage = await second.newPage();
  await secondPage.goto('/');
  await signIn(secondPage, email);
  await expect(secondPage).toHaveURL(/\/dashboard$/);

  await signIn(page, email);
  await page.goto('/account-settings?tab=security');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  const firefox = sessions.getByRole('listitem').filter({ hasText: 'Firefox 128 on Linux' });
  await expect(firefox).toContainText('127.0.0.1');
  await firefox.getByRole('button', { name: /^Revoke/ }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  expect((await secondPage.request.get('/api/personas')).status()).toBe(401);
  await second.close();
  // This one is still signed in.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText('This device')).toBeVisible();
});

test('signing out everywhere ends this session too and goes home', async ({ page, playwright }) => {
  await signIn(page, uniqueEmail('everywhere'));
  await page.goto('/account-settings?tab=security');
  // The session's cookie as it is now: replayed afterwards, the server itself must refuse it.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const replay = await playwright.request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { cookie },
  });
  expect((await replay.get('/api/personas')).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  await page.getByRole('button', { name: 'Sign out everywhere, including this device' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/personas')).status()).toBe(401);
  expect((await replay.get('/api/personas')).status()).toBe(401);
  await replay.dispose();
});

test('billing shows Free Starter, usage as plain figures without plan limits, and that payment is not connected', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('billing'));
  // Two personas on a one-persona plan: no plan limits on a self-hosted instance (PLAN_LIMITS off).
  await apiCall(page, 'POST', '/api/personas', { name: 'Counted' });
  await apiCall(page, 'POST', '/api/personas', { name: 'Counted too' });
  expect(await apiCall(page, 'GET', '/api/me/billing')).toMatchObject({ limitsEnforced: false });
  await page.goto('/account-settings?tab=billing');
  await expect(page.getByRole('heading', { name: 'Free Starter', level: 2 })).toBeVisible();
  await expect(page.getByText('$0/month').first()).toBeVisible();
  await expect(page.getByText('Payment is not connected yet')).toBeVisible();
  const usage = page.getByTestId('billing-usage');
  await expect(usage).toContainText('This self-hosted instance has no plan limits');
  await expect(usage).toContainText('At most 10 personas can be active at once.');
  await expect(usage.getByRole('definition').first()).toHaveText('2');
  await expect(usage).toContainText('Posts this month0Published since');
  await expect(usage).not.toContainText(/\d of \d/);
  await expect(page.getByText('over the limit')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'contact sales' })).toHaveAttribute('href', /^mailto:/);
});

test('a notification switch keeps its value after a reload', async ({ page }) => {
  await signIn(page, uniqueEmail('notify'));
  await page.goto('/account-settings?tab=notifications');
  const weekly = page.getByRole('switch', { name: 'E-mail me: Weekly summary' });
  await expect(weekly).not.toBeChecked();
  await weekly.click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(weekly).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'E-mail me: Weekly summary' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'E-mail me: Post failed' })).toBeChecked();
});

test('the tabs are URL-addressable and keyboard operable', async ({ page }) => {
  await signIn(page, uniqueEmail('tabs'));
  await page.goto('/account-settings?tab=billing');
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Billing' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Notifications' })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=notifications$/);
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email')).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`every tab has no axe violations in the ${theme} theme`, async ({ page }) => {
    // Four axe scans: within the default 30 s alone, not on a loaded machine.
    test.slow();
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page, uniqueEmail(`a11y-account-${theme}`));
    await apiCall(page, 'POST', '/api/me/tokens', { name: 'Listed token' });
    for (const tab of ['profile', 'security', 'billing', 'notifications']) {
      await page.goto(`/account-settings?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectNoViolations(page);
    }
    // The new token's one-time panel too.
    await page.goto('/account-settings?tab=security');
    await page.getByLabel('Token name').fill('Panel');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByTestId('new-token-secret')).toBeVisible();
    await expectNoViolations(page);
  });
}

test('the page works at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, uniqueEmail('narrow'));
  await apiCall(page, 'POST', '/api/me/tokens', { name: 'A token with a rather long name for a phone' });
  for (const tab of ['profile', 'security', 'billing', 'notifications']) {
    await page.goto(`/account-settings?tab=${tab}`);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${tab}`).toBeLessThanOrEqual(0);
  }
  await page.goto('/account-settings');
  await page.getByLabel('Full name').fill('Narrow Screen');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
});
