import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicFetch } from './public-fetch';

// 127.0.0.1 plays a public host; 127.0.0.2 an internal one the guard must never reach.
const internalHits: string[] = [];
let publicHost: Server;
let internal: Server;
let publicUrl: string;

beforeAll(async () => {
  internal = createServer((req, res) => {
    internalHits.push(req.url ?? '');
    res.end('secret');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.2', resolve));
  const internalPort = (internal.address() as AddressInfo).port;
  publicHost = createServer((_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.2:${internalPort}/latest/meta-data` });
    res.end();
  });
  await new Promise<void>((resolve) => publicHost.listen(0, '127.0.0.1', resolve));
  publicUrl = `http://127.0.0.1:${(publicHost.address() as AddressInfo).port}/v1/chat/completions`;
});
afterAll(() => {
  publicHost.close();
  internal.close();
});

describe('the fetch for user-entered addresses', () => {
  const isBlocked = (address: string) => address === '127.0.0.2';

  it('does not follow a redirect into a blocked address', async () => {
    const response = await createPublicFetch(isBlocked)(publicUrl, { method: 'POST', body: '{}' });
    expect(response.status).toBe(302);
    expect(internalHits).toEqual([]);
  });

  it("sends a Request's method, headers and body (the atproto clients pass a Request alone)", async () => {
    let seen: { method?: string; auth?: string; body: string } = { body: '' };
    const echo = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen = { method: req.method, auth: req.headers.authorization, body };
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/xrpc/com.atproto.repo.createRecord`;
      const request = new Request(url, {
        method: 'POST',
        headers: { authorization: 'DPoP abc' },
        body: '{"text":"hi"}',
      });
      const response = await createPublicFetch(isBlocked)(request);
      expect(await response.text()).toBe('ok');
      expect(seen).toEqual({ method: 'POST', auth: 'DPoP abc', body: '{"text":"hi"}' });
    } finally {
      echo.close();
    }
  });

  it('refuses a blocked IP literal before connecting', async () => {
    const port = (internal.address() as AddressInfo).port;
    await expect(createPublicFetch(isBlocked)(`http://127.0.0.2:${port}/`)).rejects.toThrow(/private or local network/);
    expect(internalHits).toEqual([]);
  });
});
