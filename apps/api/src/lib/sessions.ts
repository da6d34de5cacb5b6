import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Role } from '@parceldesk/shared/roles';
import { REMEMBER_ME_SESSION_TTL_DAYS, SESSION_TTL_HOURS } from '@parceldesk/shared/constants';
import type { DbOrTx } from '../db/client';
import { sessions } from '../db/schema/index';
import type { TokenSigner } from '../security/tokens';
import type { Database } from '../db/client';
import { runAsOneStatement } from '../db/one-statement';
import { auditInsert } from './audit';

export interface NewSession {
  principalType: 'user' | 'customer';
  principalId: string;
  role: Role;
  courierId: string | null;
  rememberMe?: boolean;
  impersonatorId?: string | null;
  /** The issuer's session: this one ends with it (issue 15 #9). */
  impersonatorSessionId?: string | null;
  ip?: string;
  userAgent?: string;
}

/** The session row of a new session (its id chosen here) and the JWT that points at it; the JWT expires with the session. */
async function newSession(db: DbOrTx, signer: TokenSigner, input: NewSession) {
  const ttlMs = input.impersonatorId
    ? 60 * 60 * 1000 // an impersonation session lasts one hour
    : input.rememberMe
      ? REMEMBER_ME_SESSION_TTL_DAYS * 24 * 60 * 60 * 1000
      : SESSION_TTL_HOURS * 60 * 60 * 1000;
  const expiresAt = new Date(Date.now() + ttlMs);
  const id = randomUUID();
  const insert = db.insert(sessions).values({
    id,
    principalType: input.principalType,
    principalId: input.principalId,
    courierId: input.courierId,
    impersonatorId: input.impersonatorId ?? null,
    impersonatorSessionId: input.impersonatorSessionId ?? null,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    expiresAt,
  });
  const token = await signer.sign(
    { sub: input.principalId, sid: id, role: input.role, type: 'access', courier_id: input.courierId },
    expiresAt,
  );
  return { insert, token };
}

/** Creates the session row and the JWT that points at it; the JWT expires with the session. */
export async function startSession(db: DbOrTx, signer: TokenSigner, input: NewSession): Promise<string> {
  const { insert, token } = await newSession(db, signer, input);
  await insert;
  return token;
}

/** Whether a session is neither revoked nor expired (a missing id is not live). */
export async function isSessionLive(db: DbOrTx, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const [row] = await db.select({ id: sessions.id }).from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return Boolean(row);
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a principal, except `keepSessionId` when given. */
export async function revokeAllSessions(
  db: DbOrTx,
  principalType: 'user' | 'customer',
  principalId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(
      eq(sessions.principalType, principalType),
      eq(sessions.principalId, principalId),
      isNull(sessions.revokedAt),
      keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
    ));
}

/** A successful sign-in: the session and its audit entry commit together. */
export async function signInSession(db: Database, signer: TokenSigner, input: NewSession): Promise<string> {
  // The session and its audit row in one statement (atomic on its own; issue 16: four statements
  // with the transaction's BEGIN and COMMIT before, each a wait for a pooled connection under load).
  const { insert, token } = await newSession(db, signer, input);
  await runAsOneStatement(db, {
    writes: [insert, auditInsert(db, {
      courierId: input.courierId, actorType: input.principalType, actorId: input.principalId,
      action: 'auth.sign_in', targetType: input.principalType, targetId: input.principalId, ip: input.ip,
    })],
  });
  return token;
}
