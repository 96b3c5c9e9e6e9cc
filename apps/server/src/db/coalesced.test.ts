import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

describe('coalesced asks', () => {
  it('carries the asks made while a statement runs in the next one, each answered in order', async () => {
    const statements: number[][] = [];
    const double = coalesced<number, number>(async (asks) => {
      statements.push(asks);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return asks.map((n) => n * 2);
    });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => double(i)));
    expect(answers).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
    // The first goes at once, alone; the 49 asked meanwhile go together.
    expect(statements).toEqual([[0], Array.from({ length: 49 }, (_, i) => i + 1)]);
  });

  it('carries at most `limit` asks a statement', async () => {
    const sizes: number[] = [];
    const echo = coalesced<number, number>(
      async (asks) => {
        sizes.push(asks.length);
        return asks;
      },
      { limit: 10 },
    );
    await Promise.all(Array.from({ length: 25 }, (_, i) => echo(i)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(25);
  });

  it('fails only the asks a failed statement carried', async () => {
    let calls = 0;
    const flaky = coalesced<number, number>(async (asks) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (calls === 2) throw new Error('lost the connection');
      return asks;
    });
    const outcomes = await Promise.allSettled([flaky(1), flaky(2), flaky(3)]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect(outcomes.slice(1).map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await flaky(4)).toBe(4);
  });

  it('runs each ask alone after a shared statement failed, when asked to: only the refused one fails', async () => {
    const statements: number[][] = [];
    const insert = coalesced<number, number>(
      async (asks) => {
        statements.push(asks);
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (asks.includes(13)) throw new Error('violates foreign key');
        return asks;
      },
      { eachAloneOnFailure: true },
    );
    const outcomes = await Promise.allSettled([insert(1), insert(12), insert(13), insert(14)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[3]).toEqual({ status: 'fulfilled', value: 14 });
    // The first alone; the three asked meanwhile together, which failed; then each of them alone.
    expect(statements).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });
});
