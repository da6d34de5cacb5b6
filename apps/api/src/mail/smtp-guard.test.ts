import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../test/smtp-receiver';
import { ipv6Groups, isPrivateAddress, type HostLookup } from '../security/host-guard';
import { createCourierTransport, resolveSmtpHost, SMTP_HOST_NOT_PUBLIC } from './smtp-transport';

describe('isPrivateAddress', () => {
  it('flags loopback, private, link-local, unique-local and reserved addresses', () => {
    for (const address of [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', 'not-an-ip',
    ]) expect(isPrivateAddress(address), address).toBe(true);
  });

  it('flags the IPv6 forms the outside test found: IPv4-compatible, 6to4, Teredo, discard-only (issue 15, item 7)', () => {
    for (const address of [
      '::7f00:1', '::127.0.0.1', '::a00:1', '2002:7f00:1::1', '2002:a00:1::', '2002:c0a8:101::1', '2001:0:7f00:1::1', '2001::1',
      '100::1', '100::', '64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b:1::8.8.8.8', '2001:db8::25', '3fff::1', 'fec0::1',
      '::ffff:0:7f00:1', '::ffff:a9fe:a9fe', '::ffff:169.254.169.254', 'fe80::1%eth0', '0:0:0:0:0:0:0:1', '::0.0.0.1',
    ]) expect(isPrivateAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2607:f8b0:4004:800::200e', '::ffff:8.8.8.8', '2002:808:808::1', '64:ff9b::8.8.8.8', '2a00:1450:4001:82a::201a']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('resolveSmtpHost', () => {
  it('refuses a name that resolves to loopback, and an address literal inside the network', async () => {
    await expect(resolveSmtpHost('localhost', false)).rejects.toThrow(SMTP_HOST_NOT_PUBLIC);
    await expect(resolveSmtpHost('10.0.0.8', false)).rejects.toThrow(SMTP_HOST_NOT_PUBLIC);
  });

  it('returns the checked public address to connect to, and anything when private hosts are allowed', async () => {
    expect(await resolveSmtpHost('8.8.8.8', false)).toBe('8.8.8.8');
    expect(await resolveSmtpHost('localhost', true)).toBe('localhost');
  });

  it('explains a name that does not resolve', async () => {
    await expect(resolveSmtpHost('no-such-host.invalid', false)).rejects.toThrow(/could not be resolved/);
  });
});

const byte = fc.integer({ min: 0, max: 255 });
const dotted = (bytes: number[]) => bytes.join('.');
const hex = (high: number, low: number) => `${((high << 8) | low).toString(16)}`;
const group = fc.integer({ min: 0, max: 0xffff }).map((g) => g.toString(16));
/** An IPv4 address in one of the ranges no SMTP setting may reach. */
const privateV4 = fc.oneof(
  fc.tuple(fc.constant(127), byte, byte, byte),
  fc.tuple(fc.constant(10), byte, byte, byte),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), byte, byte),
  fc.tuple(fc.constant(192), fc.constant(168), byte, byte),
  fc.tuple(fc.constant(169), fc.constant(254), byte, byte),
  fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), byte, byte),
  fc.tuple(fc.constant(0), byte, byte, byte),
);
/** Every IPv6 way of carrying an IPv4 address, in dotted and hex spellings, with any letter case. */
const embeddings = (v: number[]): string[] => {
  const [a = 0, b = 0, c = 0, d = 0] = v;
  const h = `${hex(a, b)}:${hex(c, d)}`;
  return [
    `::ffff:${dotted(v)}`, `::ffff:${h}`, `0:0:0:0:0:ffff:${h}`, `::ffff:0:${h}`, `::${dotted(v)}`, `::${h}`,
    `64:ff9b::${dotted(v)}`, `64:ff9b::${h}`, `2002:${h}::1`, `2002:${h}:1:2:3:4:5`, `2001:0:${h}::1`, `2001:0000:${h}:0:0:0:0:1`,
  ];
};

describe('SMTP guard property test (issue 15, item 7)', () => {
  it('refuses every private IPv4 address however IPv6 carries it', () => {
    fc.assert(fc.property(privateV4, fc.nat(11), fc.boolean(), (v, form, upper) => {
      const address = embeddings(v)[form] ?? '';
      const spelled = upper ? address.toUpperCase() : address;
      expect(isPrivateAddress(spelled), spelled).toBe(true);
      expect(isPrivateAddress(dotted(v)), dotted(v)).toBe(true);
    }), { numRuns: 2000 });
  });

  it('refuses every address outside global unicast, and parses what it judges', () => {
    const nonGlobalPrefix = fc.oneof(
      fc.integer({ min: 0, max: 0x1fff }), // ::/3 (loopback, unspecified, compat, 100::/64…)
      fc.integer({ min: 0xfc00, max: 0xfdff }), fc.integer({ min: 0xfe80, max: 0xfebf }), fc.integer({ min: 0xff00, max: 0xffff }),
      fc.integer({ min: 0x4000, max: 0xfbff }), // unassigned outside 2000::/3
    );
    fc.assert(fc.property(nonGlobalPrefix, fc.array(group, { minLength: 7, maxLength: 7 }), (first, rest) => {
      const address = [first.toString(16), ...rest].join(':');
      expect(ipv6Groups(address)).toHaveLength(8);
      expect(isPrivateAddress(address), address).toBe(true);
    }), { numRuns: 2000 });
  });

  it('lets public IPv4 through in the IPv4-mapped, NAT64 and 6to4 forms it judges by the embedded address', () => {
    fc.assert(fc.property(fc.tuple(fc.integer({ min: 1, max: 9 }), byte, byte, fc.integer({ min: 1, max: 254 })), (v) => {
      const [a = 0, b = 0, c = 0, d = 0] = v;
      const h = `${hex(a, b)}:${hex(c, d)}`;
      for (const address of [dotted(v), `::ffff:${dotted(v)}`, `64:ff9b::${h}`, `2002:${h}::1`]) expect(isPrivateAddress(address), address).toBe(false);
    }), { numRuns: 500 });
  });
});

describe('the connection is checked, not only the saved name (issue 15, item 7)', () => {
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('refuses a name that answers a public address when saved and loopback when connecting (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding: HostLookup = async () => (++calls === 1 ? ['93.184.215.14'] : ['127.0.0.1']);
    const settings = { host: 'mail.rebind.test', port: receiver.port, user: 'u', password: 'p', fromEmail: 'a@b.test', fromName: 'A' };
    const transport = await createCourierTransport(settings, false, rebinding);
    await expect(transport.sendMail({ from: 'a@b.test', to: 'c@d.test', subject: 'x', text: 'x' })).rejects.toThrow(SMTP_HOST_NOT_PUBLIC);
    transport.close();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(receiver.received).toHaveLength(0);
  });
});
