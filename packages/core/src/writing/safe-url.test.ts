import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './safe-url';

describe('safe link URLs of a draft', () => {
  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'irc://irc.libera.chat/plume',
    'ircs://irc.libera.chat:6697/plume',
    'mailto:ada@example.com',
    'xmpp:ada@example.com',
    '/relative/path',
    'relative/path:with-colon',
    './here',
    '?q=a:b',
    '#section:2',
    'page.html',
  ])('keeps %s', (url) => {
    expect(safeLinkUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://example.com',
    'tel:+123',
    ' javascript:alert(1)',
  ])('blanks %s', (url) => {
    expect(safeLinkUrl(url)).toBe('');
  });
});
