import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('a'.repeat(32));
  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('sk-test-123', 'ai-key');
    expect(sealed).not.toContain('sk-test-123');
    expect(box.seal('sk-test-123', 'ai-key')).not.toBe(sealed);
    expect(box.open(sealed, 'ai-key')).toBe('sk-test-123');
  });
  it('refuses another purpose, another secret and a changed value', () => {
    const sealed = box.seal('sk-test-123', 'ai-key');
    expect(() => box.open(sealed, 'x-token')).toThrow();
    expect(() => createSecretBox('b'.repeat(32)).open(sealed, 'ai-key')).toThrow();
    const [v, iv, tag, data = ''] = sealed.split('.');
    const flipped = `${data.slice(0, -2)}${data.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => box.open([v, iv, tag, flipped].join('.'), 'ai-key')).toThrow();
  });
});
