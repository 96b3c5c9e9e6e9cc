import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitsRepository } from '../src/modules/rate-limits/rate-limits.repository';
import { build, type TestServer } from './helpers/build';

let server: TestServer;
beforeAll(async () => {
  server = await build();
});
afterAll(() => server?.close());

describe('rate-limit counts', () => {
  it('counts hits made at once on the same keys each once, in order, in one window', async () => {
    const limits = createRateLimitsRepository(server.app.database.db);
    const a = `a-${Date.now()}`;
    const b = `b-${Date.now()}`;
    const hits = await Promise.all([a, a, b, a, b, a, a].map((key) => limits.hit(key, 60_000)));
    expect(hits.map((h) => h.count)).toEqual([1, 2, 1, 3, 2, 4, 5]);
    expect(hits.every((h) => h.ttlMs > 0 && h.ttlMs <= 60_000)).toBe(true);
    expect((await limits.hit(a, 60_000)).count).toBe(6);
  });
});
