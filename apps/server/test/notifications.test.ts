import {
  type DevOutboxMessage,
  type InAppNotificationList,
  type NotificationSettings,
  type Persona,
  textPart,
} from '@plume/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAccounts, postMetrics, posts } from '../src/db/schema';
import { createDevMailer } from '../src/integrations/mail/dev-mailer';
import type { Mailer } from '../src/integrations/mail/mailer';
import { INBOX_SUGGESTIONS } from '../src/jobs/inbox';
import { SEND_NOTIFICATIONS } from '../src/jobs/notifications';
import { createAccountsRepository } from '../src/modules/accounts/accounts.repository';
import { createDevOutboxRepository } from '../src/modules/dev-outbox/dev-outbox.repository';
import { createInboxRepository } from '../src/modules/inbox/inbox.repository';
import { createNotificationsRepository } from '../src/modules/notifications/notifications.repository';
import { createNotificationsService } from '../src/modules/notifications/notifications.service';
import { createPostsRepository, type PostsRepository } from '../src/modules/publishing/posts.repository';
import { build, type TestServer } from './helpers/build';
import { type Client, createClient, readJson, signInThroughOutbox } from './helpers/client';
import { until } from './helpers/until';

let server: TestServer;
let postsRepo: PostsRepository;
let users = 0;

async function signedIn(): Promise<{ client: Client; email: string }> {
  users += 1;
  const email = `notify${users}.${Date.now()}@example.com`;
  const client = createClient(server.url);
  await signInThroughOutbox(client, email);
  return { client, email };
}

async function persona(client: Client, name: string): Promise<Persona> {
  return readJson<Persona>(
    await client.request('/api/personas', { method: 'POST', json: { name, is_active: false } }),
    201,
  );
}

/** The mail the dev mailer kept for `to`, leaving out the sign-in link. */
async function mailTo(to: string): Promise<DevOutboxMessage[]> {
  const outbox = await readJson<DevOutboxMessage[]>(await createClient(server.url).request('/api/dev/outbox'), 200);
  return outbox.filter((m) => m.to === to && !m.subject.includes('sign-in'));
}

/**
 * What the every-minute job runs, run here to the end, mailing through the same dev outbox. (The
 * server's own job may run too; each event is claimed once, whoever runs it.)
 */
function notifier(target: TestServer = server, mailer?: Mailer) {
  const { db } = target.app.database;
  const outbox = createDevOutboxRepository(db);
  return createNotificationsService({
    repository: createNotificationsRepository(db),
    inbox: createInboxRepository(db),
    mailer: mailer ?? createDevMailer((message) => outbox.add(message), target.app.log),
    appUrl: target.url,
    log: target.app.log,
  });
}
const runNotifications = () => notifier().sendPending();

