import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  InAppNotificationList,
  Persona,
  PublishResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookPayload,
  WebhookWithSecret,
} from '@plume/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { platformAccounts, webhookEvents } from '../src/db/schema';
import { CLEANUP_EXPIRED } from '../src/jobs/cleanup-expired';
import { INBOX_SUGGESTIONS } from '../src/jobs/inbox';
import { SEND_NOTIFICATIONS } from '../src/jobs/notifications';
import { PUBLISH_POST } from '../src/jobs/publish-posts';
import { SWEEP_WEBHOOKS } from '../src/jobs/webhooks';
import { verifyWebhook } from '../src/modules/webhooks/signature';
import { createXStub } from './fakes/x';
import { build, type TestServer } from './helpers/build';
import { type Client, readJson, signedInUser } from './helpers/client';
import { runJob } from './helpers/jobs';
import { until } from './helpers/until';

/*
 * Webhooks (issue 34) over real HTTP: a local receiver checks each delivery's signature, a post
 * published through the X stub arrives once, a 500 is tried again with the same event id, private
 * addresses are refused, the log shows the receiver's codes, and an endpoint that keeps failing is
 * turned off with a notification. Retries wait 300 ms here, not minutes.
 */

const CLIENT_ID = 'plume-webhooks-client';
const CLIENT_SECRET = 'plume-webhooks-client-secret';
const stub = createXStub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** What each path answers, in order; the last answer repeats (200 when none is scripted). */
const script = new Map<string, number[]>();
let receiver: Server;
let receiverUrl: string;
let server: TestServer;

