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

  it('refuses a blocked IP literal before connecting', async () => {
    const port = (internal.address() as AddressInfo).port;
    await expect(createPublicFetch(isBlocked)(`http://127.0.0.2:${port}/`)).rejects.toThrow(/private or local network/);
    expect(internalHits).toEqual([]);
  });
});
