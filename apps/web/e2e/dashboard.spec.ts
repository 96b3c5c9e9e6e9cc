import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Persona, Tag } from '@plume/core';
import { apiCall, expect, expectNoViolations, pauseClock, signIn, test, uniqueEmail } from './fixtures';
import { createBlueskyAccount } from './peers';

/** A real feed document, served on loopback as its site would serve it. */
let feed: Server;
let feedUrl = '';
test.beforeAll(async () => {
  const rss = readFileSync(
    path.join(import.meta.dirname, '..', '..', 'server', 'test', 'fixtures', 'feeds', 'hacker-news.rss'),
    'utf8',
  );
  feed = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(rss);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/rss`;
});
test.afterAll(() => {
  feed.closeAllConnections();
  feed.close();
});

const card = (page: import('@playwright/test').Page, name: string) =>
  page.getByTestId('persona-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('dashboard'));
});

test('creating a persona through the shortcut opens the editor, then shows Next Steps and the highlight', async ({
  page,
}) => {
  // The highlight's timer runs on Playwright's clock.
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No personas yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New Persona', exact: true }).click();
  await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
  await page.getByLabel('Name').fill('Launchpad');
  await page.getByRole('button', { name: 'Create Persona' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Persona saved')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Next Steps' });
  await expect(dialog).toContainText('Launchpad is ready to be set up.');
  // The highlight's 3 s start once Next Steps is closed.
  await pauseClock(page);
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(card(page, 'Launchpad').getByText('Just Launched!')).toBeVisible();
  await page.clock.runFor(2900);
  await expect(card(page, 'Launchpad').getByText('Just Launched!')).toBeVisible();
  await page.clock.runFor(100);
  await expect(card(page, 'Launchpad').getByText('Just Launched!')).toBeHidden();
  await expect(card(page, 'Launchpad').getByText('Setup incomplete')).toHaveCount(0);
});

test("a Next Steps step opens the editor on that step's tab", async ({ page }) => {
  await page.getByRole('button', { name: 'New Persona', exact: true }).click();
  await page.getByLabel('Name').fill('Stepper');
  await page.getByRole('button', { name: 'Create Persona' }).click();
  await page.getByRole('dialog', { name: 'Next Steps' }).getByRole('link', { name: 'Feed it ideas' }).click();
  await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}\?tab=sources$/);
  await expect(page.getByRole('tab', { name: 'Content Sources' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(page).toHaveURL(/\?tab=automation$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Automation' })).toHaveAttribute('aria-selected', 'true');
});

test('an unfinished persona is opened instead of starting another', async ({ page }) => {
  const unfinished = await apiCall<Persona>(page, 'POST', '/api/personas', {
    name: 'Half done',
    setup_complete: false,
  });
  await page.reload();
  await page.getByRole('button', { name: 'New Persona', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${unfinished.id}$`));
  expect(await apiCall<Persona[]>(page, 'GET', '/api/personas')).toHaveLength(1);
});

