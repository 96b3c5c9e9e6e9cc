import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from './client';
import { createNamedLock } from './named-lock';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('the named lock on PostgreSQL', () => {
  it('lets one holder of a name at a time across two processes, others not waiting on it', async () => {
    const database = { kind: 'postgres', connectionString: url } as Database;
    const [one, two] = [createNamedLock(database), createNamedLock(database)];
    const events: string[] = [];
    const hold = (lock: typeof one, who: string, name: string, ms: number) =>
      lock(name, async () => {
        events.push(`${who} in`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`${who} out`);
      });
    const first = hold(one, 'a', 'x', 150);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Another name goes at once; the same name from the other process waits for the holder.
    await Promise.all([hold(two, 'b', 'x', 10), hold(two, 'c', 'y', 10), first]);
    expect(events.indexOf('a out')).toBeLessThan(events.indexOf('b in'));
    expect(events.indexOf('c out')).toBeLessThan(events.indexOf('a out'));
    // Many at once in one process, one connection between them, asking for their locks and
    // giving them back in a few statements, not one each.
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    const many = await Promise.all(Array.from({ length: 50 }, (_, i) => one(`n${i}`, async () => i)));
    expect(many).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(statements.mock.calls.length).toBeGreaterThan(0);
    expect(statements.mock.calls.length).toBeLessThanOrEqual(6);
    statements.mockRestore();
    // Every one of them was given back: the other process takes each name at once.
    const after = await Promise.all(Array.from({ length: 50 }, (_, i) => two(`n${i}`, async () => i)));
    expect(after).toHaveLength(50);
    await Promise.all([one.close(), two.close()]);
  });
});
