import type { Browser, Page } from '@playwright/test';
import { apiCall, expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';

/** The newest mail the dev mailer kept for `email` whose link matches `pattern`. */
async function mailedLink(page: Page, email: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { to: string; url: string }[];
      found = outbox.find((m) => m.to === email && pattern.test(m.url))?.url;
      return found;
    })
    .toBeTruthy();
  return found ?? '';
}

/** Calls the API as the page, in a workspace (what the app's client does with the open one). */
async function apiIn<T>(page: Page, workspaceId: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { origin: new URL(page.url()).origin, 'x-plume-workspace': workspaceId },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The rail's switcher on a desktop, the header's on a phone. */
const switcher = (page: Page) => page.locator('[data-testid^="workspace-switcher-"]:visible');

async function newWorkspaceInUi(page: Page, name: string) {
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'New workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog).toBeHidden();
  await expect(switcher(page)).toContainText(name);
}

async function newContextPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('an owner invites a viewer by e-mail, who joins from the link in another browser and can only look', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  const owner = uniqueEmail('ws-owner');
  const invitee = uniqueEmail('ws-viewer');
  await signIn(page, owner);
  await apiCall(page, 'POST', '/api/personas', { name: 'Home Persona' });

  // The owner opens a workspace for a client; its dashboard is its own, empty.
  await newWorkspaceInUi(page, 'Acme Coffee');
  await expect(switcher(page)).toContainText('Owner');
  await expect(page.getByRole('heading', { name: 'No personas yet' })).toBeVisible();
  const [acme] = (
    await apiCall<{ workspaces: { id: string; name: string }[] }>(page, 'GET', '/api/workspaces')
  ).workspaces.filter((w) => w.name === 'Acme Coffee');
  if (!acme) throw new Error('no Acme workspace');
  const barista = await apiIn<{ id: string }>(page, acme.id, 'POST', '/api/personas', { name: 'Acme Barista' });
  await apiIn(page, acme.id, 'POST', '/api/review', {
    personaId: barista.id,
    platform: 'bluesky',
    content: 'Fresh beans on Monday',
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acme Barista' })).toBeVisible();
  await expect(page.getByText('Home Persona')).toHaveCount(0);

  // Team: invite by e-mail as a viewer; the invitation waits, with its expiry.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await page.getByLabel('E-mail address').fill(invitee);
  await page.getByLabel('Role').selectOption('viewer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(invitee, { exact: true })).toBeVisible();
  await expect(pending).toContainText(/Viewer · expires/);

  // The invitee, in a browser of their own, opens the e-mail's link signed out, signs in and lands in the workspace.
  const guest = await newContextPage(browser, baseURL);
  const guestErrors: string[] = [];
  guest.on('console', (m) => m.type() === 'error' && guestErrors.push(m.text()));
  await guest.goto(await mailedLink(page, invitee, /\/join\//));
  await expect(guest.getByRole('heading', { name: 'Join a workspace' })).toBeVisible();
  await guest.getByRole('button', { name: 'Sign in to join' }).click();
  await guest.getByLabel('Email Address').fill(invitee);
  await guest.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(guest.getByText('Check your email for the magic link')).toBeVisible();
  await guest.goto(await mailedLink(page, invitee, /magic-link/));
  await expect(guest).toHaveURL(/\/dashboard$/);
  await expect(switcher(guest)).toContainText('Acme Coffee');
  await expect(switcher(guest)).toContainText('Viewer');

  // A viewer sees the workspace's personas and changes nothing, told why.
  await expect(guest.getByRole('heading', { name: 'Acme Barista' })).toBeVisible();
  await expect(guest.getByTestId('read-only-note')).toContainText('You are a viewer in Acme Coffee');
  await expect(guest.getByRole('button', { name: 'New Persona' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Delete Acme Barista' })).toHaveCount(0);
  await guest.getByRole('link', { name: 'View Acme Barista' }).click();
  await expect(guest.getByRole('button', { name: /Save Changes|Create Persona/ })).toBeDisabled();
  await expect(guest.getByTestId('read-only-note')).toBeVisible();
  await guest.goto('/team');
  await expect(guest.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Leave Acme Coffee' })).toBeVisible();
  // Global Settings (the workspace's AI provider) is shown to read, with the reason; nothing saves or tests.
  await guest.goto('/settings');
  await expect(guest.getByTestId('read-only-note')).toContainText('You are a viewer in Acme Coffee');
  await expect(guest.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(guest.getByRole('button', { name: 'Test connection' })).toBeDisabled();

  // The owner sees the new member, makes them an editor; the invitee may then create.
  await page.reload();
  const members = page.getByRole('list', { name: 'Members' });
  const role = members.getByRole('combobox', { name: `Role of ${invitee}` });
  await expect(role).toHaveValue('viewer');
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await role.selectOption('editor');
  await expect(page.getByText(/is now editor/)).toBeVisible();
  await guest.goto('/dashboard');
  await expect(guest.getByRole('button', { name: 'New Persona' })).toBeVisible();
  await expect(guest.getByTestId('read-only-note')).toHaveCount(0);
  // An editor edits a draft in review but does not approve or reject it.
  await guest.goto('/review');
  const draft = guest.getByRole('list', { name: 'Drafts waiting for review' }).getByTestId('review-item');
  await expect(draft).toContainText('Fresh beans on Monday');
  await expect(draft.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(draft.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  await expect(guest.getByText('until an approver, an admin or the owner approves them')).toBeVisible();
  // The AI provider is still an admin's: an editor is told so on Global Settings.
  await guest.goto('/settings');
  await expect(guest.getByTestId('read-only-note')).toContainText('You are an editor in Acme Coffee');
  await expect(guest.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // The owner switches back to their own workspace: its data, not the client's.
  await page.goto('/dashboard');
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: /Personal/ }).click();
  await expect(switcher(page)).toContainText('Personal');
  await expect(page.getByRole('heading', { name: 'Home Persona' })).toBeVisible();
  await expect(page.getByText('Acme Barista')).toHaveCount(0);

  // The owner hands Acme to the invitee (asked first), becomes an admin, and may then leave it.
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: /Acme Coffee/ }).click();
  await page.goto('/team');
  await page.getByRole('button', { name: `Make owner ${invitee}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Transfer ownership?' });
  await expect(confirm).toContainText('you become an admin');
  await confirm.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(switcher(page)).toContainText('Admin');
  await page.getByRole('button', { name: 'Leave Acme Coffee' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(switcher(page)).toContainText('Personal');
  await expect(page.getByRole('heading', { name: 'Home Persona' })).toBeVisible();
  await guest.goto('/team');
  await expect(guest.getByRole('list', { name: 'Members' }).getByTestId('member-role')).toHaveText('Owner');

  await guest.context().close();
  expect(guestErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an invitation link that no longer works says why and offers the way back', async ({ page, consoleErrors }) => {
  await signIn(page, uniqueEmail('ws-bad-link'));
  await page.goto('/join/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('400 (Bad Request)')]);
});

for (const theme of ['dark', 'light'] as const) {
  test(`the switcher and the Team page work at 375 px and axe finds nothing in the ${theme} theme`, async ({
    page,
  }) => {
    test.slow();
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, uniqueEmail(`ws-a11y-${theme}`));
    await newWorkspaceInUi(page, 'Northwind Agency client');
    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    await page.getByLabel('E-mail address').fill(uniqueEmail('ws-a11y-invitee'));
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')).toHaveCount(1);
    // Nothing runs off sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoViolations(page);
    await switcher(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });
}