/** The server's hourly job, run now and waited for. */
async function runSuggestions() {
  const id = await server.app.jobs.send(INBOX_SUGGESTIONS);
  await until(async () => {
    const job = await server.app.jobs.boss.getJobById(INBOX_SUGGESTIONS, id ?? '');
    if (job?.state === 'failed') throw new Error(`suggestions failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed' || undefined;
  });
}

/** A scheduled post taken through the real transitions to `outcome`. */
async function scheduledPost(personaId: string, content: string, outcome: 'posted' | 'failed' | 'unconfirmed') {
  const row = await postsRepo.insert({
    personaId,
    platform: 'bluesky',
    content,
    parts: [textPart(content)],
    status: 'scheduled',
    scheduledFor: new Date(Date.now() - 1000),
  });
  const claimed = await postsRepo.claim(row.id, new Date());
  expect(claimed).toMatchObject({ id: row.id });
  if (outcome === 'posted') await postsRepo.markPosted(row.id, ['at://x/1'], 'https://bsky.app/profile/x/post/1');
  else if (outcome === 'failed') await postsRepo.markFailed(row.id, 'The account refused the post');
  else await postsRepo.markUnconfirmed(row.id, 'No answer from Bluesky', []);
  return row.id;
}

beforeAll(async () => {
  server = await build();
  postsRepo = createPostsRepository(server.app.database.db);
});
afterAll(() => server?.close());

describe('notification e-mails', () => {
  it('mails a failed scheduled post to its owner once, and a published one only when asked', async () => {
    const { client, email } = await signedIn();
    const p = await persona(client, 'Notified');
    await scheduledPost(p.id, 'A post that will not go out', 'failed');
    await scheduledPost(p.id, 'A post that went out', 'posted');
    await runNotifications();
    let mail = await mailTo(email);
    // Post failed is on by default, post published is off.
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('A post of Notified could not be published on Bluesky');
    expect(mail[0]?.text).toContain('Reason: The account refused the post');
    expect(mail[0]?.text).toContain('A post that will not go out');
    expect(mail[0]?.url).toBe(`${server.url}/calendar`);

    // Running again tells nothing twice.
    await runNotifications();
    expect(await mailTo(email)).toHaveLength(1);

    const settings = await readJson<NotificationSettings>(await client.request('/api/me/notifications'), 200);
    await readJson(
      await client.request('/api/me/notifications', { method: 'PUT', json: { ...settings, postPublished: true } }),
      200,
    );
    await scheduledPost(p.id, 'Another post that went out', 'posted');
    await runNotifications();
    mail = await mailTo(email);
    expect(mail).toHaveLength(2);
    const published = mail.find((m) => m.subject === 'Notified posted to Bluesky');
    expect(published?.text).toContain('Another post that went out');
    expect(published?.url).toBe('https://bsky.app/profile/x/post/1');
  });

  it('says an unconfirmed post needs a decision, and tells the outcome of a retry afresh', async () => {
    const { client, email } = await signedIn();
    const p = await persona(client, 'Unsure');
    const id = await scheduledPost(p.id, 'Did this go out?', 'unconfirmed');
    await runNotifications();
    expect((await mailTo(email)).map((m) => m.subject)).toEqual(['Check a post of Unsure on Bluesky']);

    // The user retries: the post is scheduled again, claimed, and fails this time.
    await server.app.database.db
      .update(posts)
      .set({ status: 'scheduled', scheduledFor: new Date(Date.now() - 1000) })
      .where(eq(posts.id, id));
    await postsRepo.claim(id, new Date());
    await postsRepo.markFailed(id, 'Refused on retry');
    await runNotifications();
    const mail = await mailTo(email);
    expect(mail).toHaveLength(2);
    expect(mail.some((m) => m.text.includes('Reason: Refused on retry'))).toBe(true);
  });

  it('sends nothing for posts published with Post now, or when the owner turned the mail off', async () => {
    const { client, email } = await signedIn();
    const p = await persona(client, 'Quiet');
    const now = await postsRepo.insert({
      personaId: p.id,
      platform: 'x',
      content: 'Posted now',
      parts: [textPart('Posted now')],
      status: 'publishing',
    });
    await postsRepo.markFailed(now.id, 'Refused');
    // Post failed is on (the default), yet Post now's failure was answered on screen: no mail.
    await runNotifications();
    expect(await mailTo(email)).toEqual([]);
    await readJson(
      await client.request('/api/me/notifications', {
        method: 'PUT',
        json: { postFailed: false, postPublished: false, accountAttention: false, weeklySummary: false },
      }),
      200,
    );
    await scheduledPost(p.id, 'Failed while mails are off', 'failed');
    await runNotifications();
    expect(await mailTo(email)).toEqual([]);
  });

  it('mails when a connection breaks, once until it works again', async () => {
    const { client, email } = await signedIn();
    const p = await persona(client, 'Linked');
    const accounts = createAccountsRepository(server.app.database.db);
    const write = {
      personaId: p.id,
      platform: 'bluesky' as const,
      externalId: 'did:plc:notify',
      username: 'linked.test',
      displayName: 'Linked',
      avatarUrl: null,
      authMethod: 'app_password' as const,
      credentials: null,
      followers: 0,
    };
    const row = await accounts.upsert(write);
    await accounts.markError(row.id, 'The app password was revoked');
    await runNotifications();
    let mail = await mailTo(email);
    expect(mail.map((m) => m.subject)).toEqual(["Linked's Bluesky connection needs attention"]);
    expect(mail[0]?.text).toContain('@linked.test');
    expect(mail[0]?.url).toBe(`${server.url}/editor/${p.id}?tab=accounts`);

    await runNotifications();
    expect(await mailTo(email)).toHaveLength(1);

    // Reconnected, then broken again: told again.
    await accounts.upsert(write);
    const [active] = await server.app.database.db
      .select({ mark: platformAccounts.attentionNotifiedAt })
      .from(platformAccounts)
      .where(eq(platformAccounts.id, row.id));
    expect(active?.mark).toBeNull();
    await accounts.markError(row.id, 'Revoked again');
    await runNotifications();
    mail = await mailTo(email);
    expect(mail).toHaveLength(2);
  });

  it('keeps a notice for the next run when the mail cannot be sent', async () => {
    const { client, email } = await signedIn();
    const p = await persona(client, 'Retry');
    const failing = notifier(server, {
      kind: 'smtp',
      send: async () => {
        throw new Error('SMTP is down');
      },
      close: async () => {},
    });
    const id = await scheduledPost(p.id, 'Told later', 'failed');
    const result = await failing.sendPending();
    expect(result.sent).toBe(0);
    const [row] = await server.app.database.db
      .select({ notifiedAt: posts.notifiedAt })
      .from(posts)
      .where(eq(posts.id, id));
    expect(row?.notifiedAt).toBeNull();
    await runNotifications();
    expect((await mailTo(email)).map((m) => m.subject)).toEqual(['A post of Retry could not be published on Bluesky']);
  });

  it("sends the weekly summary to those who asked, with each persona's week", async () => {
    const { client, email } = await signedIn();
    const p = await persona(client, 'Weekly');
    await readJson(
      await client.request('/api/me/notifications', {
        method: 'PUT',
        json: { postFailed: false, postPublished: false, accountAttention: true, weeklySummary: true },
      }),
      200,
    );
    await scheduledPost(p.id, 'One of the week', 'posted');
    await scheduledPost(p.id, 'Another of the week', 'posted');
    await scheduledPost(p.id, 'One that failed', 'failed');
    await postsRepo.insert({
      personaId: p.id,
      platform: 'bluesky',
      content: 'Next week',
      parts: [textPart('Next week')],
      status: 'scheduled',
      scheduledFor: new Date(Date.now() + 2 * 86_400_000),
    });
    await notifier().sendWeeklySummaries();
    const summaries = (await mailTo(email)).filter((m) => m.subject.startsWith('Your Plume week'));
    expect(summaries.map((m) => m.subject)).toEqual(['Your Plume week: 2 posts published']);
    expect(summaries[0]?.text).toContain('Weekly: 2 published, 1 not published, 1 scheduled for the coming week');
    // A retried or repeated run in the same week mails nobody twice.
    await notifier().sendWeeklySummaries();
    expect((await mailTo(email)).filter((m) => m.subject.startsWith('Your Plume week'))).toHaveLength(1);
  });
});

describe('in-app notifications', () => {
  it('tell a failed post once, whatever the e-mail settings, and are marked read one by one or all at once', async () => {
    const { client } = await signedIn();
    const p = await persona(client, 'Inboxed');
    await readJson(
      await client.request('/api/me/notifications', {
        method: 'PUT',
        json: { postFailed: false, postPublished: false, accountAttention: false, weeklySummary: false },
      }),
      200,
    );
    await scheduledPost(p.id, 'Refused by the account', 'failed');
    await scheduledPost(p.id, 'Went out fine', 'posted');
    await runNotifications();
    await runNotifications();
    const list = await readJson<InAppNotificationList>(await client.request('/api/notifications'), 200);
    expect(list.unread).toBe(1);
    expect(list.items).toEqual([
      {
        id: expect.any(String),
        kind: 'platform_update',
        severity: 'update',
        title: 'A post to Bluesky failed',
        message: 'Inboxed: “Refused by the account” (The account refused the post)',
        link: '/calendar',
        personaId: p.id,
        read: false,
        createdAt: expect.any(String),
      },
    ]);

    // Someone else cannot mark it; its owner can.
    const other = await signedIn();
    const id = list.items[0]?.id ?? '';
    await readJson(await other.client.request(`/api/notifications/${id}/read`, { method: 'POST' }), 404);
    await readJson(await client.request(`/api/notifications/${id}/read`, { method: 'POST' }), 204);
    expect((await readJson<InAppNotificationList>(await client.request('/api/notifications'), 200)).unread).toBe(0);

    // Drafts waiting: a suggestion, once a day however often the job looks.
    await readJson(
      await client.request('/api/review', {
        method: 'POST',
        json: { personaId: p.id, platform: 'bluesky', content: 'Waiting for a look' },
      }),
      201,
    );
    await runSuggestions();
    await runSuggestions();
    const after = await readJson<InAppNotificationList>(await client.request('/api/notifications'), 200);
    expect(after.items.filter((n) => n.kind === 'suggestion').map((n) => [n.title, n.link])).toEqual([
      ['1 draft waiting for review', '/calendar'],
    ]);
    expect(after.unread).toBe(1);
    await readJson(await client.request('/api/notifications/read-all', { method: 'POST' }), 204);
    expect((await readJson<InAppNotificationList>(await client.request('/api/notifications'), 200)).unread).toBe(0);
  });

  it("suggest once a week what a persona's own figures say works, when there are enough of them", async () => {
    const { client } = await signedIn();
    const p = await persona(client, 'Measured');
    const { db } = server.app.database;
    const accountId = crypto.randomUUID();
    await db.insert(platformAccounts).values({
      id: accountId,
      personaId: p.id,
      platform: 'bluesky',
      externalId: `did:plc:${accountId}`,
      username: 'measured.test',
      authMethod: 'app_password',
    });
    // Posts as a metrics sync keeps them: four quiet ones, then (sixth) enough for insights, with
    // Tuesdays at 09:00 UTC (the user's zone when none is set) doing best.
    const tuesday = new Date(Date.now() - 7 * 86_400_000);
    tuesday.setUTCDate(tuesday.getUTCDate() + ((2 - tuesday.getUTCDay() + 7) % 7));
    tuesday.setUTCHours(9, 10, 0, 0);
    const readings = [
      { day: 0, hour: 0, likes: 9 },
      { day: -7, hour: 0, likes: 7 },
      { day: -1, hour: 5, likes: 1 },
      { day: -2, hour: 6, likes: 0 },
      { day: -3, hour: 7, likes: 1 },
      { day: -9, hour: 8, likes: 2 },
    ];
    const insert = (r: (typeof readings)[number], i: number) =>
      db.insert(postMetrics).values({
        accountId,
        externalId: `at://measured/${i}`,
        personaId: p.id,
        platform: 'bluesky',
        text: `Post ${i}`,
        postedAt: new Date(tuesday.getTime() + r.day * 86_400_000 + r.hour * 3_600_000),
        likes: r.likes,
        reposts: 0,
        replies: 0,
        quotes: 0,
        readAt: new Date(),
      });
    const suggestions = async () =>
      (await readJson<InAppNotificationList>(await client.request('/api/notifications'), 200)).items.filter(
        (n) => n.kind === 'suggestion',
      );
    for (const [i, r] of readings.slice(0, 4).entries()) await insert(r, i);
    await runSuggestions();
    expect(await suggestions()).toEqual([]);

    for (const [i, r] of readings.slice(4).entries()) await insert(r, i + 4);
    await runSuggestions();
    await runSuggestions();
    const told = await suggestions();
    expect(told.map((n) => [n.title, n.link, n.personaId])).toEqual([
      ['What works for Measured', `/analytics/${p.id}`, p.id],
    ]);
    // Each figure it rests on is said.
    expect(told[0]?.message).toBe(
      'Posts on Tuesdays averaged 8 engagements (2 posts), the best of the week. ' +
        'Posts published between 09:00 and the next hour averaged 8 engagements (2 posts).',
    );
  });
});

