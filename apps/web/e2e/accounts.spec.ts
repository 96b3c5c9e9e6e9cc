import type { Page } from '@playwright/test';
import type { Account, Persona } from '@plume/core';
import { apiCall, expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';
import { blueskyPostsOf, createBlueskyAccount, pdsUrl } from './peers';

/*
 * The Accounts tab and the Post buttons against the real server and a real Bluesky PDS and PLC
 * directory on loopback (start-peers.ts): the OAuth popup signs in on the PDS's own pages, and
 * posts are read back from the account's repository on the PDS.
 */

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('accounts'));
});

const newPersona = (page: Page, name: string) =>
  apiCall<Persona>(page, 'POST', '/api/personas', { name, is_active: false, setup_complete: true });

const accountsOf = (page: Page, personaId: string) =>
  apiCall<Account[]>(page, 'GET', `/api/personas/${personaId}/accounts`);

const openAccountsTab = async (page: Page, personaId: string) => {
  await page.goto(`/editor/${personaId}?tab=accounts`);
  await expect(page.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('account-card-bluesky')).toBeVisible();
};

/**
 * From the open Accounts tab: Connect Bluesky, the handle, then the PDS's own sign-in page in the
 * popup. Returns the popup on the PDS's consent page.
 */
async function signInThroughPopup(page: Page, account: { handle: string; password: string }) {
  await page.getByTestId('account-card-bluesky').getByRole('button', { name: 'Connect Bluesky', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Bluesky', exact: true });
  await dialog.getByLabel('Bluesky handle').fill(account.handle);
  const opened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const popup = await opened;
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-card-bluesky').getByRole('status')).toHaveText(
    'Waiting for Bluesky: finish signing in in the popup window.',
  );

  // The PDS's authorization page, on its own site.
  const password = popup.locator('input[name="password"]');
  await expect(password).toBeVisible({ timeout: 15_000 });
  expect(new URL(popup.url()).origin).toBe(pdsUrl);
  const username = popup.getByLabel('Username or email address');
  if ((await username.count()) > 0 && (await username.inputValue()) === '') await username.fill(account.handle);
  await password.fill(account.password);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByRole('button', { name: 'Authorize' })).toBeVisible();
  return popup;
}

/** The whole popup flow, authorized. Returns when the popup has been sent back to /bsky/callback. */
async function connectThroughPopup(page: Page, account: { handle: string; password: string }) {
  const popup = await signInThroughPopup(page, account);
  await popup.getByRole('button', { name: 'Authorize' }).click();
  // Back on Plume's callback page, which tells the tab (through the BroadcastChannel) and closes.
  await expect(popup.getByTestId('callback-status')).toHaveAttribute('data-state', 'success', { timeout: 15_000 });
  await expect(popup.getByRole('heading', { name: 'Successfully Connected!' })).toBeVisible();
  await expect(
    popup.getByText(`Your Bluesky account @${account.handle} has been connected successfully`),
  ).toBeVisible();
  return popup;
}

// ---------------------------------------------------------------------------------------------

