import { afterEach, vi } from 'vitest';

// console.error during a test is a failure unless the test expects it (it can mock console.error).
let spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  spy = vi.spyOn(console, 'error');
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
