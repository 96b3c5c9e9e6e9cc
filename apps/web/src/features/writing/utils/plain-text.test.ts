import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';

describe('markdownToPlainText', () => {
  it('drops emphasis, headings, quotes and code marks', () => {
    expect(markdownToPlainText('# Title\n\n**Bold** and *soft* and `code` and ~~old~~\n\n> quoted')).toBe(
      'Title\n\nBold and soft and code and old\n\nquoted',
    );
  });

  it('keeps links as text and address', () => {
    expect(markdownToPlainText('Read [the post](https://example.com/a) now')).toBe(
      'Read the post https://example.com/a now',
    );
    expect(markdownToPlainText('[https://example.com](https://example.com)')).toBe('https://example.com');
  });

  it('keeps hashtags, snake_case, single asterisks in maths and list items', () => {
    expect(markdownToPlainText('#ai is my_var 2 * 3\n- one\n* two')).toBe('#ai is my_var 2 * 3\n• one\n• two');
  });

  it('collapses blank runs and trims', () => {
    expect(markdownToPlainText('\n\na\n\n\n\nb\n')).toBe('a\n\nb');
  });
});
