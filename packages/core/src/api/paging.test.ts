import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageQuerySchema } from './paging';

describe('page cursors', () => {
  const key = { at: '2026-11-26T11:07:25.123456Z', id: '7d1f0c52-3f0e-4a53-9a51-0c0e8c1d2a10' };

  it('read back the key they were made from, and nothing that is not one', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
    for (const bad of ['', 'not a cursor', btoa(`2026-02-30T00:00:00.000000Z~${key.id}`), btoa(`${key.at}~x`)]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });

  it('limit is a whole number from 1 to 200', () => {
    expect(pageQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '201', '1.5', 'ten']) expect(pageQuerySchema.safeParse({ limit }).success).toBe(false);
  });
});
