import { hash, verify } from '@node-rs/argon2';

/** OWASP argon2id parameters: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 is Algorithm.Argon2id (an ambient const enum, not importable under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Compared against when no account matches, so a wrong email costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('parceldesk-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