describe('the notification jobs', () => {
  it('run in the job queue: a failed scheduled post is mailed without anyone asking', async () => {
    const worker = server;
    const client = createClient(worker.url);
    const email = `jobs.${Date.now()}@example.com`;
    await signInThroughOutbox(client, email);
    const p = await readJson<Persona>(
      await client.request('/api/personas', { method: 'POST', json: { name: 'Queued', is_active: false } }),
      201,
    );
    const repo = createPostsRepository(worker.app.database.db);
    const row = await repo.insert({
      personaId: p.id,
      platform: 'bluesky',
      content: 'Out of the queue',
      parts: [textPart('Out of the queue')],
      status: 'scheduled',
      scheduledFor: new Date(Date.now() - 1000),
    });
    await repo.claim(row.id, new Date());
    await repo.markFailed(row.id, 'Refused by the queue test');
    await worker.app.jobs.send(SEND_NOTIFICATIONS);
    const outbox = async () =>
      (await readJson<DevOutboxMessage[]>(await createClient(worker.url).request('/api/dev/outbox'), 200)).find(
        (m) => m.to === email && m.subject.startsWith('A post of Queued'),
      );
    const mail = await until(outbox, 20_000);
    expect(mail.text).toContain('Reason: Refused by the queue test');
  });
});
