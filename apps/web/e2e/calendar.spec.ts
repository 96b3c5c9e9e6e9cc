import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import {
  addDays,
  type CalendarDate,
  dateKey,
  instantFromInputs,
  localDateOf,
  moveToDay,
  nextFreeSlot,
  type Persona,
  type ScheduledItem,
} from '@plume/core';
import { apiCall, expect, expectNoViolations, signIn, test, uniqueEmail } from './fixtures';
import { createBlueskyAccount } from './peers';

/*
 * Scheduling against the real server and a real local Bluesky PDS (a post can only be scheduled to
 * a connected account). The browser runs in New York, so every time on screen is a New York time
 * while the server stores UTC; the offline composer writes the posts (no AI_* is set).
 */
const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });
// Each test connects a Bluesky account on the local PDS and writes posts: more than the default 30 s on two busy cores.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('calendar'));
});

/** A persona with a Bluesky account connected through the real app-password route. */
async function personaWithBluesky(page: Page, name: string): Promise<Persona> {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name, setup_complete: true });
  const account = await createBlueskyAccount('cal');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: account.handle,
    appPassword: account.appPassword,
  });
  return persona;
}

/** A toast saying exactly `text` (the legend also says 'Scheduled'). */
const toastSays = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });
const schedule = (page: Page, query = '') => apiCall<ScheduledItem[]>(page, 'GET', `/api/schedule${query}`);
const today = () => localDateOf(new Date(), ZONE);
const dayCell = (page: Page, day: CalendarDate) =>
  page.locator(`[data-testid="calendar-day"][data-date="${dateKey(day)}"]`);

/** Today, then Next until the view holds the day (a day two or three days on may be in the next week or month). */
async function showDay(page: Page, day: CalendarDate): Promise<Locator> {
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  // The days show once the first window has loaded; later windows replace them at once.
  await expect(page.getByTestId(/^(month-grid|week-view)$/)).toBeVisible();
  const cell = dayCell(page, day);
  const firstDay = page.getByTestId('calendar-day').first();
  for (let i = 0; i < 2 && (await cell.count()) === 0; i += 1) {
    // Counted again only once the next window's days show (its first day changed): a count taken
    // before they rendered would click Next once too often and step past the day.
    const before = await firstDay.getAttribute('data-date');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(firstDay).not.toHaveAttribute('data-date', before ?? '');
  }
  await expect(cell).toBeVisible();
  return cell;
}

async function generate(page: Page, personaId: string) {
  await page.goto(`/advanced/${personaId}`);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const cards = page.getByTestId('generated-post');
  await expect(cards).toHaveCount(3);
  return cards;
}

