import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@parceldesk/shared/roles';

export type TokenType = 'access' | 'impersonation';

export interface TokenClaims {
  sub: string;
  /** session id for access tokens, grant id for impersonation tokens */
  sid: string;
  role: Role;
  type: TokenType;
  courier_id: string | null;
  exp: number;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason);
  }
}

/** Verified tokens remembered per signer; a browser sends the same token with every request. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  // A token's signature check always gives the same answer for the same key, so a verified token
  // is not verified again (jose's WebCrypto HMAC was ~7% of a list request's CPU). Expiry is
  // still checked every time; revocation is the session row's job (lib/principal.ts).
  const verified = new Map<string, TokenClaims>();
  return {
    async sign(claims: Omit<TokenClaims, 'exp'>, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sid, role: claims.role, type: claims.type, courier_id: claims.courier_id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 <= Date.now()) throw new TokenError('expired');
        return known;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
          throw new TokenError('invalid');
        }
        const claims = payload as unknown as TokenClaims;
        // Maps keep insertion order: the first key is the oldest.
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** 256-bit random token for emails; only its SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
