/**
 * A fresh `Idempotency-Key` for one request a user makes (a click that posts): the server answers
 * the same key once, so a retried request never does the work twice. (crypto.randomUUID needs a
 * secure context; getRandomValues does not.)
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
