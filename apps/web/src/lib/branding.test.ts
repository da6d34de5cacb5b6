import { describe, expect, it } from 'vitest';
import { subdomainCode } from './branding';

describe('subdomainCode (spec section 9: subdomain detection)', () => {
  it('reads the courier code from the first label', () => {
    expect(subdomainCode('isl.parceldesk.app')).toBe('isl');
    expect(subdomainCode('KPX.parceldesk.app')).toBe('kpx');
    expect(subdomainCode('isl.localhost')).toBe('isl');
  });

  it('ignores the product host, localhost, IP addresses and bare domains', () => {
    expect(subdomainCode('www.parceldesk.app')).toBeNull();
    expect(subdomainCode('parceldesk.parceldesk.app')).toBeNull();
    expect(subdomainCode('localhost')).toBeNull();
    expect(subdomainCode('127.0.0.1')).toBeNull();
    expect(subdomainCode('parceldesk.app')).toBeNull();
  });
});
