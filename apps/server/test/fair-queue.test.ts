import { describe, expect, it } from 'vitest';
import { createFairQueue, fairKey } from '../src/db/fair-queue';

// Decision 048-fair-under-load: PGlite's statements wait their user's turn, and the event loop runs
// while a long queue drains.
describe('the fair queue in front of PGlite', () => {
  it("takes users in turn: one user's burst does not hold back another's single statement", async () => {
    const queue = createFairQueue();
    const order: string[] = [];
    const statement = (user: string, n: number) =>
      fairKey.run(user, () =>
        queue.run(async () => {
          order.push(`${user}${n}`);
        }),
      );
    // Sent one after another, not together: each waits its own turn.
    const burst = Array.from({ length: 10 }, (_, n) => statement('a', n));
    const single = statement('b', 0);
    await Promise.all([...burst, single]);
    expect(order.indexOf('b0')).toBeLessThanOrEqual(4);
    expect(order).toHaveLength(11);
  });

  it('lets the event loop run while statements queue', async () => {
    const queue = createFairQueue(1);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const busy = () => {
      const until = performance.now() + 2;
      while (performance.now() < until) {}
      return Promise.resolve();
    };
    await Promise.all(Array.from({ length: 100 }, () => queue.run(busy)));
    clearInterval(timer);
    // 200 ms of synchronous statements: the timer ran between them, not only after the last.
    expect(ticks).toBeGreaterThan(10);
  });
});
