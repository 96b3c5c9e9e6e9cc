import { RichText } from '@atproto/api';
import type { Persona, ScheduledItem } from '@plume/core';
import { apiCall, expect, signIn, test, uniqueEmail } from './fixtures';
import { blueskyPostsOf, createBlueskyAccount } from './peers';

test('a mention becomes a reply draft in the review queue; approved, it is posted under the mention and shows in the activity and the banner', async ({
  page,
}) => {
  // Switching replies on reads the account at once; after that the worker looks once a minute.
  test.setTimeout(240_000);
  await signIn(page, uniqueEmail('engage'));
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Echo', setup_complete: true });
  const echo = await createBlueskyAccount('echo');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: echo.handle,
    appPassword: echo.appPassword,
  });
  // This test runs at any hour: no waking-hours wait, no cooldown.
  const safety = { ...persona.automation.safety, humanLikePatterns: false, cooldownPeriods: false };
  const autoReplies = { ...persona.automation.autoReplies, responseRate: 80 };
  await apiCall(page, 'PUT', `/api/personas/${persona.id}`, {
    automation: { ...persona.automation, safety, autoReplies },
  });

  // Someone asks the persona something. The response rate answers 80% of mentions: a mention the
  // sample passes over is asked again (each is considered once), until one is answered.
  const bob = await createBlueskyAccount('bob');
  const mentions: string[] = [];
  const ask = async () => {
    const rich = new RichText({ text: `@${echo.handle} how do you plan a week of posts? (${mentions.length + 1})` });
    await rich.detectFacets(bob.agent);
    const { uri } = await bob.agent.post({ text: rich.text, facets: rich.facets, createdAt: new Date().toISOString() });
    mentions.push(uri);
  };
  await ask();

  // Smart Auto-Replies on, in the tab: the persona's account is read at once, and the mention of a
  // moment ago is considered.
  await page.goto(`/editor/${persona.id}?tab=automation`);
  await page.getByRole('switch', { name: 'Smart Auto-Replies' }).click();
  await expect(page.getByRole('switch', { name: 'Smart Auto-Replies' })).toBeChecked();
  const drafts = async () =>
    apiCall<ScheduledItem[]>(page, 'GET', `/api/schedule?personaId=${persona.id}&status=pending_review`);
  await expect(async () => {
    const found = await drafts();
    if (found.length === 0) {
      const plan = await apiCall<{ log: { event: string }[] }>(
        page,
        'GET',
        `/api/personas/${persona.id}/automation/plan`,
      );
      const passed = plan.log.filter((e) => e.event === 'passed').length;
      if (passed >= mentions.length) await ask();
      // A save of the automation reads the account at once, not at its next check (two minutes
      // on Bluesky): a read that came before the AppView had the mention, or a pass-over, costs 5 s.
      const saved = await apiCall<Persona>(page, 'GET', `/api/personas/${persona.id}`);
      await apiCall(page, 'PUT', `/api/personas/${persona.id}`, { automation: saved.automation });
    }
    expect(found).toHaveLength(1);
  }).toPass({ timeout: 180_000, intervals: [5_000] });
  const [draft] = await drafts();

  // In the review queue: the reply, and the post it answers.
  await page.goto('/calendar');
  const row = page.locator(`[data-testid="review-item"][data-item-id="${draft?.id}"]`);
  await expect(row.getByTestId('reply-context')).toContainText(`Reply to @${bob.handle}`);
  await expect(row.getByTestId('reply-context')).toContainText('how do you plan a week of posts?');
  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = page.getByRole('dialog', { name: 'Approve and schedule' });
  // Now (or, its time passed, its own time, which says it is now): a reply is a conversation.
  await approve.getByRole('radio', { name: /^Now/ }).check();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);

  // Posted once, under the mention it answers.
  await expect(async () => {
    const posts = await blueskyPostsOf(echo.did);
    expect(posts).toHaveLength(1);
    const reply = posts[0]?.reply as { parent?: { uri: string } } | undefined;
    expect(mentions).toContain(reply?.parent?.uri);
    expect(posts[0]?.text).toBe(draft?.content);
  }).toPass({ timeout: 30_000 });

  // The tab's activity says what automation did, and the banner counts the reply.
  await page.goto(`/editor/${persona.id}?tab=automation`);
  await expect(page.getByRole('term').filter({ hasText: 'Replies published today' }).locator('xpath=..')).toContainText(
    '1',
  );
  await page.getByText('What automation did').click();
  await expect(page.getByTestId('automation-log')).toContainText(`Wrote a reply to a mention from @${bob.handle}`);
});

test('the Mentions tab shows a mention automation skipped, with the reason, and answers it by hand as a reply to it', async ({
  page,
}) => {
  // The account is read when replies are switched on; a mention not indexed by then is read at the next look (2 minutes).
  test.setTimeout(240_000);
  await signIn(page, uniqueEmail('inbox'));
  const persona = await apiCall<Persona>(page, 'POST', '/api/personas', { name: 'Inbox', setup_complete: true });
  const ink = await createBlueskyAccount('ink');
  await apiCall(page, 'POST', `/api/personas/${persona.id}/accounts/bluesky/app-password`, {
    handle: ink.handle,
    appPassword: ink.appPassword,
  });
  const cai = await createBlueskyAccount('cai');
  const rich = new RichText({ text: `@${ink.handle} what should I read next?` });
  await rich.detectFacets(cai.agent);
  const mention = await cai.agent.post({ text: rich.text, facets: rich.facets, createdAt: new Date().toISOString() });
  await expect(async () => {
    const { data } = await ink.agent.app.bsky.notification.listNotifications({ limit: 10 });
    expect(data.notifications.length).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  // Replies on, at no more than 0 an hour: every mention is skipped, and the inbox says why.
  const safety = { ...persona.automation.safety, humanLikePatterns: false, cooldownPeriods: false };
  const autoReplies = { ...persona.automation.autoReplies, enabled: true, maxRepliesPerHour: 0 };
  await apiCall(page, 'PUT', `/api/personas/${persona.id}`, {
    automation: { ...persona.automation, safety, autoReplies },
  });

  await page.goto(`/editor/${persona.id}?tab=mentions`);
  const row = page.getByRole('listitem', { name: new RegExp(`@${cai.handle}`) });
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('mention-outcome')).toContainText('Skipped: ', { timeout: 2_000 });
  }).toPass({ timeout: 170_000, intervals: [3_000] });
  await expect(row).toContainText('what should I read next?');

  await row.getByRole('button', { name: 'Reply by hand' }).click();
  await row.getByRole('textbox', { name: `Your reply to @${cai.handle}` }).fill('Start with The Mythical Man-Month.');
  await row.getByRole('button', { name: 'Send reply' }).click();
  await expect(row.getByTestId('mention-outcome')).toContainText('You replied');
  await expect(async () => {
    const posts = await blueskyPostsOf(ink.did);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.text).toBe('Start with The Mythical Man-Month.');
    expect((posts[0]?.reply as { parent?: { uri: string } } | undefined)?.parent?.uri).toBe(mention.uri);
  }).toPass({ timeout: 30_000 });
});
