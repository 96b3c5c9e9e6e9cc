import { readFileSync } from 'node:fs';
import { DEFAULT_TRAITS, type Persona, type PersonaVersion } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('editor'));
});

test('creates a persona from a preset and the archetype follows the sliders', async ({ page }) => {
  await page.goto('/editor');
  await expect(page.getByRole('heading', { name: 'New persona' })).toBeVisible();
  await expect(page.getByText('33% · Complete more sections')).toBeVisible();
  await page.getByLabel('Name').fill('Ada');
  await page.getByRole('tab', { name: 'Personality' }).click();
  const archetype = page.getByTestId('archetype');
  await expect(archetype).toHaveText('Balanced Communicator');
  await page.getByRole('button', { name: /Tech Guru/ }).click();
  await expect(archetype).toHaveText('Technical Expert');
  // The preview reads each value, not a band: 85 and 60 say different things.
  await expect(page.getByTestId('style-preview')).toContainText(
    'Professionalism: Leans polished: polished touches, about 1.4 per post',
  );
  await expect(page.getByText('67% · Great! Your persona is well configured')).toBeVisible();

  // Lower professionalism below the rule's threshold: the archetype changes with it.
  await page.getByLabel('Professionalism').fill('60');
  await expect(page.getByText('60 · Balanced').first()).toBeVisible();
  await expect(page.getByTestId('style-preview')).toContainText(
    'Professionalism: Leans polished: polished touches, one in about 40 of 100 posts',
  );
  await expect(archetype).not.toHaveText('Technical Expert');
  await page.getByLabel('Humor').fill('90');
  await page.getByLabel('Sarcasm').fill('80');
  await expect(archetype).toHaveText('Sarcastic Comedian');
  await expect(page.getByText('90 · High · Wacky')).toBeVisible();

  await page.getByRole('button', { name: 'Create Persona' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const [saved] = await apiCall<Persona[]>(page, 'GET', '/api/personas');
  expect(saved).toMatchObject({
    name: 'Ada',
    setup_complete: true,
    personality: { humor: 90, sarcasm: 80, professionalism: 60 },
  });
});

test('asks before leaving with unsaved changes', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Careful', setup_complete: true });
  await page.goto(`/editor/${persona.id}`);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await page.getByLabel('Name').fill('Careless');
  await page.getByRole('link', { name: '← Dashboard' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Leave without saving?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${persona.id}$`));
  await page.getByRole('link', { name: '← Dashboard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`)).name).toBe('Careful');
});

test('a name the spec refuses disables Save with its message', async ({ page }) => {
  await page.goto('/editor');
  await page.getByLabel('Name').fill('   ');
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText("Can't save yet: Name is required (Identity)")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Persona' })).toBeDisabled();
  await page.getByRole('button', { name: 'Random Name' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(/^user-[a-z0-9]{6}$/);
  await expect(page.getByRole('button', { name: 'Create Persona' })).toBeEnabled();
});

test('a persona writes in the languages set in Identity; a bad tag disables Save, naming it', async ({ page }) => {
  await page.goto('/editor');
  await page.getByLabel('Name').fill('Lusa');
  const languages = page.getByLabel('Languages');
  await expect(languages).toHaveValue('en');
  await languages.fill('pt-BR, english!');
  await expect(
    page.getByText('Languages: “english!” must be a language tag such as en or pt-BR', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Persona' })).toBeDisabled();
  await languages.fill('pt-BR, en');
  await expect(page.getByText('writes English only, not Brazilian Portuguese')).toBeVisible();
  if (process.env.LINK_CARD_SHOTS)
    await languages.locator('..').screenshot({ path: `${process.env.LINK_CARD_SHOTS}/languages.png` });
  await page.getByRole('button', { name: 'Create Persona' }).click();
  await expect
    .poll(async () => (await apiCall<Persona[]>(page, 'GET', '/api/personas')).map((p) => p.languages))
    .toEqual([['pt-BR', 'en']]);
});

test('rolls back to an earlier version from Version History', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Before', setup_complete: true });
  await apiCall(page, 'PUT', `/api/personas/${persona.id}`, { name: 'After' });
  await page.goto(`/editor/${persona.id}`);
  await expect(page.getByLabel('Name')).toHaveValue('After');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await page.getByRole('button', { name: 'Version History' }).click();
  const history = page.getByRole('dialog', { name: 'Version History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await history.getByRole('button', { name: 'Rollback' }).click();
  await expect(page.getByText('Rolled back')).toBeVisible();
  await page.getByRole('tab', { name: 'Identity' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Before');
  const versions = await apiCall<PersonaVersion[]>(page, 'GET', `/api/personas/${persona.id}/versions`);
  expect(versions[0]?.summary).toMatch(/^Rolled back to the version of /);

  // Times read as people read them ('Mar 8, 2026, 14:05'), the restored version's too: no raw ISO.
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await page.getByRole('button', { name: 'Version History' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(3);
  const when = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}/;
  await expect(history.getByRole('listitem').first()).toContainText(
    new RegExp(`^${when.source}Rolled back to the version of ${when.source}Current$`),
  );
  await expect(history).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
});

test('a max length outside 40-400 shows an error and is never saved', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Lengthy', setup_complete: true });
  await page.goto(`/editor/${persona.id}`);
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await page.getByLabel('Max post length').fill('5');
  await expect(page.getByText('Max length must be a whole number from 40 to 400', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await page.getByLabel('Max post length').fill('300');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`)).advanced_options.maxLength).toBe(300);
});

test('a short bio and an emoji avatar are saved and shown on the dashboard card', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Owl', setup_complete: true });
  await page.goto(`/editor/${persona.id}`);
  await page.getByLabel('Short bio').fill('Reads papers so you do not have to.');
  await expect(page.getByText('35 / 160')).toBeVisible();
  await page.getByLabel('Or type any emoji').fill('🦉🦉');
  await expect(page.getByText('Avatar must be a single emoji or character', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await page.getByRole('button', { name: 'Avatar 🦉' }).click();
  await expect(page.getByRole('button', { name: 'Avatar 🦉' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByRole('article', { name: 'Owl' });
  await expect(card).toContainText('🦉');
  await expect(card).toContainText('Reads papers so you do not have to.');
  expect(await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`)).toMatchObject({
    bio: 'Reads papers so you do not have to.',
    avatar: '🦉',
  });
});

test('exports the persona, then imports a file over it after confirming', async ({ page }) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', {
    name: 'Source',
    setup_complete: true,
    personality: { ...DEFAULT_TRAITS, humor: 90 },
  });
  await page.goto(`/editor/${persona.id}`);
  await page.getByRole('tab', { name: 'Advanced' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('persona-source.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as Persona;
  expect(exported).toMatchObject({ name: 'Source', personality: { humor: 90 } });

  await page.getByTestId('editor-import-input').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({ ...exported, name: 'Imported', personality: { ...DEFAULT_TRAITS, humor: 10 } }),
    ),
  });
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText("Replace this persona's settings with other.json?");
  await confirm.getByRole('button', { name: 'Replace' }).click();
  await page.getByRole('tab', { name: 'Identity' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Imported');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`)).toMatchObject({
    name: 'Imported',
    personality: { humor: 10 },
  });
});