test('filters, sorts and groups personas', async ({ page }) => {
  const tag = await apiCall<Tag>(page, 'POST', '/api/tags', { name: 'Tech', color: 'blue' });
  await apiCall(page, 'POST', '/api/personas', { name: 'Charlie', setup_complete: true, tags: [tag.id] });
  await apiCall(page, 'POST', '/api/personas', { name: 'alpha', setup_complete: true, is_active: false });
  await apiCall(page, 'POST', '/api/personas', { name: 'Bravo', setup_complete: true });
  await page.reload();
  const names = () => page.getByTestId('persona-card').getByRole('heading').allTextContents();
  await expect.poll(names).toEqual(['Bravo', 'alpha', 'Charlie']);

  await page.getByLabel('Sort by').selectOption('alphabetical');
  await expect.poll(names).toEqual(['alpha', 'Bravo', 'Charlie']);

  await page.getByLabel('Filter').selectOption('paused');
  await expect.poll(names).toEqual(['alpha']);
  await page.getByLabel('Filter').selectOption('x');
  await expect(page.getByText('No personas match these filters.')).toBeVisible();
  await page.getByLabel('Filter').selectOption({ label: 'On Bluesky' });
  await expect(page.getByText('No personas match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(names).toEqual(['alpha', 'Bravo', 'Charlie']);

  await page.getByRole('button', { name: 'Tech', exact: true }).click();
  await expect.poll(names).toEqual(['Charlie']);
  await page.getByRole('button', { name: 'Tech', exact: true }).click();

  await page.getByLabel('Group by').selectOption('status');
  await expect(page.getByRole('region', { name: 'Active' }).getByRole('heading', { level: 3 })).toHaveText([
    'Bravo',
    'Charlie',
  ]);
  await expect(page.getByRole('region', { name: 'Paused' }).getByRole('heading', { level: 3 })).toHaveText(['alpha']);
  await page.getByLabel('Group by').selectOption('tag');
  await expect(page.getByRole('region', { name: 'Tech' }).getByRole('heading', { level: 3 })).toHaveText(['Charlie']);

  // The view survives a reload through the URL.
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('alphabetical');
  await expect(page.getByLabel('Group by')).toHaveValue('tag');
});

test('bulk-pauses two personas', async ({ page }) => {
  await apiCall(page, 'POST', '/api/personas', { name: 'One', setup_complete: true });
  await apiCall(page, 'POST', '/api/personas', { name: 'Two', setup_complete: true });
  await apiCall(page, 'POST', '/api/personas', { name: 'Three', setup_complete: true });
  await page.reload();
  await page.getByRole('checkbox', { name: 'Select One' }).check();
  await page.getByRole('checkbox', { name: 'Select Two' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');
  // A filter that hides the selection also takes it out of bulk actions.
  await page.getByLabel('Filter').selectOption('paused');
  await expect(bar).toBeHidden();
  await page.getByLabel('Filter').selectOption('all');
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused 2 personas')).toBeVisible();
  await expect(card(page, 'One').getByText('Paused', { exact: true })).toBeVisible();
  await expect(card(page, 'Two').getByText('Paused', { exact: true })).toBeVisible();
  await expect(card(page, 'Three').getByText('Active', { exact: true })).toBeVisible();
  const stored = await apiCall<Persona[]>(page, 'GET', '/api/personas');
  expect(
    stored
      .filter((p) => !p.is_active)
      .map((p) => p.name)
      .sort(),
  ).toEqual(['One', 'Two']);
});

test('the Active switch pauses and resumes a persona', async ({ page }) => {
  await apiCall(page, 'POST', '/api/personas', { name: 'Switchy', setup_complete: true });
  await page.reload();
  await card(page, 'Switchy').getByRole('switch').click();
  await expect(card(page, 'Switchy').getByText('Paused', { exact: true })).toBeVisible();
  await page.reload();
  await expect(card(page, 'Switchy').getByRole('switch')).not.toBeChecked();
});

test('deleting asks with the spec text first', async ({ page }) => {
  await apiCall(page, 'POST', '/api/personas', { name: 'Doomed', setup_complete: true });
  await page.reload();
  await page.getByRole('button', { name: 'Delete Doomed' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete persona "Doomed"? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Doomed')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Doomed' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Persona deleted')).toBeVisible();
  await expect(card(page, 'Doomed')).toHaveCount(0);
});

test('export then import shows the copy', async ({ page }) => {
  await apiCall(page, 'POST', '/api/personas', { name: 'Exporter', setup_complete: true, custom_prompt: 'Be brief' });
  await page.reload();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Exporter' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('persona-exporter.json');
  const file = await download.path();

  await page.getByTestId('import-input').setInputFiles(file);
  await expect(page.getByText('Imported "Exporter"')).toBeVisible();
  await expect(card(page, 'Exporter')).toHaveCount(2);
  const stored = await apiCall<Persona[]>(page, 'GET', '/api/personas');
  const [copy, original] = stored;
  expect(copy?.id).not.toBe(original?.id);
  expect({ ...copy, id: original?.id }).toEqual(original);
});

test('a file that is not a persona is refused with the reason', async ({ page, consoleErrors }) => {
  await page.getByTestId('import-input').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ name: 'Broken', personality: { humor: 'lots' } })),
  });
  await expect(page.getByText(/Failed to import persona: Personality › Humor: /)).toBeVisible();
  // The browser logs the refused request; that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining('400 (Bad Request)')]);
  consoleErrors.length = 0;
  expect(await apiCall<Persona[]>(page, 'GET', '/api/personas')).toEqual([]);
});

test('the opportunities panel shows fresh source items with where to act, and a dismissal holds after a reload', async ({
  page,
}) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', {
    name: 'Reader',
    setup_complete: true,
    is_active: false,
    sources: [
      {
        id: 'hn',
        name: 'Hacker News',
        type: 'rss',
        url: feedUrl,
        enabled: true,
        frequency: 3,
        status: 'pending',
        lastCheck: null,
        errorMessage: null,
      },
    ],
  });
  await page.reload();
  const panel = page.getByRole('region', { name: 'Engagement opportunities' });
  // No connected account and nothing read yet: said as it is.
  await expect(panel.getByTestId('opportunities-empty')).toHaveText(/^Nothing to act on yet\. Connect a Bluesky or X/);

  await apiCall(page, 'POST', '/api/ingest', { personaId: persona.id, feedUrl });
  await page.reload();
  const item = panel.getByTestId('opportunity');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading')).toHaveText("3 new items in Reader's sources");
  await expect(item.getByRole('link', { name: /^Show HN: A tiny database/ })).toBeVisible();
  await item.getByRole('link', { name: 'Write about them' }).click();
  await expect(page).toHaveURL(new RegExp(`/advanced/${persona.id}$`));

  await page.goto('/dashboard');
  await panel.getByRole('button', { name: "Dismiss: 3 new items in Reader's sources (Reader)" }).click();
  await expect(item).toHaveCount(0);
  await expect(panel.getByTestId('opportunities-empty')).toHaveText(
    'Nothing new since you dismissed the last one. Connect a Bluesky or X account to a persona to see its mentions and how its posts do; new items from its sources show here too.',
  );
  // Kept on the server: dismissed after a reload too (and on any other device).
  await page.reload();
  await expect(panel.getByTestId('opportunities-empty')).toBeVisible();
  expect(await apiCall(page, 'GET', '/api/opportunities')).toMatchObject({ items: [], dismissed: 1 });
});

