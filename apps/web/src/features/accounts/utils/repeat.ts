/**
 * Sends a message at once and again after each delay (measured from the start), skipping a
 * send while the page is hidden and stopping once `isDone()`; `resend()` sends once more at once
 * (the page became visible). `stop()` cancels what is left.
 */
export function repeatMessage({
  delaysMs,
  send,
  isDone = () => false,
  isVisible = () => true,
}: {
  delaysMs: readonly number[];
  /** Called with the attempt number, 1 for the first send. */
  send(attempt: number): void;
  isDone?(): boolean;
  isVisible?(): boolean;
}): { resend(): void; stop(): void } {
  let attempt = 0;
  let stopped = false;
  const trySend = () => {
    if (stopped || isDone() || !isVisible()) return;
    attempt += 1;
    send(attempt);
  };
  trySend();
  const timers = delaysMs.map((delay) => setTimeout(trySend, delay));
  return {
    resend: trySend,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
