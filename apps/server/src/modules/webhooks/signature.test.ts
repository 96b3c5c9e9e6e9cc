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
