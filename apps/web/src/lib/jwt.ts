/** Reads a JWT's claims without verifying it: the server verifies; the browser only routes by them. */
export interface TokenClaims {
  sub?: string;
  role?: string;
  type?: string;
  exp?: number;
}

export function readTokenClaims(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    return JSON.parse(json) as TokenClaims;
  } catch {
    return null;
  }
}
