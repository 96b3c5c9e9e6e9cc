import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './signature';

describe('the signature', () => {
  it('verifies with the secret within five minutes, and not with another body, secret or an old time', () => {
    const body = '{"id":"e1","type":"post.published"}';
    const t = 1_800_000_000;
    const header = signWebhook('whsec_test', body, t);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook('whsec_test', body, header, { nowSeconds: t + 299 })).toBe(true);
    expect(verifyWebhook('whsec_test', `${body} `, header, { nowSeconds: t })).toBe(false);
    expect(verifyWebhook('whsec_other', body, header, { nowSeconds: t })).toBe(false);
    expect(verifyWebhook('whsec_test', body, header, { nowSeconds: t + 301 })).toBe(false);
  });
});

describe('the README’s verification sample', () => {
  it('accepts what Plume signs and refuses a changed body or an old time', async () => {
    const { readFileSync } = await import('node:fs');
    const { createHmac, timingSafeEqual } = await import('node:crypto');
    const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const code = /```js\n(import \{ createHmac[\s\S]*?function verifyPlume[\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    const verifyPlume = new Function(
      'createHmac',
      'timingSafeEqual',
      `${(code ?? '').replace(/^import .*$/m, '')}\nreturn verifyPlume;`,
    )(createHmac, timingSafeEqual) as (secret: string, body: string, header: string) => boolean;
    const body = '{"id":"e2","type":"webhook.test"}';
    const now = Math.floor(Date.now() / 1000);
    expect(verifyPlume('whsec_x', body, signWebhook('whsec_x', body, now))).toBe(true);
    expect(verifyPlume('whsec_x', `${body}!`, signWebhook('whsec_x', body, now))).toBe(false);
    expect(verifyPlume('whsec_x', body, signWebhook('whsec_x', body, now - 600))).toBe(false);
  });
});
