import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * A URL someone typed could not be fetched; the message says why, for the user. `refused`: the
 * address itself is not allowed (bad input); `failed`: the site or the network let us down.
 */
export class FetchRefusedError extends Error {
  constructor(
    message: string,
    public readonly kind: 'refused' | 'failed' = 'refused',
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/**
 * What a server-side fetch of a URL someone typed may reach besides the public internet: nothing
 * else, this machine's loopback too, or private networks as well (decision 029).
 */
export type NetworkReach = 'public' | 'loopback' | 'private';

export type SafeFetchOptions = {
  /** Loopback and private addresses are refused unless the reach allows them. */
  reach: NetworkReach;
  /** What a refused address is told, naming the switch that allows it. */
  refusal?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** The validators of the last answer: a conditional request, answered 304 when nothing changed. */
  etag?: string | null;
  lastModified?: string | null;
};

export type FetchedDocument = {
  url: string;
  status: number;
  contentType: string;
  text: string;
  /** The answer's bytes as they came (decoded from gzip and the like): an image's, say. */
  body: Buffer;
  /** The answer's validators, for the next conditional request. */
  etag?: string | null;
  lastModified?: string | null;
};

// Addresses a user-supplied URL must never reach from the server (SSRF).
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // These carry an IPv4 address inside and can reach private networks through gateways.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged by its IPv4 part. (No ::ffff:0:0/96 rule: BlockList
 * checks IPv4 addresses against IPv6 rules as mapped addresses, so it would block them all.)
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) {
    const v4 = address.slice(7);
    if (isIP(v4) === 4) return blocked.check(v4, 'ipv4');
  }
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** 127.0.0.0/8 and ::1 (also as ::ffff:127.x.y.z): this machine itself. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family !== 6) return false;
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return lower.slice(7).startsWith('127.');
  return lower === '::1' || lower === '0:0:0:0:0:0:0:1';
}

const privateButNotLoopback = (address: string) => isPrivateAddress(address) && !isLoopbackAddress(address);
const nothingBlocked = () => false;

/** The addresses refused under `reach` (one function per reach, so callers may cache by it). */
export function blockedUnder(reach: NetworkReach): (address: string) => boolean {
  if (reach === 'private') return nothingBlocked;
  return reach === 'loopback' ? privateButNotLoopback : isPrivateAddress;
}

export const PRIVATE_ADDRESS_MESSAGE = 'That address is on a private or local network, which Plume does not fetch from';

/** The refusal of a private or loopback address, naming the setting that allows it. */
export function privateAddressMessage(switchName: string): string {
  return `${PRIVATE_ADDRESS_MESSAGE}; set ${switchName}=true to allow it`;
}

/** A DNS lookup that refuses blocked answers, so the checked address is the one connected to. */
export function guardedLookup(
  isBlocked: (address: string) => boolean = isPrivateAddress,
  refusal = PRIVATE_ADDRESS_MESSAGE,
): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const usable = list.filter((a) => !isBlocked(a.address));
      if (usable.length === 0) return callback(new FetchRefusedError(refusal), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

function decoder(encoding: string | undefined) {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return null;
}

function getOnce(url: URL, options: Required<SafeFetchOptions>): Promise<FetchedDocument & { location?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup(blockedUnder(options.reach), options.refusal),
        timeout: options.timeoutMs,
        headers: {
          'user-agent': 'PlumeBot/0.1 (+https://plume.local/help/)',
          accept:
            'application/rss+xml, application/atom+xml, application/xml, text/xml, text/html, application/json;q=0.9, */*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          ...(options.etag ? { 'if-none-match': options.etag } : {}),
          ...(options.lastModified ? { 'if-modified-since': options.lastModified } : {}),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          resolve({ url: url.toString(), status, contentType: '', text: '', body: Buffer.alloc(0), location });
          return;
        }
        const decode = decoder(response.headers['content-encoding']);
        const stream = decode ? response.pipe(decode) : response;
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy(
              new FetchRefusedError(`The page is larger than ${Math.round(options.maxBytes / 1024)} KB`, 'failed'),
            );
            return;
          }
          chunks.push(chunk);
        });
        stream.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            url: url.toString(),
            status,
            contentType: String(response.headers['content-type'] ?? ''),
            text: body.toString('utf8'),
            body,
            etag: response.headers.etag ?? null,
            lastModified: response.headers['last-modified'] ?? null,
          });
        });
        stream.on('error', reject);
      },
    );
    // The socket timeout only catches silence; this bounds the whole exchange.
    const deadline = setTimeout(
      () =>
        request.destroy(new FetchRefusedError(`No answer within ${Math.round(options.timeoutMs / 1000)} s`, 'failed')),
      options.timeoutMs,
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () =>
      request.destroy(new FetchRefusedError(`No answer within ${Math.round(options.timeoutMs / 1000)} s`, 'failed')),
    );
    request.on('error', reject);
  });
}

/**
 * GETs a user-supplied http(s) URL from the server: private and loopback addresses refused as its
 * reach says (also after redirects and DNS answers), with a timeout and a size cap.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<FetchedDocument> {
  const settings: Required<SafeFetchOptions> = {
    timeoutMs: 10_000,
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 3,
    etag: null,
    lastModified: null,
    refusal: PRIVATE_ADDRESS_MESSAGE,
    ...options,
  };
  const isBlocked = blockedUnder(settings.reach);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefusedError('That is not a valid URL');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FetchRefusedError('Only http and https addresses can be fetched');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An IP literal never goes through DNS, so it is checked here.
    if (isBlocked(host)) throw new FetchRefusedError(settings.refusal);
    let result: FetchedDocument & { location?: string };
    try {
      result = await getOnce(url, settings);
    } catch (error) {
      if (error instanceof FetchRefusedError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        throw new FetchRefusedError(`${url.hostname} could not be found`, 'failed');
      if (code === 'ECONNREFUSED') throw new FetchRefusedError(`${url.host} refused the connection`, 'failed');
      throw new FetchRefusedError(`Could not fetch ${url.host}: ${(error as Error).message}`, 'failed');
    }
    if (!result.location) return result;
    if (hop >= settings.maxRedirects) throw new FetchRefusedError('Too many redirects', 'failed');
    url = new URL(result.location, url);
  }
}
