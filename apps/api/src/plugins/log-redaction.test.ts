import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl (issue 15, item 6)', () => {
  it('redacts a credential parameter by its decoded name, whatever the encoding', () => {
    for (const name of ['token', '%74oken', '%2574oken', 'T%4FKEN', 'password', 'api%5Fkey', 'to+ken'.replace('+', ''), 'token[]', '%zz']) {
      const url = redactUrl(`/api/x?page=2&${name}=s3cret&q=a`);
      expect(url, name).not.toContain('s3cret');
      expect(url, name).toContain('page=2');
      expect(url, name).toContain('q=a');
    }
  });

  it('keeps ordinary parameters, and logs no query at all on the live-events route', () => {
    expect(redactUrl('/api/customers?search=ann&page=3')).toBe('/api/customers?search=ann&page=3');
    expect(redactUrl('/api/events/stream?anything=1&%74oken=abc')).toBe('/api/events/stream');
    expect(redactUrl('/api/events/%73tream?t=abc', '/api/events/stream')).toBe('/api/events/%73tream');
  });
});
