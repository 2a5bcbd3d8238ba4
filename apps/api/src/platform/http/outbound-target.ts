import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Where the server may send a request an organisation chose the address of (its webhook, issue 32 §1):
 * https to an address on the public internet, never this machine, a private network or the cloud's
 * metadata service (server-side request forgery). The name is resolved once and the connection made to
 * the address that was checked (`guardedLookup`), so a name that answers differently a moment later
 * (DNS rebinding) cannot slip through. Outside production (`allowLoopback`) http and https to this
 * machine's loopback addresses are allowed too, for development and tests; private networks never are.
 */

export interface OutboundPolicy {
  /** Development and tests only: http(s)://127.0.0.1 (or ::1, localhost) allowed. */
  allowLoopback: boolean;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/*
 * Not on the public internet (RFC 6890 special-purpose ranges that matter for a request). One list per
 * family: a BlockList judges an IPv4 address against IPv6 rules too, as ::ffff:a.b.c.d.
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}

/** Whether the server may connect to this IP address under the policy. */
export function isAllowedAddress(address: string, policy: OutboundPolicy): boolean {
  const plain = unmapped(address);
  const family = familyOf(plain);
  if (LOOPBACK.check(plain, family)) return policy.allowLoopback;
  return !(family === 'ipv4' ? NOT_PUBLIC_V4 : NOT_PUBLIC_V6).check(plain, family);
}

function isLoopbackName(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && LOOPBACK.check(unmapped(host), familyOf(unmapped(host)));
}

/**
 * Whether an address may be a webhook at all, before any name is resolved: https (http only to this
 * machine outside production), no user or password in it. An IP address written in it is judged here;
 * a name is judged when resolved (`resolvesToAllowed`, and again at every connection).
 */
export function isAllowedTargetUrl(value: string, policy: OutboundPolicy): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password) return false;
  const loopback = isLoopbackName(url.hostname);
  if (loopback) return policy.allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:');
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 || isAllowedAddress(host, policy);
}

/** Whether every address the URL's name resolves to now is allowed (a name that does not resolve is not). */
export async function resolvesToAllowed(value: string, policy: OutboundPolicy): Promise<boolean> {
  if (!isAllowedTargetUrl(value, policy)) return false;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return true;
  try {
    const addresses = await dnsLookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((entry) => isAllowedAddress(entry.address, policy));
  } catch {
    return false;
  }
}

/** Thrown by guardedLookup when a name resolves to an address the policy refuses. */
export class BlockedAddressError extends Error {
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not on the public internet`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * A `lookup` for http(s).request: resolves the name and refuses it unless every address is allowed,
 * so the connection goes to an address that was checked.
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }).then(
      (addresses) => {
        const first = addresses[0];
        if (!first || !addresses.every((entry) => isAllowedAddress(entry.address, policy))) {
          callback(new BlockedAddressError(hostname) as NodeJS.ErrnoException, '', 4);
          return;
        }
        if (options.all) {
          (callback as unknown as (error: null, all: Array<{ address: string; family: number }>) => void)(
            null,
            addresses,
          );
        } else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
