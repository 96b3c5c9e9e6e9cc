import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ContentSource, Persona } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';

const fixtures = path.resolve(import.meta.dirname, '..', '..', 'server', 'test', 'fixtures', 'feeds');

/** Real-world feed documents served on loopback, as their sites would serve them. */
let peer: Server;
let feeds: string;
test.beforeAll(async () => {
  peer = createServer((req, res) => {
    const files: Record<string, [string, string]> = {
      '/rss': ['application/rss+xml', 'hacker-news.rss'],
      '/atom': ['application/atom+xml', 'the-verge.atom'],
    };
    const file = files[req.url ?? ''];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': file[0] });
    res.end(readFileSync(path.join(fixtures, file[1]), 'utf8'));
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  feeds = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
test.afterAll(() => {
  peer.closeAllConnections();
  peer.close();
});

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('sources'));
});

const source = (id: string, name: string, url: string, enabled = true): ContentSource => ({
  id,
  name,
  type: 'rss',
  url,
  enabled,
  frequency: 3,
  status: 'pending',
  lastCheck: null,
  errorMessage: null,
});

async function openTab(page: Page, persona: Persona) {
  await page.goto(`/editor/${persona.id}`);
  await page.getByRole('tab', { name: 'Content Sources' }).click();
}

test('adds a source from the popular list, edits it inline and saves it with the persona', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', {
    name: 'Reader',
    setup_complete: true,
    sources: [
      source('keep', 'Keep me', 'https://example.com/keep.xml', false),
      source('drop', 'Drop me', 'https://example.com/drop.xml'),
    ],
  });
  await openTab(page, persona);

  await page.getByRole('button', { name: 'Add Source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Source' });
  const add = dialog.getByRole('button', { name: 'Add Source' });
  await expect(add).toBeDisabled();
  await expect(dialog.getByLabel('URL')).toHaveAttribute('type', 'url');
  await dialog.getByLabel('Source name').fill('Mine');
  await expect(add).toBeDisabled();
  await dialog.getByLabel('URL').fill('not a url');
  await add.click();
  await expect(dialog.getByText('Enter a full http(s) address, e.g. https://example.com/feed')).toBeVisible();
  await dialog.getByLabel('URL').fill('https://example.com/keep.xml');
  await add.click();
  await expect(dialog.getByText('This persona already has a source with this address')).toBeVisible();

  await dialog.getByText('Reddit', { exact: true }).click();
  await dialog.getByRole('button', { name: 'r/startups' }).click();
  await expect(dialog.getByLabel('Source name')).toHaveValue('r/startups');
  await expect(dialog.getByLabel('URL')).toHaveValue('https://www.reddit.com/r/startups/');
  await add.click();
  await expect(dialog).toBeHidden();

  // A new source starts off and pending; its URL and frequency show only once it is on.
  const added = page.getByRole('listitem', { name: 'r/startups' });
  await expect(added.getByText('Pending')).toBeVisible();
  await expect(added.getByText('Reddit')).toBeVisible();
  await expect(added.getByRole('switch', { name: 'Use r/startups' })).not.toBeChecked();
  await expect(added.getByText('https://www.reddit.com/r/startups/')).toBeHidden();
  await added.getByRole('switch', { name: 'Use r/startups' }).click();
  await expect(added.getByText('https://www.reddit.com/r/startups/')).toBeVisible();
  await expect(added.getByText('2 checks per week')).toBeVisible();
  await added.getByLabel('Frequency of r/startups').fill('5');
  await expect(added.getByText('5 checks per week')).toBeVisible();

  // Inline edit: Cancel keeps the old values, Save applies the new ones.
  const keep = page.getByRole('listitem', { name: 'Keep me' });
  await keep.getByRole('button', { name: 'Edit Keep me' }).click();
  await keep.getByLabel('Source name').fill('Renamed');
  await keep.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('listitem', { name: 'Keep me' })).toBeVisible();
  await keep.getByRole('button', { name: 'Edit Keep me' }).click();
  await keep.getByLabel('Source name').fill('  ');
  await keep.getByRole('button', { name: 'Save' }).click();
  await expect(keep.getByText('Source name is required')).toBeVisible();
  await keep.getByLabel('Source name').fill('Renamed');
  await keep.getByLabel('Frequency of Renamed').fill('7');
  await keep.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('listitem', { name: 'Renamed' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove Drop me' }).click();
  await expect(page.getByRole('listitem', { name: 'Drop me' })).toBeHidden();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const saved = await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`);
  expect(saved.sources).toEqual([
    expect.objectContaining({ id: 'keep', name: 'Renamed', frequency: 7, enabled: false }),
    expect.objectContaining({
      name: 'r/startups',
      type: 'reddit',
      url: 'https://www.reddit.com/r/startups/',
      enabled: true,
      frequency: 5,
      status: 'pending',
    }),
  ]);
});

test('adds, edits, toggles and removes strategies', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Writer', setup_complete: true });
  await openTab(page, persona);
  // Seeded: Commentary (8) and Discussion Starters (6) are on.
  await expect(page.getByText('Weight 8 · 57% of posts')).toBeVisible();

  await page.getByRole('button', { name: 'Add Strategy' }).click();
  const custom = page.getByRole('listitem', { name: 'Custom Strategy' });
  await expect(custom.getByLabel('Weight')).toHaveValue('5');
  await custom.getByLabel('Strategy name').fill('Release notes');
  await custom.getByLabel('Description').fill('What shipped this week.');
  await custom.getByLabel('Prompt').fill('Summarise the change for users.');
  await custom.getByLabel('Weight').fill('2');
  await custom.getByLabel('Examples (one per line)').fill('Shipped: dark mode\n\n  Fixed: login loop  \n');
  await custom.getByRole('button', { name: 'Save' }).click();

  const release = page.getByRole('listitem', { name: 'Release notes' });
  await expect(release.getByText('2 examples')).toBeVisible();
  await expect(release.getByRole('switch', { name: 'Use Release notes' })).not.toBeChecked();
  await release.getByRole('switch', { name: 'Use Release notes' }).click();
  await expect(release.getByText('Weight 2 · 13% of posts')).toBeVisible();
  await page.getByRole('switch', { name: 'Use Commentary' }).click();
  await page.getByRole('button', { name: 'Remove Hot Takes' }).click();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const saved = await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`);
  expect(saved.templates.map((s) => [s.name, s.enabled])).toEqual([
    ['Commentary', false],
    ['Discussion Starters', true],
    ['Educational Breakdown', false],
    ['Release notes', true],
  ]);
  expect(saved.templates.at(-1)).toMatchObject({
    description: 'What shipped this week.',
    prompt: 'Summarise the change for users.',
    weight: 2,
    examples: ['Shipped: dark mode', 'Fixed: login loop'],
  });
});

