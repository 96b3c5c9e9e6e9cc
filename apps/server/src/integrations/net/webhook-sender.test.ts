import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, RESPONSE_EXCERPT_CHARS, WEBHOOKS_PRIVATE_REFUSAL } from './webhook-sender';

const hits: { url: string; body: string }[] = [];
let receiver: Server;
let url: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      hits.push({ url: req.url ?? '', body });
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 500);
      res.writeHead(req.url === '/long' ? 500 : 200);
      res.end(req.url === '/long' ? 'x'.repeat(10_000) : 'ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => {
  receiver.close();
});

describe('the webhook sender', () => {
  it('refuses a loopback receiver when WEBHOOKS_ALLOW_PRIVATE is off, at registration and at delivery, sending nothing', async () => {
    const sender = createWebhookSender({ reach: 'public' });
    expect(await sender.refuses(`${url}/hook`)).toBe(true);
    expect(await sender.refuses('http://10.1.2.3/hook')).toBe(true);
    expect(await sender.refuses('http://169.254.169.254/latest/meta-data')).toBe(true);
    const before = hits.length;
    const answer = await sender.post(`${url}/hook`, {}, '{}');
    expect(answer).toEqual({ ok: false, status: null, error: WEBHOOKS_PRIVATE_REFUSAL, refused: true });
    expect(WEBHOOKS_PRIVATE_REFUSAL).toMatch(/WEBHOOKS_ALLOW_PRIVATE=true/);
    expect(hits.length).toBe(before);
  });

  it('posts to loopback when allowed, keeping only an excerpt of the answer', async () => {
    const sender = createWebhookSender({ reach: 'loopback' });
    expect(await sender.refuses(`${url}/hook`)).toBe(false);
    // Loopback allowed is not the private network allowed.
    expect(await sender.refuses('http://10.1.2.3/hook')).toBe(true);
    expect(await sender.post(`${url}/hook`, { 'plume-event-id': 'e1' }, '{"a":1}')).toEqual({
      ok: true,
      status: 200,
      excerpt: 'ok',
    });
    const long = await sender.post(`${url}/long`, {}, '{}');
    expect(long).toMatchObject({ ok: true, status: 500 });
    expect(long.ok && long.excerpt.length).toBe(RESPONSE_EXCERPT_CHARS);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const sender = createWebhookSender({ reach: 'loopback', timeoutMs: 100 });
    expect(await sender.post(`${url}/slow`, {}, '{}')).toEqual({
      ok: false,
      status: null,
      error: 'No answer within 0.1 seconds',
      refused: false,
    });
  });
});