test('a post scheduled from the generator is on the calendar in both views, moves by dragging and is canceled', {
  tag: '@database',
}, async ({ page }) => {
  const persona = await personaWithBluesky(page, 'Calendar Poet');
  const cards = await generate(page, persona.id);
  const text = await cards.first().getByRole('textbox').first().inputValue();

  await cards.first().getByRole('button', { name: 'Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Post' });
  await expect(dialog).toBeVisible();
  // The spec's defaults: the post's text, Bluesky, one hour ahead in the user's zone.
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveValue(text);
  await expect(dialog.getByRole('radio', { name: 'Bluesky' })).toBeChecked();
  await expect(dialog.getByText(`Times in ${ZONE}`)).toBeVisible();
  const inAnHour = Date.now() + 60 * 60_000;
  const shown = instantFromInputs(
    await dialog.getByLabel('Date', { exact: true }).inputValue(),
    await dialog.getByLabel('Time', { exact: true }).inputValue(),
    ZONE,
  );
  expect(Math.abs((shown?.getTime() ?? 0) - inAnHour)).toBeLessThan(2 * 60_000);

  // Two days on, or three when that is a Saturday: the drag to the next day below stays in the
  // month grid's row (the next row may be below the fold, and a drag does not scroll the page).
  const twoOn = addDays(today(), 2);
  const saturday = new Date(Date.UTC(twoOn.year, twoOn.month - 1, twoOn.day)).getUTCDay() === 6;
  const day = saturday ? addDays(today(), 3) : twoOn;
  await dialog.getByLabel('Date', { exact: true }).fill(dateKey(day));
  await dialog.getByLabel('Time', { exact: true }).fill('10:30');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(toastSays(page, 'Scheduled')).toBeVisible();
  await expect(dialog).toBeHidden();

  const at = instantFromInputs(dateKey(day), '10:30', ZONE);
  const [stored] = await schedule(page, '?status=scheduled');
  expect(stored).toMatchObject({
    personaId: persona.id,
    personaName: 'Calendar Poet',
    platform: 'bluesky',
    content: text,
    status: 'scheduled',
    scheduledFor: at?.toISOString(),
  });

  // The calendar, from the navigation: the month view.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Content Calendar', level: 1 })).toBeVisible();
  await expect(page.getByTestId('time-zone')).toHaveText(`Times in ${ZONE}`);
  let cell = await showDay(page, day);
  const item = cell.getByTestId('calendar-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('10:30');
  await expect(item).toContainText('Calendar Poet');
  await expect(item).toHaveAttribute('data-status', 'scheduled');
  await expect(page.getByTestId('persona-legend')).toContainText('Calendar Poet');

  // The upcoming-posts tooltip lists it.
  await page.getByTestId('upcoming-trigger').hover();
  await expect(page.getByRole('tooltip')).toContainText('Calendar Poet on Bluesky');

  // The week view.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByTestId('week-view')).toBeVisible();
  cell = await showDay(page, day);
  await expect(cell.getByTestId('calendar-item')).toContainText('10:30');

  // Dragged to the next day in the month view, it keeps 10:30 there.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  cell = await showDay(page, day);
  const target = addDays(day, 1);
  await cell.getByTestId('calendar-item').dragTo(dayCell(page, target));
  await expect(toastSays(page, 'Event scheduled')).toBeVisible();
  await expect(dayCell(page, target).getByTestId('calendar-item')).toContainText('10:30');
  await expect(dayCell(page, day).getByTestId('calendar-item')).toHaveCount(0);
  const moved = moveToDay(at ?? new Date(), target, ZONE);
  expect((await schedule(page, '?status=scheduled'))[0]?.scheduledFor).toBe(moved.toISOString());

  // Opened, it shows its new date; canceled after the spec's question.
  await dayCell(page, target).getByTestId('calendar-item').click();
  const opened = page.getByRole('dialog', { name: 'Calendar Poet on Bluesky' });
  await expect(opened.getByLabel('Date', { exact: true })).toHaveValue(dateKey(target));
  await expect(opened.getByLabel('Time', { exact: true })).toHaveValue('10:30');
  await opened.getByRole('button', { name: 'Cancel event' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel event' });
  await expect(confirm).toContainText('Cancel this event?');
  // Each button says what it does: no "Cancel" beside "Cancel event".
  await expect(confirm.getByRole('button')).toHaveText(['Keep event', 'Cancel event']);
  await confirm.getByRole('button', { name: 'Cancel event' }).click();
  await expect(toastSays(page, 'Event canceled')).toBeVisible();
  await expect(page.getByTestId('calendar-item')).toHaveCount(0);
  expect((await schedule(page, '?status=canceled')).map((i) => i.id)).toEqual([stored?.id]);
});

test('the edit dialog moves a post to another day from the keyboard', { tag: '@database' }, async ({ page }) => {
  const persona = await personaWithBluesky(page, 'Keyboard');
  const day = addDays(today(), 3);
  const at = instantFromInputs(dateKey(day), '08:15', ZONE) ?? new Date();
  await apiCall(page, 'POST', '/api/schedule', {
    personaId: persona.id,
    platform: 'bluesky',
    content: 'Moved without a mouse',
    runAt: at.toISOString(),
  });
  await page.goto('/calendar');
  const cell = await showDay(page, day);
  await cell.getByTestId('calendar-item').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Keyboard on Bluesky' });
  const target = addDays(day, 1);
  await dialog.getByLabel('Date', { exact: true }).fill(dateKey(target));
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastSays(page, 'Event scheduled')).toBeVisible();
  expect((await schedule(page))[0]?.scheduledFor).toBe(moveToDay(at, target, ZONE).toISOString());
});

test("the Schedule Post dialog shows the spec's messages beside their fields, and the server's reasons", {
  tag: '@database',
}, async ({ page, consoleErrors }) => {
  const persona = await personaWithBluesky(page, 'Checker');
  const cards = await generate(page, persona.id);
  await cards.first().getByRole('button', { name: 'Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Post' });

  // Checked before anything is sent.
  await dialog.getByRole('textbox', { name: 'Content' }).fill('   ');
  await dialog.getByLabel('Date', { exact: true }).fill(dateKey(addDays(today(), -1)));
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  const alerts = dialog.getByRole('alert');
  await expect(alerts).toHaveText(['Content is required', 'Date must be in the future']);
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await schedule(page)).toEqual([]);

  // The server's 400 lands on its field: too long for Bluesky.
  await dialog.getByRole('textbox', { name: 'Content' }).fill('a'.repeat(301));
  await dialog.getByLabel('Date', { exact: true }).fill(dateKey(addDays(today(), 1)));
  await expect(dialog.getByText('Bluesky 301/300 · too long')).toBeVisible();
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toHaveText('content: too long for Bluesky (301/300)');
  await expect(toastSays(page, 'Failed to schedule')).toBeVisible();

  // X has no connected account: the server's 409 says so.
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Short enough');
  await dialog.getByRole('radio', { name: 'X', exact: true }).check();
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(alerts).toHaveText(/No X account is connected to this persona/);
  expect(await schedule(page)).toEqual([]);
  expect(consoleErrors).toEqual([
    expect.stringContaining('400 (Bad Request)'),
    expect.stringContaining('409 (Conflict)'),
  ]);
  consoleErrors.length = 0;
});

test('drafts sent to review are edited, approved to the queue, or rejected', { tag: '@database' }, async ({ page }) => {
  const persona = await personaWithBluesky(page, 'Reviewer');
  const cards = await generate(page, persona.id);
  for (const i of [0, 1]) {
    await cards.nth(i).getByRole('button', { name: 'Send to review' }).click();
    await expect(cards.nth(i).getByRole('button', { name: 'Sent to review' })).toBeDisabled();
  }
  await expect.poll(async () => (await schedule(page, '?status=pending_review')).length).toBe(2);

  await page.goto('/calendar');
  const queue = page.getByRole('list', { name: 'Drafts waiting for review' });
  const rows = queue.getByTestId('review-item');
  await expect(rows).toHaveCount(2);

  // Edited in place.
  await rows.first().getByRole('button', { name: 'Edit' }).click();
  await rows.first().getByRole('textbox', { name: 'Draft text' }).fill('Reviewed and improved');
  await rows.first().getByRole('button', { name: 'Save' }).click();
  await expect(toastSays(page, 'Draft saved')).toBeVisible();
  await expect(rows.first().getByTestId('review-content')).toHaveText('Reviewed and improved');

  // Approved to the persona's next free slot.
  await rows.first().getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve and schedule' });
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveValue('Reviewed and improved');
  await dialog.getByRole('radio', { name: 'Add to queue' }).check();
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveCount(0);
  const expected = nextFreeSlot(persona.automation.autoPosting, [], new Date(), ZONE);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toastSays(page, 'Scheduled')).toBeVisible();
  await expect(rows).toHaveCount(1);
  const [approved] = await schedule(page, '?status=scheduled');
  expect(approved).toMatchObject({ content: 'Reviewed and improved', status: 'scheduled' });
  expect(Date.parse(approved?.scheduledFor ?? '')).toBeGreaterThan(Date.now());
  // No zone is saved yet: the slot is the persona's posting time in the browser's zone, not in UTC.
  const wallClock = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(at);
  expect(wallClock(new Date(approved?.scheduledFor ?? ''))).toBe(wallClock(expected ?? new Date(0)));

  // Rejected after confirming.
  await rows.first().getByRole('button', { name: 'Reject' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reject draft' });
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(toastSays(page, 'Draft rejected')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('Nothing to review.')).toBeVisible();
  expect(await schedule(page, '?status=pending_review')).toEqual([]);
});

test('the Review page: the nav counts drafts waiting; j and r ask to reject one, and the rest are approved together', async ({
  page,
}) => {
  const persona = await personaWithBluesky(page, 'Bulk');
  for (const content of ['First to review', 'Second to review', 'Third to review']) {
    await apiCall(page, 'POST', '/api/review', { personaId: persona.id, platform: 'bluesky', content });
  }
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Review, 3 drafts waiting' })).toBeVisible();
  await nav.getByRole('link', { name: 'Review, 3 drafts waiting' }).click();
  await expect(page.getByRole('heading', { name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByTestId('review-shortcuts')).toContainText('approve');
  const rows = page.getByRole('list', { name: 'Drafts waiting for review' }).getByTestId('review-item');
  await expect(rows).toHaveCount(3);

  // Keys: j goes to the first, r asks before rejecting it.
  await page.keyboard.press('j');
  await expect(rows.first()).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('r');
  await page.getByRole('alertdialog', { name: 'Reject draft' }).getByRole('button', { name: 'Reject' }).click();
  await expect(rows).toHaveCount(2);
  await expect(nav.getByRole('link', { name: 'Review, 2 drafts waiting' })).toBeVisible();

  // The rest together: no time of their own, so each takes a free posting slot of its own.
  await page.getByRole('checkbox', { name: /^Select all/ }).check();
  await page.getByRole('button', { name: 'Approve selected (2)' }).click();
  await expect(toastSays(page, '2 drafts approved')).toBeVisible();
  await expect(page.getByText('Nothing to review.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Review', exact: true })).toBeVisible();
  const approved = await schedule(page, '?status=scheduled');
  expect(approved.map((p) => p.content).sort()).toEqual(['Second to review', 'Third to review']);
  expect(new Set(approved.map((p) => p.scheduledFor)).size).toBe(2);
});

test('the Review page loads more drafts as the list is scrolled, and selects all that are loaded', async ({ page }) => {
  const persona = await personaWithBluesky(page, 'Pages');
  // One more than a page (50, decision 044-list-paging) and a few.
  for (let n = 1; n <= 53; n += 1) {
    await apiCall(page, 'POST', '/api/review', { personaId: persona.id, platform: 'bluesky', content: `Draft ${n}` });
  }
  await page.goto('/review');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Review, 53 drafts waiting' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Drafts waiting for review' }).getByTestId('review-item');
  await expect(rows).toHaveCount(50);
  await expect(page.getByRole('checkbox', { name: 'Select all loaded (50)' })).toBeVisible();
  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(53);
  await expect(rows.last()).toContainText('Draft 53');
  await expect(page.getByTestId('load-more')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select all loaded (53)' })).toBeVisible();
});

test('a flagged draft shows its reason in the review queue, and the offline badge leads to Global Settings in one click', async ({
  page,
}) => {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Flagged', setup_complete: true });
  const cards = await generate(page, persona.id);
  // The offline composer wrote them: the studio says so, with the way to a model.
  await expect(page.getByTestId('writer-note').getByTestId('offline-badge')).toBeVisible();
  const text = await cards.first().getByRole('textbox').first().inputValue();
  // The same words already wait for review (sent a moment ago from elsewhere).
  const earlier = await apiCall<ScheduledItem>(page, 'POST', '/api/review', {
    personaId: persona.id,
    platform: 'bluesky',
    content: text,
    writer: 'offline',
  });
  await cards.first().getByRole('button', { name: 'Send to review' }).click();
  await expect(cards.first().getByRole('button', { name: 'Sent to review' })).toBeDisabled();

  await page.goto('/calendar');
  const rows = page.getByRole('list', { name: 'Drafts waiting for review' }).getByTestId('review-item');
  await expect(rows).toHaveCount(2);
  const flagged = rows.filter({ has: page.getByTestId('draft-flags') });
  await expect(flagged).toHaveCount(1);
  // No zone saved: the date reads in UTC.
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(earlier.createdAt),
  );
  await expect(flagged.getByTestId('draft-flag')).toHaveText(`repeats your draft of ${day} waiting for review`);
  await expect(rows.getByTestId('offline-badge')).toHaveCount(2);
  await expectNoViolations(page);

  await flagged.getByRole('link', { name: 'set up a model' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Global Settings' })).toBeVisible();
  // Plume looked for a model on this machine (none answers at OLLAMA_URL here) and says what to do.
  await expect(page.getByTestId('local-models-message')).toContainText('No Ollama server answered at');
});

test('the dashboard bulk bar schedules one post for each selected persona', { tag: '@database' }, async ({ page }) => {
  await personaWithBluesky(page, 'Bulk One');
  await personaWithBluesky(page, 'Bulk Two');
  await page.goto('/dashboard');
  await page.getByRole('checkbox', { name: 'Select Bulk One' }).check();
  await page.getByRole('checkbox', { name: 'Select Bulk Two' }).check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Post' });
  await expect(dialog).toContainText(/For Bulk (One|Two), Bulk (One|Two) \(one post each\)/);
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Hello from both');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(toastSays(page, 'Scheduled')).toBeVisible();
  const items = await schedule(page, '?status=scheduled');
  expect(items.map((i) => i.personaName).sort()).toEqual(['Bulk One', 'Bulk Two']);
  expect(new Set(items.map((i) => i.content))).toEqual(new Set(['Hello from both']));
});

test('the time zone is chosen on the calendar and saved to the account', { tag: '@database' }, async ({ page }) => {
  const persona = await personaWithBluesky(page, 'Zoned');
  const day = addDays(today(), 2);
  const at = instantFromInputs(dateKey(day), '09:00', ZONE) ?? new Date();
  await apiCall(page, 'POST', '/api/schedule', {
    personaId: persona.id,
    platform: 'bluesky',
    content: 'Across the world',
    runAt: at.toISOString(),
  });
  await page.goto('/calendar?view=week');
  await expect(page.getByTestId('time-zone')).toHaveText(`Times in ${ZONE}`);
  await expect((await showDay(page, day)).getByTestId('calendar-item')).toContainText('09:00');
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await expect(page.getByTestId('time-zone')).toHaveText('Times in Asia/Tokyo');
  expect(await apiCall(page, 'GET', '/api/me/preferences')).toEqual({ timeZone: 'Asia/Tokyo' });
  // 09:00 in New York is 22:00 or 23:00 in Tokyo, on the same day.
  await expect(page.locator(`[data-item-id]`)).toContainText(/2[23]:00/);
  await page.getByLabel('Time zone').selectOption({ index: 0 });
  await expect(page.getByTestId('time-zone')).toHaveText(`Times in ${ZONE}`);
  expect(await apiCall(page, 'GET', '/api/me/preferences')).toEqual({ timeZone: null });
});

test('at 375 px the month is a list of the days that have posts', { tag: '@database' }, async ({ page }) => {
  const persona = await personaWithBluesky(page, 'Pocket');
  const day = addDays(today(), 1);
  await apiCall(page, 'POST', '/api/schedule', {
    personaId: persona.id,
    platform: 'bluesky',
    content: 'Small screens too',
    runAt: instantFromInputs(dateKey(day), '12:00', ZONE)?.toISOString(),
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/calendar?date=${dateKey(day)}`);
  await expect(page.getByTestId('month-grid')).toHaveCount(0);
  const list = page.getByTestId('month-list');
  await expect(list.getByTestId('calendar-day')).toHaveCount(1);
  await expect(dayCell(page, day).getByTestId('calendar-item')).toContainText('Small screens too');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no violations on the calendar and in its dialogs in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const persona = await personaWithBluesky(page, `Axe ${theme}`);
    const day = addDays(today(), 1);
    for (const time of ['09:00', '10:00', '11:00']) {
      await apiCall(page, 'POST', '/api/schedule', {
        personaId: persona.id,
        platform: 'bluesky',
        content: `Post at ${time}`,
        runAt: instantFromInputs(dateKey(day), time, ZONE)?.toISOString(),
      });
    }
    await apiCall(page, 'POST', '/api/review', { personaId: persona.id, platform: 'bluesky', content: 'In review' });
    await page.goto('/calendar');
    const cell = await showDay(page, day);
    await expect(cell.getByTestId('calendar-item')).toHaveCount(2);
    await expectNoViolations(page);
    // '+1 more' opens the day's whole list.
    await cell.getByRole('button', { name: '+1 more' }).click();
    const list = page.getByTestId('day-list');
    await expect(list.getByTestId('calendar-item')).toHaveCount(3);
    await expectNoViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await showDay(page, day);
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Schedule post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Post' });
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(dialog.getByRole('alert').first()).toBeVisible();
    await expectNoViolations(page);
    await page.keyboard.press('Escape');

    await page.getByTestId('calendar-item').first().click();
    await expect(page.getByTestId('item-dialog')).toBeVisible();
    await expectNoViolations(page);
  });
}

test('a scheduled post shows its link card, which can be removed', { tag: '@database' }, async ({ page }) => {
  // A page to link to, on this machine (Plume reaches loopback here), and its https picture served by the browser's route.
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(
      `<html><head><meta property="og:title" content="Why cards matter">
        <meta property="og:description" content="A post with a link shows what it links to: a title, a line, a picture.">
        <meta property="og:image" content="https://cards.example/pic.png"></head></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const link = `http://127.0.0.1:${(site.address() as AddressInfo).port}/why-cards`;
  await page.route('https://cards.example/pic.png', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: CARD_PICTURE }),
  );
  try {
    const persona = await personaWithBluesky(page, 'Card Poet');
    const runAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const item = await apiCall<ScheduledItem>(page, 'POST', '/api/schedule', {
      personaId: persona.id,
      platform: 'bluesky',
      content: `Worth reading: ${link}`,
      runAt,
    });
    expect(item.parts[0]?.link?.title).toBe('Why cards matter');
    await page.goto('/calendar');
    const cell = await showDay(page, localDateOf(new Date(runAt), ZONE));
    await cell.getByTestId('calendar-item').click();
    const opened = page.getByRole('dialog', { name: 'Card Poet on Bluesky' });
    const card = opened.getByRole('region', { name: 'Link card of Content' });
    await expect(card).toContainText('Why cards matter');
    await expect(card).toContainText('127.0.0.1 · card on Bluesky');
    await expect(card.locator('img')).toHaveAttribute('alt', '');
    if (process.env.LINK_CARD_SHOTS) {
      await card.screenshot({ path: `${process.env.LINK_CARD_SHOTS}/card-dark.png` });
      // Light, 375 px wide: the same dialog, the theme's class taken off the page.
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(card).toBeVisible();
      await opened.screenshot({ path: `${process.env.LINK_CARD_SHOTS}/card-light-375.png` });
    }
    await card.getByRole('button', { name: 'Remove card of Content' }).click();
    await expect(card).toHaveCount(0);
    await opened.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await schedule(page))[0]?.parts[0]?.link).toBeNull();
  } finally {
    site.close();
  }
});

const CARD_PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#7c3aed"/><circle cx="32" cy="32" r="14" fill="#fde68a"/></svg>';
