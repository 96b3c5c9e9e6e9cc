import { describe, expect, it } from 'vitest';
import { createFairQueue, fairKey, inSharedTurn } from '../src/db/fair-queue';

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

  it('serves a statement carrying many asks every other turn, not after a round of every user', async () => {
    const queue = createFairQueue();
    const order: string[] = [];
    const statement = (user: string, shared = false) =>
      fairKey.run(user, () => {
        const work = () =>
          queue.run(async () => {
            order.push(shared ? `${user}:shared` : user);
          });
        return shared ? inSharedTurn(work) : work();
      });
    // Twenty users wait; then one of them sends a statement that carries everyone's asks.
    const users = Array.from({ length: 20 }, (_, n) => statement(`u${n}`));
    const carried = statement('u19', true);
    const more = Array.from({ length: 20 }, (_, n) => statement(`v${n}`));
    await Promise.all([...users, carried, ...more]);
    expect(order).toHaveLength(41);
    expect(order.indexOf('u19:shared')).toBeLessThanOrEqual(1);
    // Without a request's key (PostgreSQL, the worker) it runs as it is: no lane.
    let key: string | undefined = 'unset';
    await inSharedTurn(async () => {
      key = fairKey.getStore();
    });
    expect(key).toBeUndefined();
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
