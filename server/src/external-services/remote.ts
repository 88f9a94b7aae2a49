import dns, { type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { EXTERNAL_MSG } from '@fieldbook/domain';
import { badRequest } from '../http/errors.js';

/** Limits of a server-side fetch of someone else's service. */
export const REMOTE_LIMITS = {
  timeoutMs: 10_000,
  capabilitiesBytes: 5 * 1024 * 1024,
  imageBytes: 10 * 1024 * 1024,
  redirects: 3,
} as const;

// IPv4-compatible addresses (::a.b.c.d, deprecated) include :: and ::1; nothing public uses them.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/** The IPv4 address an IPv6 address carries: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) or 6to4 (2002::/16). */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const bytes = address.toByteArray();
  if (address.match(NAT64_WELL_KNOWN)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.range() === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** The host's own interface addresses: a public address of this machine is still this machine. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? [])
      if (ipaddr.isValid(entry.address)) own.add(ipaddr.process(entry.address).toNormalizedString());
  }
  return own;
}

/**
 * Whether an address must not be fetched from: anything but global unicast (ipaddr.js range names:
 * loopback, private, link-local, unique-local, site-local, multicast, reserved, Teredo, …), an
 * IPv6 address carrying such an IPv4 address, or one of the host's own addresses.
 */
export function isPrivateAddress(address: string, own: Set<string> = ownAddresses()): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.match(IPV4_COMPATIBLE)) return true;
    parsed = embeddedIPv4(v6) ?? v6;
  }
  if (own.has(parsed.toNormalizedString())) return true;
  return parsed.range() !== 'unicast';
}

/**
 * Refuses URLs whose host resolves to a loopback, private or link-local address, so a user cannot
 * make the server reach its own network (the operator may allow it: ALLOW_PRIVATE_SERVICE_URLS).
 */
export async function checkRemoteUrl(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(EXTERNAL_MSG.urlInvalid);
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (r) => r.map((a) => a.address),
        () => {
          throw badRequest(EXTERNAL_MSG.unreachable);
        },
      );
  if (!addresses.length || addresses.some((a) => isPrivateAddress(a))) throw badRequest(EXTERNAL_MSG.privateAddress);
}

export interface RemoteResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * The DNS lookup of a remote request, refusing private answers at connection time: checking the name
 * first and letting the request resolve it again would let a name that changes its answer (DNS
 * rebinding) reach the server's own network.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      if (!allowPrivate && (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))) {
        return callback(Object.assign(new Error('private address'), { code: 'EPRIVATEADDRESS' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET (no redirects followed), with the guarded lookup, a timeout and a size cap. */
function getOnce(
  target: URL,
  headers: Record<string, string>,
  allowPrivate: boolean,
  maxBytes: number,
): Promise<RawResponse> {
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target,
      { headers, lookup: guardedLookup(allowPrivate), timeout: REMOTE_LIMITS.timeoutMs },
      (res) => {
        const status = res.statusCode ?? 502;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
        }
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
          res.destroy();
          return reject(new Error('too large'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > maxBytes) res.destroy(new Error('too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/**
 * GET with a timeout, a size cap and redirects checked one by one (a public address must not
 * redirect into a private one). Basic credentials go only to the service's own host.
 */
export async function fetchRemote(
  url: string,
  options: { allowPrivate: boolean; maxBytes: number; username?: string; password?: string },
): Promise<RemoteResponse> {
  let target = new URL(url);
  const origin = target.origin;
  for (let hop = 0; hop <= REMOTE_LIMITS.redirects; hop++) {
    await checkRemoteUrl(target, options.allowPrivate);
    const headers: Record<string, string> = { 'user-agent': 'Fieldbook' };
    if (options.username && target.origin === origin)
      headers.authorization = `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`;
    const res = await getOnce(target, headers, options.allowPrivate, options.maxBytes).catch(
      (err: { code?: string }) => {
        throw badRequest(err?.code === 'EPRIVATEADDRESS' ? EXTERNAL_MSG.privateAddress : EXTERNAL_MSG.unreachable);
      },
    );
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      target = new URL(location, target);
      continue;
    }
    const type = res.headers['content-type'];
    return {
      status: res.status,
      contentType: (Array.isArray(type) ? type[0] : type) ?? 'application/octet-stream',
      body: res.body,
    };
  }
  throw badRequest(EXTERNAL_MSG.unreachable);
}
