import type { Persona } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';
import { createBlueskyAccount } from './peers';

test('a connection that breaks raises the unread dot; the list links to the fix and marks all read', async ({
  page,
}) => {
  // A connection that breaks queues the notices job at once (its every-minute run, up to about 70 s
  // away, is the fallback this test must not need: the wait below is shorter than it).
  test.setTimeout(60_000);
  await signIn(page, uniqueEmail('alerts'));
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Wren', setup_complete: true });
  const bluesky = await createBlueskyAccount('alerts');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: bluesky.handle,
    appPassword: bluesky.appPassword,
  });
  await page.goto('/notifications');
  await expect(page.getByText('No notifications yet.')).toBeVisible();
  const rail = page.getByRole('navigation', { name: 'Main' });
  await expect(rail.getByTestId('unread-dot')).toHaveCount(0);

  // Bluesky stops accepting the app password; the next post finds out and the account breaks.
  await bluesky.agent.com.atproto.server.revokeAppPassword({ name: 'plume' });
  const refused = await page.request.post(`/api/personas/${persona.id}/post`, {
    data: { platform: 'bluesky', content: 'Still here?' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(502);

  const notification = page.getByTestId('notification');
  await expect(async () => {
    await page.reload();
    await expect(notification).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await expect(rail.getByTestId('unread-dot')).toHaveCount(1);
  await expect(rail.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(page.getByText('1 unread')).toBeVisible();
  await expect(notification).toHaveAttribute('data-read', 'false');
  await expect(notification).toContainText("Wren's Bluesky connection needs attention");
  await expect(notification).toContainText(`Reconnect @${bluesky.handle} in the Accounts tab`);

  // The notification leads to the persona's accounts, and opening it marks it read.
  await notification.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/editor/${persona.id}\\?tab=accounts`));
  await expect(rail.getByTestId('unread-dot')).toHaveCount(0);
  await page.goto('/notifications');
  await expect(notification).toHaveAttribute('data-read', 'true');
  await expect(page.getByText('Everything is read.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});