test('automation that paused itself shows why on the card and in the Automation tab, and Resume runs it again; the broken connection holds Bluesky until it is reconnected', async ({
  page,
}) => {
  // Two pages scanned for accessibility, a Bluesky account made and refused: more than the default allows on a busy machine.
  test.slow();
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Halted', setup_complete: true });
  const halted = await createBlueskyAccount('halted');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: halted.handle,
    appPassword: halted.appPassword,
  });
  // Posting on, with no slot to write: its automation runs, and nothing but the test posts.
  const autoPosting = {
    ...persona.automation.autoPosting,
    enabled: true,
    frequency: 'custom',
    customTimes: [],
    advancedSchedule: {},
  };
  await apiCall(page, 'PUT', `/api/personas/${persona.id}`, { automation: { ...persona.automation, autoPosting } });
  // The account's owner deactivates it: Bluesky refuses the connection, and the persona's automation pauses.
  await halted.agent.com.atproto.server.deactivateAccount({});
  const refused = await page.request.post(`/api/personas/${persona.id}/post`, {
    data: { platform: 'bluesky', content: 'Anyone there?' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(502);

  await page.reload();
  const notice = card(page, 'Halted').getByTestId('automation-paused');
  await expect(notice.getByRole('heading', { name: 'Automation paused' })).toBeVisible();
  await expect(notice).toContainText(`The connection to Bluesky (@${halted.handle}) needs a reconnect`);
  await expect(notice).toContainText('Posts you wrote or approved yourself still go out.');
  // The card says which connection broke, with the way to mend it.
  const held = card(page, 'Halted').getByTestId('connection-held');
  await expect(held).toContainText('Bluesky needs a reconnect: its automation is held.');
  await expect(held.getByRole('link', { name: 'Reconnect Bluesky for Halted' })).toHaveAttribute(
    'href',
    `/editor/${persona.id}?tab=accounts`,
  );
  await expectNoViolations(page);

  // The Automation tab says the same, and its banner reads Paused.
  await card(page, 'Halted').getByRole('link', { name: 'Edit Halted' }).click();
  await page.getByRole('tab', { name: 'Automation' }).click();
  const tabNotice = page.getByTestId('automation-paused');
  await expect(tabNotice).toContainText(`The connection to Bluesky (@${halted.handle}) needs a reconnect`);
  await expect(page.getByTestId('automation-status')).toHaveText('Paused');
  await expectNoViolations(page);
  await tabNotice.getByRole('button', { name: 'Resume automation' }).click();
  await expect(page.getByText("Halted's automation runs again")).toBeVisible();
  await expect(tabNotice).toBeHidden();
  await expect(page.getByTestId('automation-status')).toHaveText('Active');
  // Resumed, it is still held on Bluesky while the connection is broken, and the tab says why.
  const tabHeld = page.getByTestId('connection-held');
  await expect(tabHeld.getByRole('heading', { name: 'Held on Bluesky' })).toBeVisible();
  await expect(tabHeld).toContainText(
    `Bluesky automation is held: the connection to @${halted.handle} was refused and needs a reconnect.`,
  );
  await expect(tabHeld).toContainText('Approving or scheduling a post there is refused.');

  // Resumed on the server: the card shows nothing after a reload.
  await page.goto('/dashboard');
  await expect(card(page, 'Halted').getByRole('heading', { name: 'Halted' })).toBeVisible();
  await expect(card(page, 'Halted').getByTestId('automation-paused')).toHaveCount(0);
  expect((await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`)).automation_pause).toBeNull();
  await card(page, 'Halted').getByRole('link', { name: 'Reconnect Bluesky for Halted' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${persona.id}\\?tab=accounts$`));
});

test('Resume on the dashboard card runs a paused persona again', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Stalled', setup_complete: true });
  const stalled = await createBlueskyAccount('stalled');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: stalled.handle,
    appPassword: stalled.appPassword,
  });
  const engagement = { ...persona.automation.engagement, enabled: true };
  await apiCall(page, 'PUT', `/api/personas/${persona.id}`, { automation: { ...persona.automation, engagement } });
  await stalled.agent.com.atproto.server.deactivateAccount({});
  await page.request.post(`/api/personas/${persona.id}/post`, {
    data: { platform: 'bluesky', content: 'Still there?' },
    headers: { origin: new URL(page.url()).origin },
  });
  await page.reload();
  await expect(card(page, 'Stalled').getByTestId('automation-paused')).toContainText('needs a reconnect');
  await card(page, 'Stalled').getByRole('button', { name: 'Resume automation of Stalled' }).click();
  await expect(card(page, 'Stalled').getByTestId('automation-paused')).toHaveCount(0);
  await page.reload();
  await expect(card(page, 'Stalled').getByRole('heading', { name: 'Stalled' })).toBeVisible();
  await expect(card(page, 'Stalled').getByTestId('automation-paused')).toHaveCount(0);
});
