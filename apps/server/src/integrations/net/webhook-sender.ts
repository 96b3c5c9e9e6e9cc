import { blockedUnder, FetchRefusedError, type NetworkReach, privateAddressMessage } from '../feeds/safe-fetch';
import { createPublicFetch, pointsAtPrivateNetwork } from './public-fetch';

/** How much of a receiver's answer is kept in the delivery log. */
export const RESPONSE_EXCERPT_CHARS = 500;
/** Bytes read of an answer at most; the rest is not read. */
const READ_BYTES = 4096;

export const WEBHOOKS_PRIVATE_REFUSAL = privateAddressMessage('WEBHOOKS_ALLOW_PRIVATE');

/** What a receiver answered; or why nothing was answered (`refused`: the address is not allowed, don't try again). */
export type WebhookResponse =
  | { ok: true; status: number; excerpt: string }
  | { ok: false; status: null; error: string; refused: boolean };

async function excerptOf(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < READ_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.length > RESPONSE_EXCERPT_CHARS ? `${text.slice(0, RESPONSE_EXCERPT_CHARS - 1)}…` : text;
}

/**
 * Posts webhook bodies through the SSRF-safe fetcher (decision 029): only addresses `reach`
 * allows, the DNS answer checked being the one connected to (so a name that moves to a private
 * address after registration is refused at delivery), no redirects followed, a timeout.
 */
export function createWebhookSender(options: { reach: NetworkReach; timeoutMs?: number }) {
  const isBlocked = blockedUnder(options.reach);
  const fetcher = createPublicFetch(isBlocked, WEBHOOKS_PRIVATE_REFUSAL);
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    /** Whether a URL points at an address this sender refuses (literal or by DNS), for registration. */
    refuses: (url: string) => pointsAtPrivateNetwork(url, isBlocked),

    async post(url: string, headers: Record<string, string>, body: string): Promise<WebhookResponse> {
      try {
        const response = await fetcher(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Plume-Webhooks/1', ...headers },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        return { ok: true, status: response.status, excerpt: await excerptOf(response) };
      } catch (error) {
        const refusal = refusedIn(error);
        if (refusal) return { ok: false, status: null, error: refusal, refused: true };
        const name = error instanceof Error ? error.name : '';
        const message =
          name === 'TimeoutError' || name === 'AbortError'
            ? `No answer within ${timeoutMs / 1000} seconds`
            : `Could not connect: ${causeOf(error)}`;
        return { ok: false, status: null, error: message, refused: false };
      }
    },
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;

/** A refusal of the address, wherever undici wrapped it (the lookup's error is the cause of a TypeError). */
function refusedIn(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof FetchRefusedError) return e.message;
  }
  return undefined;
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'unknown error');
}