test('a persona connects Bluesky through the OAuth popup against a local PDS and the card shows the handle', async ({
  page,
}) => {
  const persona = await newPersona(page, 'Skywalker');
  const bluesky = await createBlueskyAccount('oauth');
  await openAccountsTab(page, persona.id);
  const card = page.getByTestId('account-card-bluesky');
  await expect(card.getByTestId('account-status')).toHaveText('Not connected');
  await expect(page.getByTestId('accounts-summary')).toHaveText(
    'No accounts connected yet. Connect X or Bluesky below.',
  );
  // What connecting allows, from each network's rules (X: no automated likes, reposts or follows).
  await expect(card).toContainText(
    'Sign in with Bluesky so this persona can post, reply, like, repost and follow there.',
  );

  const popup = await connectThroughPopup(page, bluesky);
  await expect(page.getByText(`Bluesky connected: @${bluesky.handle}`)).toBeVisible();
  // Acknowledged, the popup closes itself.
  await expect.poll(() => popup.isClosed()).toBe(true);

  await expect(card.getByTestId('account-status')).toHaveText('Connected');
  await expect(card.getByTestId('account-username')).toHaveText(`@${bluesky.handle}`);
  await expect(card.getByTestId('account-followers')).toContainText('0 followers');
  await expect(card.getByTestId('account-followers')).not.toContainText('app password');
  await expect(card.getByRole('button', { name: 'Disconnect Bluesky' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect Bluesky', exact: true })).toHaveCount(0);
  const summary = page.getByTestId('account-summary-item');
  await expect(summary).toHaveCount(1);
  await expect(summary).toContainText('Bluesky');
  await expect(summary).toContainText(`@${bluesky.handle}`);
  await expect(summary).toContainText('0 followers');

  expect(await accountsOf(page, persona.id)).toEqual([
    expect.objectContaining({
      platform: 'bluesky',
      username: bluesky.handle,
      isConnected: true,
      status: 'active',
      authMethod: 'oauth',
    }),
  ]);
  // The persona's own record keeps the connection report.
  const stored = await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`);
  expect(stored.connected_accounts).toEqual([
    expect.objectContaining({ platform: 'bluesky', username: bluesky.handle, isConnected: true }),
  ]);
  // Still connected after a reload.
  await page.reload();
  await expect(card.getByTestId('account-username')).toHaveText(`@${bluesky.handle}`);
});

test('denying access on the PDS shows Connection Failed in the tab and connects nothing', async ({ page }) => {
  const persona = await newPersona(page, 'Doubter');
  const bluesky = await createBlueskyAccount('denier');
  await openAccountsTab(page, persona.id);
  const card = page.getByTestId('account-card-bluesky');

  const popup = await signInThroughPopup(page, bluesky);
  await popup.getByRole('button', { name: 'Deny access' }).click();
  // The PDS sends the refusal to the server's callback, which hands it to the popup page.
  await expect(popup.getByTestId('callback-status')).toHaveAttribute('data-state', 'error', { timeout: 15_000 });
  await expect(popup.getByRole('heading', { name: 'Connection Failed' })).toBeVisible();
  await expect(popup.getByTestId('callback-error')).not.toBeEmpty();
  const reason = (await popup.getByTestId('callback-error').innerText()).trim();

  const failed = card.getByTestId('connection-error');
  await expect(failed).toContainText('Connection Failed');
  await expect(failed).toContainText(reason);
  await expect(card.getByRole('status')).toHaveCount(0);
  await expect(card.getByTestId('account-status')).toHaveText('Not connected');
  await expect(card.getByRole('button', { name: 'Connect Bluesky', exact: true })).toBeEnabled();
  expect(await accountsOf(page, persona.id)).toEqual([]);

  await failed.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failed).toHaveCount(0);
  // A failed popup stays open for the user to read; it closes with its button.
  // The click closes the page it lands on, so Playwright may report the page gone mid-click:
  // that error is expected only when the popup did close.
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: 'Close Window' })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
});

test('a revoked app password leaves the account needing attention, with a way to reconnect', async ({ page }) => {
  const persona = await newPersona(page, 'Revoked');
  const bluesky = await createBlueskyAccount('revoked');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: bluesky.handle,
    appPassword: bluesky.appPassword,
  });
  await bluesky.agent.com.atproto.server.revokeAppPassword({ name: 'plume' });
  // Posting finds out: Bluesky refuses the session (the API's request, not the page's).
  const refused = await page.request.post(`/api/personas/${persona.id}/post`, {
    data: { platform: 'bluesky', content: 'Still here?' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(502);

  await openAccountsTab(page, persona.id);
  const card = page.getByTestId('account-card-bluesky');
  await expect(card.getByTestId('account-status')).toHaveText('Needs attention');
  await expect(card.getByTestId('account-username')).toHaveText(`@${bluesky.handle}`);
  const failed = card.getByTestId('connection-error');
  await expect(failed).toContainText('Connection Failed');
  await expect(failed).toContainText('Reconnect');
  await expect(page.getByTestId('account-summary-item')).toContainText('needs attention');
  await failed.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failed).toHaveCount(0);
  // Reconnect asks for the handle, as connecting does.
  await card.getByRole('button', { name: 'Reconnect Bluesky' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect Bluesky', exact: true })).toBeVisible();
});

test('a post from the advanced generator appears on the PDS', { tag: '@database' }, async ({ page }) => {
  const persona = await newPersona(page, 'Publisher');
  const bluesky = await createBlueskyAccount('poster');
  // Connected through the popup, so the post goes out on the OAuth (DPoP) session.
  await openAccountsTab(page, persona.id);
  const popup = await connectThroughPopup(page, bluesky);
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(page.getByTestId('account-card-bluesky').getByTestId('account-status')).toHaveText('Connected');

  await page.goto(`/advanced/${persona.id}`);
  await page.getByRole('checkbox', { name: 'X' }).uncheck();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const cards = page.getByTestId('generated-post');
  await expect(cards).toHaveCount(3);
  const first = cards.first();
  const text = await first.getByRole('textbox').inputValue();
  expect(text.trim()).not.toBe('');
  await expect(first.getByTestId('post-notice')).toHaveCount(0);

  const button = first.getByTestId('post-button');
  await expect(button).toHaveText('Post to Bluesky');
  await button.click();
  await expect(page.getByText('Posted to Bluesky')).toBeVisible();
  await expect(button).toHaveText('Posted');
  await expect(button).toBeDisabled();
  await expect(first.getByRole('link', { name: 'View on Bluesky' })).toHaveAttribute(
    'href',
    new RegExp(`/profile/${bluesky.handle.replaceAll('.', '\\.')}/post/`),
  );

  const posts = await blueskyPostsOf(bluesky.did);
  expect(posts).toHaveLength(1);
  expect(posts[0]?.text).toBe(text);

  // Asked for X too, the button posts where it can and names what is missing, with the way there.
  await page.getByRole('checkbox', { name: 'X' }).check();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(first.getByTestId('post-button')).toHaveText('Post to Bluesky');
  await expect(first.getByTestId('post-notice')).toHaveText('No X account connected. Connect accounts');
  await first.getByRole('link', { name: 'Connect accounts' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${persona.id}\\?tab=accounts$`));
  await expect(page.getByTestId('account-card-x').getByTestId('account-status')).toHaveText('Not connected');
  expect(await blueskyPostsOf(bluesky.did)).toHaveLength(1);

  // Disconnecting the OAuth connection ends its session: nothing more can be posted as the account.
  const card = page.getByTestId('account-card-bluesky');
  await card.getByRole('button', { name: 'Disconnect Bluesky' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Bluesky disconnected')).toBeVisible();
  await expect(card.getByTestId('account-status')).toHaveText('Not connected');
  expect(await accountsOf(page, persona.id)).toEqual([]);
  const refused = await page.request.post(`/api/personas/${persona.id}/post`, {
    data: { platform: 'bluesky', content: 'After disconnecting' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(409);
  expect(await blueskyPostsOf(bluesky.did)).toHaveLength(1);
});

test('a persona connects Bluesky with an app password, and a wrong password says so', async ({
  page,
  consoleErrors,
}) => {
  const persona = await newPersona(page, 'Botty');
  const bluesky = await createBlueskyAccount('apppw');
  await openAccountsTab(page, persona.id);
  const card = page.getByTestId('account-card-bluesky');

  await card.getByRole('button', { name: 'Use an app password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Bluesky with an app password' });
  await dialog.getByLabel('Bluesky handle').fill(bluesky.handle);
  await dialog.getByLabel('App password', { exact: true }).fill('nope-nope-nope-nope');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  const passwordField = dialog.getByLabel('App password', { exact: true });
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveCount(1);
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await expect(passwordField).toHaveAccessibleDescription(/.+/);
  await expect(dialog).toBeVisible();
  expect(await accountsOf(page, persona.id)).toEqual([]);
  await expect(card.getByTestId('account-status')).toHaveText('Not connected');
  // The browser itself logs the refused request.
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400')]);

  await passwordField.fill(bluesky.appPassword);
  await expect(dialog.getByLabel('Server URL (optional)')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Bluesky connected: @${bluesky.handle}`)).toBeVisible();
  await expect(card.getByTestId('account-status')).toHaveText('Connected');
  await expect(card.getByTestId('account-username')).toHaveText(`@${bluesky.handle}`);
  await expect(card.getByTestId('account-followers')).toContainText('with an app password');
  expect(await accountsOf(page, persona.id)).toEqual([
    expect.objectContaining({ platform: 'bluesky', username: bluesky.handle, authMethod: 'app_password' }),
  ]);
});

test('disconnecting asks first and removes the account', async ({ page }) => {
  const persona = await newPersona(page, 'Leaver');
  const bluesky = await createBlueskyAccount('leaver');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: bluesky.handle,
    appPassword: bluesky.appPassword,
  });
  await openAccountsTab(page, persona.id);
  const card = page.getByTestId('account-card-bluesky');
  await expect(card.getByTestId('account-status')).toHaveText('Connected');

  // Cancel keeps it.
  await card.getByRole('button', { name: 'Disconnect Bluesky' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Disconnect @${bluesky.handle} from this persona?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByTestId('account-status')).toHaveText('Connected');
  expect(await accountsOf(page, persona.id)).toHaveLength(1);

  await card.getByRole('button', { name: 'Disconnect Bluesky' }).click();
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Bluesky disconnected')).toBeVisible();
  await expect(card.getByTestId('account-status')).toHaveText('Not connected');
  await expect(card.getByRole('button', { name: 'Connect Bluesky', exact: true })).toBeVisible();
  await expect(page.getByTestId('account-summary-item')).toHaveCount(0);
  expect(await accountsOf(page, persona.id)).toEqual([]);
});

test("the Accounts tab and /usage show what an account spent of Bluesky's limits, today and this month", async ({
  page,
}) => {
  const persona = await newPersona(page, 'Spender');
  const bluesky = await createBlueskyAccount('spender');
  // Signing in with the app password creates a session; a thread of two parts creates two records.
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: bluesky.handle,
    appPassword: bluesky.appPassword,
  });
  await apiCall(page, 'POST', `/api/personas/${persona.id}/post`, {
    platform: 'bluesky',
    content: 'A budget, then its second part',
    parts: ['A budget,', 'then its second part'],
  });
  expect(await blueskyPostsOf(bluesky.did)).toHaveLength(2);
  const rowsOf = (table: ReturnType<Page['getByTestId']>) => table.getByTestId('spend-row');

  await openAccountsTab(page, persona.id);
  const spent = page.getByTestId('account-card-bluesky').getByTestId('account-spend-bluesky');
  await expect(spent.getByRole('table', { name: 'What Bluesky counts' })).toBeVisible();
  await expect(rowsOf(spent)).toHaveText([
    'Write pointsBluesky allows 5,000 an hour and 35,000 a day66',
    'Sign-insBluesky allows 30 in 5 minutes and 300 a day11',
  ]);
  await expect(spent).toContainText('stops at 80% of a limit and waits for room');
  await expectNoViolations(page);

  await page.goto('/usage');
  const budgets = page.getByTestId('platform-budgets');
  await expect(budgets.getByRole('heading', { level: 2, name: 'Network limits' })).toBeVisible();
  const table = budgets.getByRole('table', { name: `Spender on Bluesky (@${bluesky.handle})` });
  await expect(rowsOf(table)).toHaveText([
    'Write pointsBluesky allows 5,000 an hour and 35,000 a day66',
    'Sign-insBluesky allows 30 in 5 minutes and 300 a day11',
  ]);
  await expectNoViolations(page);

  // The dark theme reads as well.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(rowsOf(table)).toHaveCount(2);
  await expectNoViolations(page);
  await openAccountsTab(page, persona.id);
  await expect(rowsOf(spent)).toHaveCount(2);
  await expectNoViolations(page);
});

test("the handle modal shows the spec's messages", async ({ page }) => {
  const persona = await newPersona(page, 'Handler');
  await openAccountsTab(page, persona.id);
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });

  await page.getByRole('button', { name: 'Connect Bluesky', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Bluesky', exact: true });
  const handle = dialog.getByLabel('Bluesky handle');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter your Bluesky handle.');
  await expect(handle).toHaveAttribute('aria-invalid', 'true');

  await handle.fill('bad handle!');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please enter a valid Bluesky handle (e.g., username.bsky.social).',
  );
  await expect(handle).toHaveAccessibleDescription(/Please enter a valid Bluesky handle/);

  // Cancel closes it, and it opens again clean of the error.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Connect Bluesky', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(popups).toBe(0);
  expect(await accountsOf(page, persona.id)).toEqual([]);
});

test('a new persona is asked to save first', async ({ page }) => {
  await page.goto('/editor');
  await page.getByRole('tab', { name: 'Accounts' }).click();
  await expect(page.getByTestId('accounts-save-first')).toHaveText('Save the persona first to connect accounts.');
  await expect(page.getByRole('button', { name: 'Connect Bluesky', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('account-card-bluesky')).toHaveCount(0);
  await expect(page.getByTestId('coming-soon-card')).toHaveCount(5);
});

test('the X card says X is not configured', async ({ page }) => {
  const persona = await newPersona(page, 'Xless');
  await openAccountsTab(page, persona.id);
  const card = page.getByTestId('account-card-x');
  await expect(card.getByTestId('x-not-configured')).toHaveText(
    'X API client ID not configured. Please check your environment variables.',
  );
  const connect = card.getByRole('button', { name: 'Connect X' });
  await expect(connect).toBeDisabled();
  await expect(connect).toHaveAccessibleDescription(
    'X API client ID not configured. Please check your environment variables.',
  );
  await expect(card.getByTestId('account-status')).toHaveText('Not connected');
  await expect(card).toContainText(
    'Sign in with X so this persona can post and reply there. Replies on X always wait for your review.',
  );
  await expect(page.getByTestId('coming-soon-card')).toHaveText([
    /Threads/,
    /Mastodon/,
    /LinkedIn/,
    /Instagram/,
    /Facebook/,
  ]);
});
