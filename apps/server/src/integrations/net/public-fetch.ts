import { lookup } from 'node:dns/promises';
import { Agent, fetch as undiciFetch } from 'undici';
import { FetchRefusedError, guardedLookup, isPrivateAddress, PRIVATE_ADDRESS_MESSAGE } from '../feeds/safe-fetch';

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** One connection pool per rule and refusal: clients are made per request, their pools are not. */
const agents = new WeakMap<(address: string) => boolean, Map<string, Agent>>();
function agentFor(isBlocked: (address: string) => boolean, refusal: string): Agent {
  const byRefusal = agents.get(isBlocked) ?? new Map<string, Agent>();
  agents.set(isBlocked, byRefusal);
  const agent = byRefusal.get(refusal) ?? new Agent({ connect: { lookup: guardedLookup(isBlocked, refusal) } });
  byRefusal.set(refusal, agent);
  return agent;
}

/**
 * A fetch for user-entered addresses (an AI provider's base URL): it connects only to public
 * addresses. The DNS answer checked is the one connected to; an IP literal is checked up front;
 * redirects are not followed (a redirect to an IP literal would skip the DNS check), and AI APIs
 * do not redirect. `isBlocked` says which addresses are refused (blockedUnder), `refusal` what
 * they are told.
 */
export function createPublicFetch(
  isBlocked: (address: string) => boolean = isPrivateAddress,
  refusal = PRIVATE_ADDRESS_MESSAGE,
): typeof fetch {
  const agent = agentFor(isBlocked, refusal);
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (isBlocked(hostOf(url))) throw new FetchRefusedError(refusal);
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
 * Whether a user-entered URL points at an address `isBlocked` refuses now (literal or DNS). A host
 * that does not resolve is not refused here: calling it fails later with its own message.
 */
export async function pointsAtPrivateNetwork(
  input: string,
  isBlocked: (address: string) => boolean = isPrivateAddress,
): Promise<boolean> {
  const host = hostOf(new URL(input));
  if (isBlocked(host)) return true;
  try {
    const answers = await lookup(host, { all: true });
    return answers.some((a) => isBlocked(a.address));
  } catch {
    return false;
  }
}
