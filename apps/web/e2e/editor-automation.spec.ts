import type { Page } from '@playwright/test';
import type { Persona } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('automation'));
});

async function openAutomation(page: Page, name: string): Promise<Persona> {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name, setup_complete: true });
  await page.goto(`/editor/${persona.id}`);
  await page.getByRole('tab', { name: 'Automation' }).click();
  return persona;
}

const stored = async (page: Page, id: string) =>
  (await apiCall<Persona>(page, 'GET', `/api/personas/${id}`)).automation;

test('toggles automation switches and finds them saved after a reload', async ({ page }) => {
  const persona = await openAutomation(page, 'Switches');
  const status = page.getByTestId('automation-status');
  await expect(status).toHaveText('Inactive');
  await expect(page.getByText('Posts published today')).toBeVisible();

  for (const name of ['Automated Posting', 'Smart Auto-Replies', 'Engagement Optimization', 'Auto-like']) {
    await page.getByRole('switch', { name }).click();
    await expect(page.getByRole('switch', { name })).toBeChecked();
  }
  await expect(status).toHaveText('Active');
  // Engagement says who it goes to, and why (Bluesky's rule for automated accounts).
  await expect(page.getByTestId('engagement-opt-in-note')).toHaveText(
    /^Likes, reposts and follows go only to people who mentioned, replied to, quoted or followed this persona first, because Bluesky asks/,
  );
  await expect
    .poll(async () => {
      const a = await stored(page, persona.id);
      return [a.autoPosting.enabled, a.autoReplies.enabled, a.engagement.enabled, a.engagement.autoLike.enabled];
    })
    .toEqual([true, true, true, true]);
  // Saved at once: nothing is left as an unsaved edit.
  await page.getByRole('link', { name: '← Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/editor/${persona.id}`);
  await page.getByRole('tab', { name: 'Automation' }).click();
  for (const name of ['Automated Posting', 'Smart Auto-Replies', 'Engagement Optimization', 'Auto-like']) {
    await expect(page.getByRole('switch', { name })).toBeChecked();
  }
  await expect(page.getByRole('switch', { name: 'Auto-retweet' })).not.toBeChecked();
  await expect(status).toHaveText('Active');

  for (const name of ['Automated Posting', 'Smart Auto-Replies', 'Engagement Optimization']) {
    await page.getByRole('switch', { name }).click();
  }
  await expect(status).toHaveText('Inactive');
  await expect
    .poll(async () => {
      const a = await stored(page, persona.id);
      return [a.autoPosting.enabled, a.autoReplies.enabled, a.engagement.enabled, a.engagement.autoLike.enabled];
    })
    .toEqual([false, false, false, true]);
  await page.reload();
  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(status).toHaveText('Inactive');
  await expect(page.getByRole('switch', { name: 'Auto-like' })).toBeChecked();
});

test('edits reply templates: adds, edits, deletes, and only the first four show', async ({ page }) => {
  const persona = await openAutomation(page, 'Templates');
  const list = page.getByRole('list', { name: 'Reply templates' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('button', { name: '+1 more: show all' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Template' }).click();
  const editor = page.getByRole('dialog', { name: 'Add template' });
  await expect(editor.getByLabel('Template name')).toHaveValue('New Template');
  await expect(editor.getByLabel('Context')).toHaveValue('mention');
  await expect(editor.getByLabel('Sentiment')).toHaveValue('neutral');
  await expect(editor.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await expect(editor.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await editor.getByLabel('Template name').fill('Welcome');
  await editor.getByLabel('Reply instructions').fill('Welcome them to the conversation.');
  await editor.getByLabel('Triggers').fill(' hi, hello ,, ,welcome ');
  await editor.getByLabel('Context').selectOption('dm');
  await editor.getByRole('switch', { name: 'Active' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await page.getByRole('button', { name: '+2 more: show all' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expect(list.getByRole('listitem').last()).toContainText('Welcome');
  await page.getByRole('button', { name: 'Show the first 4' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect
    .poll(async () => (await stored(page, persona.id)).autoReplies.templates.at(-1))
    .toMatchObject({
      name: 'Welcome',
      text: 'Welcome them to the conversation.',
      triggers: ['hi', 'hello', 'welcome'],
      context: 'dm',
      sentiment: 'neutral',
      isActive: true,
    });

  await list.getByRole('button', { name: 'Edit Appreciation' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit template' });
  await expect(edit.getByLabel('Triggers')).toHaveValue('thanks, thank you, love this, great post');
  await edit.getByLabel('Template name').fill('');
  await expect(edit.getByText('Template name is required')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel('Template name').fill('Thanks');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Thanks');

  for (const name of ['Agreement', 'Encouragement']) {
    await list.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('dialog', { name: 'Edit template' }).getByRole('button', { name: 'Delete' }).click();
  }
  // Two fewer: the template added last moves into the first four.
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list).toContainText('Welcome');
  await expect(page.getByRole('button', { name: /more: show all/ })).toHaveCount(0);
  await expect
    .poll(async () => (await stored(page, persona.id)).autoReplies.templates.map((t) => t.name))
    .toEqual(['Thanks', 'Question Response', 'Discussion Starter', 'Welcome']);
});

test('the frequency decides the schedule, the weekly schedule with Custom; summary, rule and next post follow', async ({
  page,
}) => {
  const persona = await openAutomation(page, 'Schedule');
  const summary = page.getByTestId('schedule-summary');
  const next = page.getByTestId('next-post');
  const rule = page.getByTestId('posting-rule');
  // The default: Daily, one post at the first custom time, inside waking hours (Human-like patterns).
  await expect(summary).toHaveText('Daily at 09:00');
  await expect(rule).toContainText(
    'Daily: one post at the first custom time. The weekly schedule applies only with Custom times.',
  );
  await expect(rule).toContainText('Human-like patterns keep posts between 08:00 and 22:00.');
  await expect(next).toContainText('(smart timing, ±15 min)');

  // Custom: the weekly schedule (Mon 09:00, Wed 15:00, Fri 12:00) decides.
  await page.getByRole('button', { name: 'Posting settings' }).click();
  let dialog = page.getByRole('dialog', { name: 'Posting settings' });
  await dialog.getByLabel('Frequency').selectOption('custom');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(summary).toHaveText('Mon, Wed, Fri');
  await expect(rule).toContainText('The weekly schedule decides (Custom)');

  // Clear the weekly schedule: the custom times take over, every day.
  await page.getByRole('button', { name: 'Advanced schedule' }).click();
  dialog = page.getByRole('dialog', { name: 'Advanced schedule' });
  for (const day of ['Monday', 'Wednesday', 'Friday']) {
    await dialog.getByRole('button', { name: `Remove ${day} time 1` }).click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(summary).toHaveText('Daily at 09:00, 15:00');

  // A Tuesday at 10:30 (a new time starts at 09:00).
  await page.getByRole('button', { name: 'Advanced schedule' }).click();
  dialog = page.getByRole('dialog', { name: 'Advanced schedule' });
  await dialog.getByRole('button', { name: 'Add time to Tuesday' }).click();
  await expect(dialog.getByLabel('Tuesday time 1', { exact: true })).toHaveValue('09:00');
  await dialog.getByLabel('Tuesday time 1', { exact: true }).fill('10:30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(summary).toHaveText('Tue');
  await page.getByRole('switch', { name: 'Smart timing' }).click();
  await expect(next).toHaveText(/^Tue\b.*10:30/);
  await expect(next).not.toContainText('smart timing');
  await expect
    .poll(async () => {
      const posting = (await stored(page, persona.id)).autoPosting;
      return [posting.frequency, posting.advancedSchedule, posting.smartTiming];
    })
    .toEqual(['custom', { Tuesday: ['10:30'] }, false]);

  // Hourly: every hour, whatever the weekly schedule says, inside waking hours.
  await page.getByRole('button', { name: 'Posting settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Posting settings' });
  await dialog.getByLabel('Frequency').selectOption('hourly');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(summary).toHaveText('Every hour, 08:00 to 22:00');
  await expect(rule).toContainText('Hourly: a post every hour on the hour.');

  // Custom with no times at all: nothing is scheduled.
  await page.getByRole('button', { name: 'Posting settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Posting settings' });
  await dialog.getByLabel('Frequency').selectOption('custom');
  for (let i = 0; i < 2; i++) await dialog.getByRole('button', { name: 'Remove Custom time 1' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Advanced schedule' }).click();
  dialog = page.getByRole('dialog', { name: 'Advanced schedule' });
  await dialog.getByRole('button', { name: 'Remove Tuesday time 1' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(summary).toHaveText('No schedule');
  await expect(next).toHaveText('Not scheduled');
});

test('the automated label is offered once the persona acts without review; it and who can reply survive a reload', async ({
  page,
}) => {
  const persona = await openAutomation(page, 'Disclosure');
  const label = page.getByRole('switch', { name: 'Label this account as automated' });
  const replies = page.getByLabel('Who can reply to its automated posts');
  // Nothing acts without review yet: the switch is only announced.
  await expect(label).toHaveCount(0);
  await expect(page.getByText('“Label this account as automated” is offered once')).toBeVisible();
  await expect(replies).toHaveValue('everyone');
  await expect(page.getByText('Bluesky: everyone can reply.')).toBeVisible();

  // Engagement with one action on acts on its own: the switch appears, checked.
  await page.getByRole('switch', { name: 'Engagement Optimization' }).click();
  await page.getByRole('switch', { name: 'Auto-like' }).click();
  await expect(label).toBeChecked();
  await label.click();
  await expect(label).not.toBeChecked();
  // Where the networks differ, the description says what each does.
  await replies.selectOption('followers');
  await expect(page.getByText('X: accounts it follows (X has no followers-only setting).')).toBeVisible();
  await expect(page.getByText('Bluesky: its followers.')).toBeVisible();
  await expect
    .poll(async () => {
      const { safety } = await stored(page, persona.id);
      return [safety.labelAutomated, safety.whoCanReply];
    })
    .toEqual([false, 'followers']);

  await page.reload();
  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(label).not.toBeChecked();
  await expect(replies).toHaveValue('followers');
  await label.click();
  await replies.selectOption('nobody');
  await expect(page.getByText('X: only accounts the post mentions (X has no “nobody” setting).')).toBeVisible();
  await expect(page.getByText('Bluesky: nobody.')).toBeVisible();
  await expect
    .poll(async () => {
      const { safety } = await stored(page, persona.id);
      return [safety.labelAutomated, safety.whoCanReply];
    })
    .toEqual([true, 'nobody']);
  await page.reload();
  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(label).toBeChecked();
  await expect(replies).toHaveValue('nobody');
});

test('an out-of-range limit shows an error and is not saved', async ({ page }) => {
  const persona = await openAutomation(page, 'Limits');
  await page.getByRole('button', { name: 'Safety settings' }).click();
  const safety = page.getByRole('dialog', { name: 'Safety settings' });
  await safety.getByLabel('Daily activity limit').fill('5000');
  await expect(safety.getByText('Daily activity limit must be a whole number from 0 to 1000')).toBeVisible();
  await expect(safety.getByRole('button', { name: 'Save' })).toBeDisabled();
  await safety.getByRole('button', { name: 'Cancel' }).click();
  expect((await stored(page, persona.id)).safety.dailyActivityLimit).toBe(50);

  await page.getByRole('button', { name: 'Reply settings' }).click();
  const replies = page.getByRole('dialog', { name: 'Reply settings' });
  await replies.getByLabel('Max replies per hour').fill('61');
  await expect(replies.getByText('Max replies per hour must be a whole number from 0 to 60')).toBeVisible();
  await expect(replies.getByRole('button', { name: 'Save' })).toBeDisabled();
  await replies.getByLabel('Max replies per hour').fill('12');
  await replies.getByRole('button', { name: 'Save' }).click();

  await page.getByRole('button', { name: 'Engagement settings' }).click();
  const engagement = page.getByRole('dialog', { name: 'Engagement settings' });
  await engagement.getByLabel('Max followers').fill('50');
  await expect(engagement.getByText('Max followers must be at least min followers')).toBeVisible();
  await expect(engagement.getByRole('button', { name: 'Save' })).toBeDisabled();
  await engagement.getByLabel('Max followers').fill('5000');
  await engagement.getByLabel('Keyword filter').fill('ai, , rust ');
  await engagement.getByRole('button', { name: 'Save' }).click();

  await expect
    .poll(async () => {
      const a = await stored(page, persona.id);
      return [a.safety.dailyActivityLimit, a.autoReplies.maxRepliesPerHour, a.engagement];
    })
    .toMatchObject([
      50,
      12,
      { autoRetweet: { keywordFilter: ['ai', 'rust'] }, autoFollow: { targetCriteria: { maxFollowers: 5000 } } },
    ]);
});

test('a new persona keeps its automation in the draft until it is created', async ({ page }) => {
  await page.goto('/editor');
  await page.getByLabel('Name').fill('Fresh');
  await page.getByRole('tab', { name: 'Automation' }).click();
  await expect(page.getByText('Activity appears here once the persona is saved and automation runs.')).toBeVisible();
  await page.getByRole('switch', { name: 'Smart Auto-Replies' }).click();
  await expect(page.getByTestId('automation-status')).toHaveText('Active');
  await page.getByRole('button', { name: 'Create Persona' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const [saved] = await apiCall<Persona[]>(page, 'GET', '/api/personas');
  expect(saved?.automation.autoReplies.enabled).toBe(true);
});

test('a failed save is undone with a message, and activity that cannot load shows dashes', async ({
  page,
  consoleErrors,
}) => {
  await page.unroute('**/automation/activity*');
  await page.route('**/automation/activity*', (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'Not found' } } }),
  );
  await page.route('**/api/personas/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Internal error' } } })
      : route.fallback(),
  );
  const persona = await openAutomation(page, 'Offline');
  await expect(page.getByText("Today's activity could not be loaded.")).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '—' })).toHaveCount(5);

  await page.getByRole('switch', { name: 'Engagement Optimization' }).click();
  await expect(page.getByText('Failed to save persona')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Engagement Optimization' })).not.toBeChecked();
  await expect(page.getByTestId('automation-status')).toHaveText('Inactive');
  expect((await stored(page, persona.id)).engagement.enabled).toBe(false);
  // The two refused requests above are this test's own doing.
  expect(consoleErrors.every((e) => /status of (404|500)/.test(e))).toBe(true);
  consoleErrors.splice(0);
});
