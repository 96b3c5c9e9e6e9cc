import { lookup } from 'node:dns/promises';
import { Agent, fetch as undiciFetch } from 'undici';
import { FetchRefusedError, guardedLookup, isPrivateAddress, PRIVATE_ADDRESS_MESSAGE } from '../feeds/safe-fetch';

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * A fetch for user-entered addresses (an AI provider's base URL): it connects only to public
 * addresses. The DNS answer checked is the one connected to; an IP literal is checked up front.
 */
export function createPublicFetch(): typeof fetch {
  const agent = new Agent({ connect: { lookup: guardedLookup(false) } });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (isPrivateAddress(hostOf(url))) throw new FetchRefusedError(PRIVATE_ADDRESS_MESSAGE);
    return undiciFetch(url, { ...(init as object), dispatcher: agent } as Parameters<typeof undiciFetch>[1]);
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
