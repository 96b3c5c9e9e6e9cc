import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `Plume-Signature` header (as Stripe and Standard Webhooks do it): `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>" keyed with the endpoint's secret>`. Signed again at each attempt, so
 * the time is the attempt's; the body (and its event id) stays the same.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (the README's sample, kept here so a test runs it): the signature must
 * match one `v1` of the header, and its time be within `toleranceSeconds` of the receiver's clock.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string,
  options: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  const { toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000) } = options;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => v !== undefined && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}
