import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export const SMTP_HOST_NOT_PUBLIC = 'SMTP host must be a public address';

/** Thrown when a courier's SMTP host is not a public address (its message is shown to the admin). */
export class SmtpHostError extends Error {}

// Loopback, private, link-local, unique-local, CGNAT, multicast and reserved ranges: a courier's
// SMTP setting must not reach the internal network (issue 4, email configuration).
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b:1::', 48],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

/** True for any address that is not a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // IPv4-mapped/compatible and NAT64 forms carry an IPv4 address: judge that one.
  const embedded = /^(?:::ffff:(?:0:)?|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (embedded) return blocked.check(embedded, 'ipv4');
  const mappedHex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mappedHex?.[1] && mappedHex[2]) {
    const high = parseInt(mappedHex[1], 16);
    const low = parseInt(mappedHex[2], 16);
    return blocked.check([high >> 8, high & 255, low >> 8, low & 255].join('.'), 'ipv4');
  }
  return blocked.check(address, 'ipv6');
}

/**
 * Resolves the host and returns the address to connect to. Unless private hosts are allowed,
 * every address the name resolves to must be public, and the caller connects to the checked
 * address itself (not the name again), so a second DNS answer cannot point inside.
 */
export async function resolveSmtpHost(host: string, allowPrivate: boolean): Promise<string> {
  if (allowPrivate) return host;
  let addresses: { address: string }[];
  try {
    addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'lookup failed';
    throw new SmtpHostError(`SMTP host ${host} could not be resolved (${code})`);
  }
  const first = addresses[0];
  if (!first || addresses.some((a) => isPrivateAddress(a.address))) throw new SmtpHostError(SMTP_HOST_NOT_PUBLIC);
  return first.address;
}