beforeAll(async () => {
  await stub.listen();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body });
      const answers = script.get(path) ?? [];
      const status = answers.length > 1 ? (answers.shift() as number) : (answers[0] ?? 200);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'thanks' : `receiver says ${status}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await build(
    {
      X_CLIENT_ID: CLIENT_ID,
      X_CLIENT_SECRET: CLIENT_SECRET,
      X_API_URL: stub.apiUrl,
      X_AUTHORIZE_URL: stub.authorizeUrl,
      X_METRICS_SYNC_MINUTES: '0',
      // WEBHOOKS_ALLOW_PRIVATE unset: the receiver on this machine's loopback is allowed, as on
      // one's own machine (a loopback APP_URL, not production); private networks are not.
    },
    { webhookTiming: { retryDelaysMs: [300, 300, 300], disableAfterFailures: 3 } },
  );
  stub.state.redirectUris.push(`${server.url}/x/callback`);
});
afterAll(async () => {
  await server?.close();
  await stub.close();
  receiver?.close();
});
afterEach(() => {
  expect(stub.state.unknown).toEqual([]);
});

const at = (path: string) => received.filter((r) => r.path === path);
const post = (c: Client, path: string, json: unknown) => c.request(path, { method: 'POST', json });

async function endpoint(c: Client, path: string, events: string[]): Promise<WebhookWithSecret> {
  return readJson<WebhookWithSecret>(await post(c, '/api/webhooks', { url: `${receiverUrl}${path}`, events }), 201);
}

/** A persona with its X account connected, as the popup and /x/callback do it. */
async function personaOnX(c: Client): Promise<Persona> {
  const persona = await readJson<Persona>(await post(c, '/api/personas', { name: `Hooked ${Math.random()}` }), 201);
  const started = await c.request(`/api/oauth/x?personaId=${persona.id}&popupId=popup-1`);
  const atX = await fetch(new URL(started.headers.get('location') ?? ''), { redirect: 'manual' });
  const callback = new URL(atX.headers.get('location') ?? '');
  await readJson(
    await post(c, '/api/auth/x/token', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      personaId: persona.id,
    }),
    200,
  );
  return persona;
}

async function publish(c: Client, personaId: string, content: string): Promise<string> {
  const answer = await readJson<PublishResponse>(
    await post(c, `/api/personas/${personaId}/post`, { platform: 'x', content }),
    200,
  );
  expect(answer.results[0]?.status).toBe('posted');
  return answer.results[0]?.postId ?? '';
}

const deliveries = async (c: Client, id: string) =>
  readJson<WebhookDelivery[]>(await c.request(`/api/webhooks/${id}/deliveries`), 200);

describe('webhooks', () => {
  it('shows the secret once, and a test event arrives signed with it, checked by the receiver’s rule', async () => {
    const ann = await signedInUser(server.url, 'hook-test');
    const { endpoint: made, secret } = await endpoint(ann, '/test', ['post.published']);
    expect(secret).toMatch(/^whsec_/);
    expect(made).toMatchObject({ enabled: true, events: ['post.published'], secretPrefix: `${secret.slice(0, 10)}…` });
    const listed = await ann.request('/api/webhooks');
    const text = await listed.text();
    expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toEqual([made]);

    const delivery = await readJson<WebhookDelivery>(await post(ann, `/api/webhooks/${made.id}/test`, {}), 200);
    expect(delivery).toMatchObject({
      status: 'delivered',
      responseStatus: 200,
      attempts: 1,
      eventType: 'webhook.test',
    });
    const [got] = at('/test');
    expect(got).toBeDefined();
    if (!got) return;
    const signature = String(got.headers['plume-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got.headers['plume-event-id']).toBe(delivery.eventId);
    expect(got.headers['plume-event-type']).toBe('webhook.test');
    expect(verifyWebhook(secret, got.body, signature)).toBe(true);
    expect(verifyWebhook(secret, got.body.replace('test', 'tost'), signature)).toBe(false);
    expect((JSON.parse(got.body) as WebhookPayload).id).toBe(delivery.eventId);

    // A new secret: the next delivery is signed with it, and the old one no longer verifies.
    const rotated = await readJson<WebhookWithSecret>(await post(ann, `/api/webhooks/${made.id}/secret`, {}), 200);
    expect(rotated.secret).not.toBe(secret);
    await readJson(await post(ann, `/api/webhooks/${made.id}/test`, {}), 200);
    const again = at('/test')[1];
    expect(again && verifyWebhook(rotated.secret, again.body, String(again.headers['plume-signature']))).toBe(true);
    expect(again && verifyWebhook(secret, again.body, String(again.headers['plume-signature']))).toBe(false);

    // Another user sees none of it.
    const bob = await signedInUser(server.url, 'hook-other');
    expect((await bob.request(`/api/webhooks/${made.id}/deliveries`)).status).toBe(404);
    expect((await post(bob, `/api/webhooks/${made.id}/test`, {})).status).toBe(404);
    expect(await readJson(await bob.request('/api/webhooks'), 200)).toEqual([]);

    // Thirty days on, the hourly cleanup forgets the events and their log.
    expect(await deliveries(ann, made.id)).toHaveLength(2);
    await server.app.database.db
      .update(webhookEvents)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(
        inArray(
          webhookEvents.id,
          (await deliveries(ann, made.id)).map((d) => d.eventId),
        ),
      );
    await runJob(server, CLEANUP_EXPIRED);
    expect(await deliveries(ann, made.id)).toEqual([]);
  });

  it('delivers a post published through X once, signed, even when its publish job runs again', async () => {
    const ann = await signedInUser(server.url, 'hook-post');
    const { endpoint: made, secret } = await endpoint(ann, '/published', ['post.published']);
    // An endpoint that hears something else gets nothing.
    await endpoint(ann, '/failed-only', ['post.failed']);
    const persona = await personaOnX(ann);
    const content = `Out it goes ${Date.now()}`;
    const postId = await publish(ann, persona.id, content);

    const [got] = await until(async () => (at('/published').length > 0 ? at('/published') : undefined));
    if (!got) throw new Error('nothing received');
    expect(verifyWebhook(secret, got.body, String(got.headers['plume-signature']))).toBe(true);
    const event = JSON.parse(got.body) as WebhookPayload;
    expect(event).toMatchObject({
      type: 'post.published',
      data: { postId, personaId: persona.id, platform: 'x', status: 'posted', content },
    });
    expect(got.headers['plume-event-id']).toBe(event.id);

    // The publish job delivered again (a retry, a second worker) and a sweep: no second event.
    await runJob(server, PUBLISH_POST, { postId });
    await runJob(server, SWEEP_WEBHOOKS);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(at('/published')).toHaveLength(1);
    expect(at('/failed-only')).toHaveLength(0);
    expect(await deliveries(ann, made.id)).toEqual([
      expect.objectContaining({
        eventId: event.id,
        eventType: 'post.published',
        status: 'delivered',
        responseStatus: 200,
      }),
    ]);
  });

  it('tells a scheduled post X refused as post.failed, once, from its publish job', async () => {
    const ann = await signedInUser(server.url, 'hook-failed');
    const { endpoint: made } = await endpoint(ann, '/sched', ['post.failed', 'post.published']);
    const persona = await personaOnX(ann);
    stub.next('POST /2/tweets', { status: 403, body: { title: 'Forbidden', detail: 'You are not permitted' } });
    const content = `Refused later ${Date.now()}`;
    const scheduled = await readJson<{ id: string }>(
      await post(ann, '/api/schedule', {
        personaId: persona.id,
        platform: 'x',
        content,
        runAt: new Date(Date.now() + 1500).toISOString(),
      }),
      201,
    );
    const [got] = await until(async () => (at('/sched').length > 0 ? at('/sched') : undefined));
    const event = JSON.parse(got?.body ?? '{}') as WebhookPayload;
    expect(event).toMatchObject({
      type: 'post.failed',
      data: { postId: scheduled.id, status: 'failed', content, error: expect.stringContaining('not permitted') },
    });
    // Its job again, and the sweeper: still one.
    await runJob(server, PUBLISH_POST, { postId: scheduled.id });
    await runJob(server, SWEEP_WEBHOOKS);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(at('/sched')).toHaveLength(1);
    expect(await deliveries(ann, made.id)).toHaveLength(1);
  });

  it('tells a broken connection and drafts waiting for review, once each', async () => {
    const ann = await signedInUser(server.url, 'hook-notices');
    await endpoint(ann, '/notices', ['connection.broken', 'draft.waiting_review']);
    const persona = await personaOnX(ann);
    await readJson(
      await post(ann, '/api/review', { personaId: persona.id, platform: 'x', content: `Check me ${Date.now()}` }),
      201,
    );
    // The connection stops working, as the credential store marks it when X refuses its tokens.
    await server.app.database.db
      .update(platformAccounts)
      .set({ status: 'error', errorMessage: 'X refused the saved sign-in. Reconnect the account.' })
      .where(eq(platformAccounts.personaId, persona.id));
    for (let run = 0; run < 2; run += 1) {
      await runJob(server, SEND_NOTIFICATIONS);
      await runJob(server, INBOX_SUGGESTIONS);
    }
    const got = await until(async () => (at('/notices').length >= 2 ? at('/notices') : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const events = at('/notices').map((r) => JSON.parse(r.body) as WebhookPayload);
    expect(events.map((e) => e.type).sort()).toEqual(['connection.broken', 'draft.waiting_review']);
    expect(got).toHaveLength(2);
    expect(events.find((e) => e.type === 'connection.broken')?.data).toMatchObject({
      personaId: persona.id,
      platform: 'x',
      reason: 'X refused the saved sign-in. Reconnect the account.',
    });
    expect(events.find((e) => e.type === 'draft.waiting_review')?.data).toMatchObject({ drafts: 1 });
  });

  it('tries a 500 again, with the same event id, and the log shows each answer', async () => {
    const ann = await signedInUser(server.url, 'hook-retry');
    script.set('/flaky', [500, 200]);
    const { endpoint: made, secret } = await endpoint(ann, '/flaky', ['post.published']);
    const persona = await personaOnX(ann);
    await publish(ann, persona.id, `Flaky receiver ${Date.now()}`);

    const pending = await until(async () => {
      const [d] = await deliveries(ann, made.id);
      return d?.responseStatus === 500 ? d : undefined;
    });
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, error: 'HTTP 500; trying again' });
    expect(pending.responseExcerpt).toBe('receiver says 500');
    expect(pending.nextAttemptAt).not.toBeNull();

    const done = await until(async () => {
      const [d] = await deliveries(ann, made.id);
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(done).toMatchObject({ attempts: 2, responseStatus: 200, error: null, nextAttemptAt: null });
    expect(done.lastAttemptAt).not.toBeNull();
    const [first, second] = at('/flaky');
    expect(first?.headers['plume-event-id']).toBe(done.eventId);
    expect(second?.headers['plume-event-id']).toBe(done.eventId);
    expect(second?.body).toBe(first?.body);
    // Each attempt signed on its own, both valid.
    expect(verifyWebhook(secret, second?.body ?? '', String(second?.headers['plume-signature']))).toBe(true);
    const [listed] = await readJson<WebhookEndpoint[]>(await ann.request('/api/webhooks'), 200);
    expect(listed?.failuresInARow).toBe(0);
  });

  it('refuses a private address at registration, naming body.url, and stores nothing', async () => {
    const ann = await signedInUser(server.url, 'hook-private');
    for (const url of ['http://10.0.0.5/hook', 'http://169.254.169.254/latest/meta-data', 'http://192.168.1.1/']) {
      const refused = await readJson<{ error: { code: string; message: string; details: { field: string }[] } }>(
        await post(ann, '/api/webhooks', { url, events: ['post.published'] }),
        400,
      );
      expect(refused.error.message).toMatch(/^body\.url: .*private or local network/);
      expect(refused.error.details).toEqual([expect.objectContaining({ field: 'body.url' })]);
    }
    const bad = await readJson<{ error: { details: { field: string }[] } }>(
      await post(ann, '/api/webhooks', { url: 'ftp://example.com/x', events: [] }),
      400,
    );
    expect(bad.error.details.map((d) => d.field).sort()).toEqual(['body.events', 'body.url']);
    expect(await readJson(await ann.request('/api/webhooks'), 200)).toEqual([]);
  });

  it('turns off an endpoint that keeps failing and tells its owner why, until turned on again', async () => {
    const ann = await signedInUser(server.url, 'hook-down');
    script.set('/down', [503]);
    const { endpoint: made } = await endpoint(ann, '/down', ['post.published']);
    const persona = await personaOnX(ann);
    await publish(ann, persona.id, `Nobody listens ${Date.now()}`);

    const off = await until(async () => {
      const [row] = await readJson<WebhookEndpoint[]>(await ann.request('/api/webhooks'), 200);
      return row && !row.enabled ? row : undefined;
    });
    expect(off.disabledReason).toBe('3 deliveries in a row failed (the last: HTTP 503).');
    expect(at('/down')).toHaveLength(3);
    const [failed] = await deliveries(ann, made.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 503, error: 'HTTP 503' });
    const inbox = await readJson<InAppNotificationList>(await ann.request('/api/notifications'), 200);
    expect(inbox.items).toContainEqual(
      expect.objectContaining({
        title: 'A webhook was turned off',
        message: expect.stringContaining('turn it back on in Account settings, Webhooks'),
        link: '/account-settings?tab=webhooks',
      }),
    );

    // Turned off, it hears nothing more; turned on, it starts over.
    await publish(ann, persona.id, `While it is off ${Date.now()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(at('/down')).toHaveLength(3);
    const on = await readJson<WebhookEndpoint>(
      await ann.request(`/api/webhooks/${made.id}`, { method: 'PATCH', json: { enabled: true } }),
      200,
    );
    expect(on).toMatchObject({ enabled: true, disabledReason: null, failuresInARow: 0 });
    expect((await ann.request(`/api/webhooks/${made.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await readJson(await ann.request('/api/webhooks'), 200)).toEqual([]);
  });
});
