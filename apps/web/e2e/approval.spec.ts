import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Persona, type ScheduledItem, WORKSPACE_HEADER, type Workspace } from '@plume/core';
import { expect, signIn, test, uniqueEmail } from './fixtures';
import { blueskyPostsOf, createBlueskyAccount } from './peers';

/*
 * Approval that blocks (issue 33, decision 056-approval-that-blocks), as an agency uses it: the
 * owner invites its client as approver and its writer as editor and turns approval on; the
 * writer's post waits until the client approves it, and the post says who wrote and who approved it.
 */

// Three people, a Bluesky account on the local PDS and a post going out: more than 30 s on two busy cores.
test.describe.configure({ timeout: 90_000 });

/** The API as `page`'s signed-in user, in `workspaceId` when given (the header the web app sends). */
async function call<T>(
  request: APIRequestContext,
  method: string,
  path: string,
  options: { data?: unknown; workspaceId?: string; status?: number } = {},
): Promise<T> {
  const base = test.info().project.use.baseURL ?? '';
  const response = await request.fetch(`${base}${path}`, {
    method,
    data: options.data,
    headers: {
      origin: new URL(base).origin,
      ...(options.workspaceId ? { [WORKSPACE_HEADER]: options.workspaceId } : {}),
    },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(options.status ?? 200);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** A person in a browser of their own, signed in, with the full name the post's history shows. */
async function personIn(browser: Browser, prefix: string, fullName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await signIn(page, email);
  await call(page.request, 'PATCH', '/api/me/profile', { data: { fullName } });
  return { page, email, close: () => context.close() };
}

/** Opens the app in `workspaceId`, as the workspace switcher leaves it (localStorage `plume.workspace`). */
async function openWorkspace(page: Page, workspaceId: string, path: string) {
  await page.evaluate((id) => localStorage.setItem('plume.workspace', id), workspaceId);
  await page.goto(path);
}

test('an owner invites a client as approver and a writer as editor; the writer’s post waits until the client approves it, and shows both names', async ({
  page,
  browser,
}) => {
  await signIn(page, uniqueEmail('owner'));
  const carl = await personIn(browser, 'client', 'Carl Client');
  const eve = await personIn(browser, 'writer', 'Eve Writer');

  // The owner's agency workspace, its persona on Bluesky, and its two members.
  const workspace = await call<Workspace>(page.request, 'POST', '/api/workspaces', {
    data: { name: 'Agency' },
    status: 201,
  });
  const workspaceId = workspace.id;
  const persona = await call<Persona>(page.request, 'POST', '/api/personas', {
    data: { name: 'Brand', setup_complete: true },
    workspaceId,
    status: 201,
  });
  const account = await createBlueskyAccount('brand');
  await call(page.request, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    data: { handle: account.handle, appPassword: account.appPassword },
    workspaceId,
  });
  for (const [who, role] of [
    [carl, 'approver'],
    [eve, 'editor'],
  ] as const) {
    await call(page.request, 'POST', `/api/workspaces/${workspaceId}/invites`, {
      data: { email: who.email, role },
      status: 201,
    });
    const outbox = await call<{ to: string; url: string }[]>(page.request, 'GET', '/api/dev/outbox');
    const invitation = outbox.find((m) => m.to === who.email && m.url.includes('/join/'));
    const token = decodeURIComponent(invitation?.url.split('/join/')[1] ?? '');
    await call(who.page.request, 'POST', '/api/workspaces/join', { data: { token } });
  }
  await call(page.request, 'PATCH', `/api/workspaces/${workspaceId}`, { data: { needsApproval: true } });

  // The writer schedules a post: it waits for approval instead.
  const content = `Our autumn range is in ${Date.now()}`;
  const waiting = await call<ScheduledItem>(eve.page.request, 'POST', '/api/schedule', {
    data: {
      personaId: persona.id,
      platform: 'bluesky',
      content,
      runAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
    workspaceId,
    status: 201,
  });
  expect(waiting.status).toBe('pending_review');

  // The client opens the review queue in the agency's workspace, sees who wrote it, and approves it to go now.
  await openWorkspace(carl.page, workspaceId, '/review');
  const row = carl.page
    .getByRole('list', { name: 'Drafts waiting for review' })
    .getByTestId('review-item')
    .filter({ hasText: content });
  await expect(row.getByTestId('post-history')).toHaveText('Written by Eve Writer');
  await row.getByRole('button', { name: 'Approve and post now' }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(async () => (await blueskyPostsOf(account.did)).map((p) => p.text)).toEqual([content]);

  // On the calendar, the post says who wrote it and who approved it.
  await openWorkspace(carl.page, workspaceId, '/calendar');
  await carl.page.getByTestId('calendar-item').filter({ hasText: 'Brand' }).first().click();
  await expect(carl.page.getByTestId('post-history')).toHaveText(/^Written by Eve Writer · Approved by Carl Client, /);

  await carl.close();
  await eve.close();
});
