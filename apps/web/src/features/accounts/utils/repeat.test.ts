import { BLUESKY_MESSAGE_RETRIES_MS, X_ACK_REPEATS_MS, X_MESSAGE_RETRIES_MS } from '@plume/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatMessage } from './repeat';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A `send` that records when it ran (ms from its creation) and with which attempt number. */
function recorder() {
  const start = Date.now();
  const times: number[] = [];
  const attempts: number[] = [];
  const send = (attempt: number) => {
    times.push(Date.now() - start);
    attempts.push(attempt);
  };
  return { send, times, attempts };
}

describe('repeatMessage', () => {
  it('sends the Bluesky message at once and at 100, 500, 1000, 2000, 3000, 5000 and 8000 ms', () => {
    const sent = recorder();
    repeatMessage({ delaysMs: BLUESKY_MESSAGE_RETRIES_MS, send: sent.send });
    vi.advanceTimersByTime(10_000);
    expect(sent.times).toEqual([0, 100, 500, 1000, 2000, 3000, 5000, 8000]);
    expect(sent.attempts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('repeats the X message at 500 and 1000 ms, and the X ack at 300, 600 and 1000 ms', () => {
    const message = recorder();
    const ack = recorder();
    repeatMessage({ delaysMs: X_MESSAGE_RETRIES_MS, send: message.send });
    repeatMessage({ delaysMs: X_ACK_REPEATS_MS, send: ack.send });
    vi.advanceTimersByTime(2000);
    expect(message.times).toEqual([0, 500, 1000]);
    expect(ack.times).toEqual([0, 300, 600, 1000]);
  });

  it('stops once acknowledged', () => {
    let acked = false;
    const send = vi.fn();
    repeatMessage({ delaysMs: BLUESKY_MESSAGE_RETRIES_MS, send, isDone: () => acked });
    vi.advanceTimersByTime(600);
    acked = true;
    vi.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('skips sends while the page is hidden and sends again when it becomes visible', () => {
    let visible = false;
    const send = vi.fn();
    const repeater = repeatMessage({ delaysMs: [100, 500], send, isVisible: () => visible });
    vi.advanceTimersByTime(200);
    expect(send).not.toHaveBeenCalled();
    visible = true;
    repeater.resend();
    expect(send).toHaveBeenCalledWith(1);
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenLastCalledWith(2);
  });

  it('stop() cancels what is left', () => {
    const send = vi.fn();
    const repeater = repeatMessage({ delaysMs: [100, 500], send });
    repeater.stop();
    repeater.resend();
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
