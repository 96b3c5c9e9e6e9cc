import type { Page, Request } from '@playwright/test';
import type { Persona } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';
import { blueskyPostsOf, createBlueskyAccount } from './peers';

/*
 * Post now is once per click, whatever the timing (issue 27): a double-click on Post publishes
 * once and never reads as a failure, and the same text again within ten minutes asks first.
 * Against the real server and a real Bluesky PDS on loopback (start-peers.ts).
 */

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('once'));
});

/** A persona with a Bluesky account connected by app password, in the writing studio with three posts written. */
async function studioWithBluesky(page: Page) {
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', {
    name: 'Once',
    is_active: false,
    setup_complete: true,
  });
  const bluesky = await createBlueskyAccount('once');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: bluesky.handle,
    appPassword: bluesky.appPassword,
  });
  await page.goto(`/advanced/${persona.id}`);
  await page.getByRole('checkbox', { name: 'X' }).uncheck();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const cards = page.getByTestId('generated-post');
  await expect(cards).toHaveCount(3);
  // The post requests the page sends, and how many have been answered.
  const sent: Request[] = [];
  const answered = new Set<Request>();
  const isPost = (r: Request) => r.url().endsWith(`/api/personas/${persona.id}/post`);
  page.on('request', (r) => {
    if (isPost(r)) sent.push(r);
  });
  const answer = (r: Request) => {
    if (isPost(r)) answered.add(r);
  };
  page.on('requestfinished', answer);
  page.on('requestfailed', answer);
  /** The requests sent since the last call, once every one has been answered. */
  const settled = async () => {
    await expect.poll(() => sent.length > 0 && sent.every((r) => answered.has(r))).toBe(true);
    return sent.splice(0);
  };
  return { persona, bluesky, cards, settled };
}

test('a double-click on Post publishes once and never says Post failed', { tag: '@database' }, async ({ page }) => {
  const { bluesky, cards, settled } = await studioWithBluesky(page);
  const first = cards.first();
  const text = await first.getByRole('textbox').inputValue();
  const button = first.getByTestId('post-button');
  await expect(button).toHaveText('Post to Bluesky');

  await button.dblclick();
  await expect(page.getByText('Posted to Bluesky')).toBeVisible();
  await expect(button).toHaveText('Posted');
  await expect(button).toBeDisabled();
  // The button was busy from the first click on: one request, with the click's key.
  const requests = await settled();
  expect(await Promise.all(requests.map((r) => r.headerValue('idempotency-key')))).toEqual([
    expect.stringMatching(/^[\w-]{16,}$/),
  ]);
  await expect(page.getByText(/Post failed/)).toHaveCount(0);
  expect((await blueskyPostsOf(bluesky.did)).map((p) => p.text)).toEqual([text]);
});

test('the same text again within ten minutes asks Post it again? first', { tag: '@database' }, async ({
  page,
  consoleErrors,
}) => {
  const { bluesky, cards, settled } = await studioWithBluesky(page);
  const first = cards.first();
  const text = await first.getByRole('textbox').inputValue();
  await first.getByTestId('post-button').click();
  await expect(page.getByText('Posted to Bluesky')).toBeVisible();
  await settled();

  // Another card given the same text: Post asks before sending it again.
  const second = cards.nth(1);
  await second.getByRole('textbox').fill(text);
  const button = second.getByTestId('post-button');
  await button.click();
  const dialog = page.getByRole('alertdialog', { name: 'Post it again?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('went out to Bluesky');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toHaveText('Post to Bluesky');
  await expect(button).toBeEnabled();
  await settled();
  expect(await blueskyPostsOf(bluesky.did)).toHaveLength(1);

  await button.click();
  await dialog.getByRole('button', { name: 'Post again' }).click();
  await expect(button).toHaveText('Posted');
  const requests = await settled();
  // Asked, then confirmed: two requests, each click its own key.
  expect(requests.map((r) => r.postDataJSON()?.confirmDuplicate ?? false)).toEqual([false, true]);
  expect(new Set(await Promise.all(requests.map((r) => r.headerValue('idempotency-key')))).size).toBe(2);
  await expect(page.getByText(/Post failed/)).toHaveCount(0);
  expect((await blueskyPostsOf(bluesky.did)).map((p) => p.text)).toEqual([text, text]);
  // The browser logs each answer that asked first (409) itself.
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining('409'), expect.stringContaining('409')]);
});
