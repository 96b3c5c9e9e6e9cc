import { inSharedTurn } from './fair-queue';

/**
 * Many callers' asks carried by one statement (issue 32, decision 062): a worker publishing 100
 * posts at once asks the same small question 100 times within milliseconds, and on PostgreSQL
 * each statement costs the process and the server more than its rows do (a round trip, a commit
 * for a write). The first ask goes at once; the asks made while a statement runs wait for the
 * next one, which carries them all (at most `limit`). One statement at a time. `run` answers each
 * ask of its list, in order; a statement that fails fails the asks it carried, and only those.
 * `eachAloneOnFailure`: a failed statement that carried several asks is run again for each ask on
 * its own, so one ask the database refuses (a message for a persona deleted meanwhile) fails only
 * its own caller. Only for a `run` that is one statement (nothing of a failed one stays). In PGlite's
 * fair queue a statement carrying many asks takes the shared lane (`inSharedTurn`).
 */
export function coalesced<A, R>(
  run: (asks: A[]) => Promise<R[]>,
  options: { limit?: number; eachAloneOnFailure?: boolean } = {},
): (ask: A) => Promise<R> {
  const { limit = 500, eachAloneOnFailure = false } = options;
  type Waiting = { ask: A; done: (answer: R) => void; failed: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let sending = false;
  const flush = async () => {
    if (sending) return;
    sending = true;
    try {
      while (waiting.length > 0) {
        const carried = waiting.slice(0, limit);
        waiting = waiting.slice(carried.length);
        try {
          const answers = await inSharedTurn(() => run(carried.map((one) => one.ask)));
          for (const [i, one] of carried.entries()) one.done(answers[i] as R);
        } catch (error) {
          if (!eachAloneOnFailure || carried.length === 1) for (const one of carried) one.failed(error);
          else {
            for (const one of carried) {
              await inSharedTurn(() => run([one.ask])).then(
                ([answer]) => one.done(answer as R),
                (alone: unknown) => one.failed(alone),
              );
            }
          }
        }
      }
    } finally {
      sending = false;
    }
  };
  return (ask) =>
    new Promise<R>((done, failed) => {
      waiting.push({ ask, done, failed });
      void flush();
    });
}

/**
 * The rows of a coalesced statement over `unnest(…) WITH ORDINALITY AS a(…, ord)` with a `LATERAL`
 * list per ask, as one list per ask (`ord` 1 is the first). A nested loop over the asks in order
 * brings each ask's rows together, in its own order.
 */
export function rowsPerAsk<Row extends { ord: string | number }, T>(
  askCount: number,
  rows: readonly Row[],
  map: (row: Row) => T,
): T[][] {
  const lists = Array.from({ length: askCount }, (): T[] => []);
  for (const row of rows) lists[Number(row.ord) - 1]?.push(map(row));
  return lists;
}
