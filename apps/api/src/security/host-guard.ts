import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one guard against a courier's setting reaching the internal network (server-side request
 * forgery): the courier's SMTP host (issue 4) and webhook URLs (issue 17) both pass through it.
 */

/** Thrown when a host is not a public address; its message (the caller's) is shown to the admin. */
export class HostNotPublicError extends Error {}

// Loopback, private, link-local, CGNAT, multicast, documentation and reserved IPv4 ranges.
const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blockedV4.addSubnet(network, prefix, 'ipv4');

/** The 8 16-bit groups of an IPv6 address (a trailing dotted quad included), or null when malformed. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  if (text.includes('%')) return null; // a zone id only exists on link-local scopes
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const bytes = quad.slice(1).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(':') : []).map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

const v4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
const isPrivateV4 = (address: string) => blockedV4.check(address, 'ipv4');

/**
 * Judges an IPv6 address as its 8 groups (issue 15, item 7). Only global unicast (2000::/3)
 * passes, less the ranges inside it that are not global; forms that carry an IPv4 address
 * (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address. The
 * deprecated IPv4-compatible ::a.b.c.d, Teredo and the rest of 2001::/23 are refused whole:
 * no mail server is reached through them, and Teredo hides its client address.
 */
function isPrivateV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isPrivateV4(v4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPrivateV4(v4(g6, g7));
  if ((g0 & 0xe000) !== 0x2000) return true; // ::/96, ::1, 100::/64, ULA, link-local, multicast, 64:ff9b:1::/48…
  if (g0 === 0x2002) return isPrivateV4(v4(g1, g2));
  if (g0 === 0x2001 && g1 < 0x200) return true; // 2001::/23: Teredo, benchmarking, ORCHID, IETF assignments
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return true; // documentation (RFC 9637)
  if (g0 === 0x5f00) return true; // SRv6 SIDs
  return false;
}

/** True for any address that is not a public unicast address (and for anything that is not an address). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPrivateV4(address);
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  return !groups || isPrivateV6(groups);
}

export type HostLookup = (host: string) => Promise<string[]>;

/** The system resolver (getaddrinfo, as net.connect uses), every address of the name. */
export const systemLookup: HostLookup = (host) => new Promise((resolve, reject) => {
  dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address))));
});

/**
 * Resolves the host and returns the address to connect to. Unless private hosts are allowed,
 * every address the name resolves to must be public. `what` names the setting in messages
 * ('SMTP host', 'Webhook URL'): `${what} must be a public address`.
 */
export async function resolvePublicHost(host: string, allowPrivate: boolean, what: string, lookup: HostLookup = systemLookup): Promise<string> {
  if (allowPrivate) return host;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await lookup(host);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'lookup failed';
    throw new HostNotPublicError(`${what} ${host} could not be resolved (${code})`);
  }
  const first = addresses[0];
  if (!first || addresses.some(isPrivateAddress)) throw new HostNotPublicError(notPublicMessage(what));
  return first;
}

/** The refusal shown beside the field: 'SMTP host must be a public address'. */
export const notPublicMessage = (what: string) => `${what} must be a public address`;

/**
 * A `lookup` for net.connect that answers only public addresses: the name is resolved again at
 * the moment of connecting, so a DNS answer that changed since the check (rebinding) is refused.
 */
export function guardedLookup(what: string, lookup: HostLookup = systemLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname).then((addresses) => {
      const first = addresses[0];
      if (!first || addresses.some(isPrivateAddress)) throw new HostNotPublicError(notPublicMessage(what));
      if (options.all) callback(null, addresses.map((address) => ({ address, family: isIP(address) })));
      else callback(null, first, isIP(first));
    }).catch((error: unknown) => callback(error as NodeJS.ErrnoException, '', 0));
  };
}
