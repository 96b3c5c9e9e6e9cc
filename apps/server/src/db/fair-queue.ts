import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose statements these are (decision 048-fair-under-load): set for each request from the
 * credential it presents (or its address), unset for the worker's jobs ("background").
 */
export const fairKey = new AsyncLocalStorage<string>();

const BACKGROUND = 'background';
/** The key of statements that carry many requests' asks at once (db/coalesced). */
const SHARED = 'shared';

/**
 * Runs a statement that carries many requests' asks (a coalesced one) in a lane of its own,
 * served every other turn while it has work: it answers everyone it carries, so it does not wait
 * a whole round of turns in the lane of whichever request happened to send it. Where no request
 * has a key (PostgreSQL, the worker's jobs) it runs as it is.
 */
export function inSharedTurn<T>(statement: () => Promise<T>): Promise<T> {
  return fairKey.getStore() === undefined ? statement() : fairKey.run(SHARED, statement);
}

/** How long statements may run back to back before the event loop gets a turn. */
const SLICE_MS = 20;
/** How many of a key's waiting statements one turn runs (a request's reads sent together). */
const PER_TURN = 4;

/**
 * One statement (or transaction) at a time, taken in turn per key (up to `PER_TURN` of a key's
 * waiting statements a turn): a user with ten waiting waits behind a user with one, not the other
 * way round. After `SLICE_MS` of statements back to back the
 * event loop runs once (`setImmediate`), so sockets are accepted and read and streams written while
 * statements queue: PGlite runs each statement synchronously and resolves its own queue in
 * microtasks, so without the pause a long queue drains without letting the event loop poll I/O.
 */
export function createFairQueue(sliceMs = SLICE_MS) {
  // Keys in their turn's order; each key's waiters in arrival order.
  const waiting = new Map<string, (() => void)[]>();
  let running = false;
  let sliceStart = 0;
  let turn = { key: '', taken: 0 };
  let lastWasShared = false;

  /** The first key in line other than the shared lane. */
  function firstOwnKey(): [string, (() => void)[]] | undefined {
    for (const entry of waiting) if (entry[0] !== SHARED) return entry;
    return undefined;
  }

  function next(): void {
    const shared = waiting.get(SHARED);
    const own = firstOwnKey();
    if (!shared && !own) {
      running = false;
      return;
    }
    // The shared lane every other statement while it has work (one statement a turn).
    if (shared && (!own || !lastWasShared)) {
      lastWasShared = true;
      const start = shared.shift() as () => void;
      if (shared.length === 0) waiting.delete(SHARED);
      start();
      return;
    }
    lastWasShared = false;
    const [key, queue] = own as [string, (() => void)[]];
    const start = queue.shift() as () => void;
    turn = turn.key === key ? { key, taken: turn.taken + 1 } : { key, taken: 1 };
    // Its turn is over (nothing more waiting, or PER_TURN taken): its next goes to the back of the line.
    if (queue.length === 0) {
      waiting.delete(key);
      turn = { key: '', taken: 0 };
    } else if (turn.taken >= PER_TURN) {
      waiting.delete(key);
      waiting.set(key, queue);
    }
    start();
  }

  return {
    /** Runs `work` in its key's turn; the next turn starts after the event loop has run once. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      const key = fairKey.getStore() ?? BACKGROUND;
      await new Promise<void>((resolve) => {
        const queue = waiting.get(key);
        if (queue) queue.push(resolve);
        else waiting.set(key, [resolve]);
        if (!running) {
          running = true;
          setImmediate(() => {
            sliceStart = performance.now();
            next();
          });
        }
      });
      try {
        return await work();
      } finally {
        if (performance.now() - sliceStart < sliceMs) queueMicrotask(next);
        else
          setImmediate(() => {
            sliceStart = performance.now();
            next();
          });
      }
    },
    /** How many statements wait (tests). */
    get size() {
      let n = 0;
      for (const queue of waiting.values()) n += queue.length;
      return n;
    },
  };
}
export type FairQueue = ReturnType<typeof createFairQueue>;
