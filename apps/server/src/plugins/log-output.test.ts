import { describe, expect, it } from 'vitest';
import { logDestination } from './log-output';

describe('log lines', () => {
  it('are readable on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logDestination(undefined, { isTTY: true })).toBeDefined();
    expect(logDestination(undefined, { isTTY: false })).toBeUndefined();
    expect(logDestination(undefined, {})).toBeUndefined();
    expect(logDestination('json', { isTTY: true })).toBeUndefined();
    expect(logDestination('pretty', { isTTY: false })).toBeDefined();
  });
});
