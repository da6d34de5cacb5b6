import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveSmtpHost, SMTP_HOST_NOT_PUBLIC } from './smtp-guard';

describe('isPrivateAddress', () => {
  it('flags loopback, private, link-local, unique-local and reserved addresses', () => {
    for (const address of [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', 'not-an-ip',
    ]) expect(isPrivateAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2607:f8b0:4004:800::200e', '::ffff:8.8.8.8']) {
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
