import { lookup } from 'node:dns/promises';
import { Agent, fetch as undiciFetch } from 'undici';
import { FetchRefusedError, guardedLookup, isPrivateAddress, PRIVATE_ADDRESS_MESSAGE } from '../feeds/safe-fetch';

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

let sharedAgent: Agent | undefined;

/**
 * A fetch for user-entered addresses (an AI provider's base URL): it connects only to public
 * addresses. The DNS answer checked is the one connected to; an IP literal is checked up front;
 * redirects are not followed (a redirect to an IP literal would skip the DNS check), and AI APIs
 * do not redirect. `isBlocked` is for tests.
 */
export function createPublicFetch(isBlocked: (address: string) => boolean = isPrivateAddress): typeof fetch {
  if (!sharedAgent) sharedAgent = new Agent({ connect: { lookup: guardedLookup(false) } });
  const agent =
    isBlocked === isPrivateAddress ? sharedAgent : new Agent({ connect: { lookup: guardedLookup(false, isBlocked) } });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (isBlocked(hostOf(url))) throw new FetchRefusedError(PRIVATE_ADDRESS_MESSAGE);
    // A Request carries its own method, headers, body and signal (the atproto clients send one);
    // `init`, when given too, overrides them as fetch does.
    const fromRequest =
      input instanceof Request
        ? {
            method: input.method,
            headers: input.headers,
            body: input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.arrayBuffer(),
            signal: input.signal,
          }
        : {};
    return undiciFetch(url, {
      ...fromRequest,
      ...(init as object),
      redirect: 'manual',
      dispatcher: agent,
    } as Parameters<typeof undiciFetch>[1]);
  }) as unknown as typeof fetch;
}

/**
 * Whether a user-entered URL points at a private or local network now (literal or DNS). A host
 * that does not resolve is not refused here: calling it fails later with its own message.
 */
export async function pointsAtPrivateNetwork(input: string): Promise<boolean> {
  const host = hostOf(new URL(input));
  if (isPrivateAddress(host)) return true;
  try {
    const answers = await lookup(host, { all: true });
    return answers.some((a) => isPrivateAddress(a.address));
  } catch {
    return false;
  }
}
