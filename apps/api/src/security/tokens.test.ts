import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner, TokenError } from './tokens';

const claims = { sub: 'user-1', sid: 'session-1', role: 'courier_admin', type: 'access', courier_id: 'courier-1' } as const;

const reason = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: unknown) => (error instanceof TokenError ? error.reason : String(error)));

describe('token signer', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts its own token again and again, and rejects it once expired even after accepting it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    const signer = createTokenSigner('s'.repeat(32));
    const token = await signer.sign(claims, new Date('2026-11-22T12:10:00Z'));
    expect(await signer.verify(token)).toMatchObject({ sub: 'user-1', sid: 'session-1' });
    expect(await signer.verify(token)).toMatchObject({ sub: 'user-1', sid: 'session-1' });
    vi.setSystemTime(new Date('2026-11-22T12:10:01Z'));
    expect(await reason(signer.verify(token))).toBe('expired');
  });

  it('rejects a token of another key or with a changed payload, before and after a good one was seen', async () => {
    const signer = createTokenSigner('s'.repeat(32));
    const other = createTokenSigner('o'.repeat(32));
    const token = await signer.sign(claims, new Date(Date.now() + 60_000));
    expect(await reason(other.verify(token))).toBe('invalid');
    await signer.verify(token);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'super_admin', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
    expect(await reason(signer.verify(`${header}.${forgedPayload}.${signature}`))).toBe('invalid');
    expect(await reason(other.verify(token))).toBe('invalid');
  });
});
