import { describe, expect, it } from 'vitest';
import { isConnectionLoss, isUniqueViolation, untilReachable } from './pg-errors';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As Drizzle throws it: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: update "posts"'), { cause });

describe('isConnectionLoss', () => {
  it('knows a database out of reach from a statement refused', () => {
    expect(isConnectionLoss(wrapped(coded('ECONNREFUSED')))).toBe(true);
    expect(isConnectionLoss(wrapped(coded('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isConnectionLoss(coded('57P03', 'the database system is starting up'))).toBe(true);
    expect(isConnectionLoss(coded('08006'))).toBe(true);
    expect(isConnectionLoss(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isConnectionLoss(wrapped(coded('23505')))).toBe(false);
    expect(isUniqueViolation(wrapped(coded('23505')))).toBe(true);
    expect(isConnectionLoss(new Error('A post cannot move from posted to failed'))).toBe(false);
  });
});

describe('untilReachable', () => {
  it('tries again while the database is out of reach, and throws anything else at once', async () => {
    let calls = 0;
    const answer = await untilReachable(async () => {
      calls += 1;
      if (calls < 3) throw coded('ECONNREFUSED');
      return 'stored';
    });
    expect([answer, calls]).toEqual(['stored', 3]);

    let refused = 0;
    await expect(
      untilReachable(async () => {
        refused += 1;
        throw coded('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(refused).toBe(1);

    // Past its time it gives up with the last error.
    await expect(untilReachable(() => Promise.reject(coded('ECONNRESET')), 150)).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
  });
});