test('Fetch now ingests the enabled sources and records each check; Generate example writes from a headline', async ({
  page,
  consoleErrors,
}) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', {
    name: 'Curator',
    setup_complete: true,
    sources: [
      source('hn', 'Local HN', `${feeds}/rss`),
      source('verge', 'Local Verge', `${feeds}/atom`),
      source('broken', 'Broken', `${feeds}/missing`),
      source('off', 'Off', `${feeds}/gone`, false),
    ],
  });
  await openTab(page, persona);
  await page.getByRole('button', { name: 'Fetch now' }).click();

  const headlines = page.getByRole('list', { name: 'Latest headlines' });
  // Taken in turn from each source, five at most.
  await expect(headlines.getByRole('listitem')).toHaveText([
    'Show HN: A tiny database that fits in L1 cache · Local HN',
    'The best laptops you can buy right now · Local Verge',
    'Why "boring" tech & small teams win · Local HN',
    'Phones & tablets: this year’s round-up · Local Verge',
    'Rust 2026 edition – what’s new · Local HN',
  ]);
  await expect(page.getByText('Feed ingested')).toBeVisible();
  await expect(page.getByText('Failed to ingest feed: Broken: The site answered HTTP 404')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Local HN' }).getByText('Active')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Local HN' }).getByText('Checked just now')).toBeVisible();
  const broken = page.getByRole('listitem', { name: 'Broken', exact: true });
  await expect(broken.getByText('Error', { exact: true })).toBeVisible();
  await expect(broken.getByText('The site answered HTTP 404')).toBeVisible();
  await expect(broken.getByText('Last check failed: HTTP 404 · just now')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Off' }).getByText('Never checked')).toBeVisible();
  // The browser logs the failed source's 422 itself.
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('422')]);

  await page.getByRole('button', { name: 'Generate example' }).click();
  const example = page.getByTestId('example-post');
  await expect(example).toBeVisible();
  // Written by the server's writer (here the offline composer, as automation would), from a headline read.
  const titles = await headlines.getByRole('listitem').allTextContents();
  const caption = (await page.locator('figcaption').textContent()) ?? '';
  expect(titles.some((t) => caption.includes(`from “${t.split(' · ')[0]}”`))).toBe(true);
  expect(caption).toContain('Written by the offline composer, as automation writes.');
  expect(((await example.textContent()) ?? '').length).toBeGreaterThan(20);

  // The server recorded the checks; they are not unsaved edits, so leaving asks nothing.
  const after = await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`);
  expect(after.sources.map((s) => s.status)).toEqual(['active', 'active', 'error', 'pending']);
  await page.getByRole('link', { name: '← Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Generate example needs a source and a strategy turned on', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', {
    name: 'Idle',
    setup_complete: true,
    sources: [source('hn', 'Local HN', `${feeds}/rss`, false)],
  });
  await openTab(page, persona);
  const generate = page.getByRole('button', { name: 'Generate example' });
  await expect(generate).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Fetch now' })).toBeDisabled();
  await expect(page.getByText('Turn on at least one source to generate an example.')).toBeVisible();
  await page.getByRole('switch', { name: 'Use Local HN' }).click();
  await expect(generate).toBeEnabled();
  await page.getByRole('switch', { name: 'Use Commentary' }).click();
  await page.getByRole('switch', { name: 'Use Discussion Starters' }).click();
  await expect(generate).toBeDisabled();
  await expect(page.getByText('Turn on at least one strategy to generate an example.')).toBeVisible();
  await page.getByRole('switch', { name: 'Use Hot Takes' }).click();

  // Without a fetch first, Generate example fetches, then writes with the one strategy on.
  await generate.click();
  await expect(page.getByTestId('example-post')).toBeVisible();
  await expect(page.locator('figcaption')).toContainText('Hot Takes · from “');
});

test("a new persona's sources are read without being ingested", async ({ page }) => {
  await page.goto('/editor');
  await page.getByRole('tab', { name: 'Content Sources' }).click();
  await page.getByRole('button', { name: 'Add Source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Source' });
  await dialog.getByLabel('Source name').fill('Local Verge');
  await dialog.getByLabel('URL').fill(`${feeds}/atom`);
  await dialog.getByRole('button', { name: 'Add Source' }).click();
  // The seeded Hacker News is on; the test machine has no internet, so only the local feed is read.
  await page.getByRole('switch', { name: 'Use Hacker News' }).click();
  await page.getByRole('switch', { name: 'Use Local Verge' }).click();
  await page.getByRole('button', { name: 'Fetch now' }).click();
  await expect(page.getByRole('list', { name: 'Latest headlines' }).getByRole('listitem')).toHaveText([
    'The best laptops you can buy right now · Local Verge',
    'Phones & tablets: this year’s round-up · Local Verge',
  ]);
  await expect(page.getByText('Feed ingested')).toBeHidden();
  // Read, not ingested: the card says it was checked (decision 041), the feed is not kept yet.
  const card = page.getByRole('listitem', { name: 'Local Verge' });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText('Checked just now')).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no violations on the Content Sources tab in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const persona = await apiCall<Persona>(page, 'POST', '/api/personas', {
      name: 'Checked',
      setup_complete: true,
      sources: [
        { ...source('hn', 'Local HN', `${feeds}/rss`), status: 'active', lastCheck: new Date().toISOString() },
        { ...source('err', 'Broken', `${feeds}/missing`), status: 'error', errorMessage: 'The site answered HTTP 404' },
      ],
    });
    await openTab(page, persona);
    await page.getByRole('button', { name: 'Edit Commentary' }).click();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Add Source' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Source' })).toBeVisible();
    await expectNoViolations(page);
  });
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}
