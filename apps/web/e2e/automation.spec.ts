import type { Persona, ScheduledItem } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';
import { createBlueskyAccount } from './peers';

test('switched to hourly, a persona writes its next post within a minute; approved, it waits on the calendar for its slot', async ({
  page,
}) => {
  // The worker looks for due slots once a minute.
  test.setTimeout(150_000);
  await signIn(page, uniqueEmail('auto'));
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Tick', setup_complete: true });
  const bluesky = await createBlueskyAccount('tick');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: bluesky.handle,
    appPassword: bluesky.appPassword,
  });
  // Human-like patterns keep night slots out, and smart timing moves a post up to 15 minutes before
  // its slot: for those minutes of each hour the next slot's post time has passed and the one after
  // is over an hour away, so nothing is due. Both off, this test runs at any hour and minute.
  const safety = { ...persona.automation.safety, humanLikePatterns: false };
  const autoPosting = { ...persona.automation.autoPosting, smartTiming: false };
  await apiCall(page, 'PUT', `/api/personas/${persona.id}`, {
    automation: { ...persona.automation, safety, autoPosting },
  });

  await page.goto(`/editor/${persona.id}?tab=automation`);
  await page.getByRole('switch', { name: 'Automated Posting' }).click();
  await page.getByRole('button', { name: 'Posting settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Posting settings' });
  await dialog.getByLabel('Frequency').selectOption('hourly');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('schedule-summary')).toHaveText('Every hour');
  const slots = page.getByTestId('planned-slots').getByRole('listitem');
  await expect(slots.first()).toContainText('being written');

  // Within a minute the worker writes the next slot's post; it waits for review. (The slot row
  // written is looked for by its words: at the top of the hour the first row moves on to the next.)
  const written = slots.filter({ hasText: 'Bluesky: written, waiting for review' }).first();
  await expect(async () => {
    await page.goto(`/editor/${persona.id}?tab=automation`);
    await expect(written).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 100_000, intervals: [5_000] });
  const slot = await written.getAttribute('data-slot');
  const drafts = await apiCall<ScheduledItem[]>(
    page,
    'GET',
    `/api/schedule?personaId=${persona.id}&status=pending_review`,
  );
  expect(drafts.length).toBeGreaterThanOrEqual(1);
  expect(drafts.every((d) => d.autoSlot !== null && d.writer === 'offline')).toBe(true);
  await page.getByText('What automation did').click();
  await expect(page.getByTestId('automation-log')).toContainText('waiting in the review queue');

  // The review queue says automation wrote it, for which slot; approved, it is scheduled for that slot.
  await page.goto('/calendar');
  const rows = page.getByRole('list', { name: 'Drafts waiting for review' }).getByTestId('review-item');
  await expect(rows).toHaveCount(drafts.length);
  const mine = drafts.find((d) => d.autoSlot === slot);
  const row = page.locator(`[data-testid="review-item"][data-item-id="${mine?.id}"]`);
  await expect(row.getByTestId('review-automation')).toContainText('Written by automation (the offline composer)');
  // The dialog keeps the draft's own time (the slot), and says it; the toast says the same time.
  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = page.getByRole('dialog', { name: 'Approve and schedule' });
  const own = approve.getByRole('radio', { name: /^At its own time/ });
  await expect(own).toBeChecked();
  const shown = (await approve.getByTestId('own-time').textContent()) ?? '';
  expect(shown).toMatch(/\d{2}:\d{2}$/);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `For ${shown}` })).toBeVisible();
  await expect(row).toHaveCount(0);
  const [scheduled] = await apiCall<ScheduledItem[]>(
    page,
    'GET',
    `/api/schedule?personaId=${persona.id}&status=scheduled`,
  );
  expect(scheduled?.scheduledFor).toBe(mine?.scheduledFor);
  expect(scheduled?.autoSlot).not.toBeNull();
  // On the calendar: the post, marked as automation's, and the persona's later slots, planned apart from posts.
  const item = page.locator(`[data-testid="calendar-item"][data-item-id="${scheduled?.id}"]`);
  await expect(item).toContainText('auto');
  await expect(item).toContainText('Tick');
  await expect(page.getByTestId('planned-slots').first()).toContainText(/planned automated slots?/);
});
