import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { EMAIL_CHANGE_TTL_HOURS, RESET_TOKEN_TTL_MINUTES } from '@parceldesk/shared/constants';
import type { DbOrTx } from '../db/client';
import { passwordResetTokens } from '../db/schema/index';
import { hashOpaqueToken, newOpaqueToken } from '../security/tokens';

/**
 * Every single-use link of an account lives here (issue 15 #3): password links (reset and
 * invitation) and email-change confirmations. Using one, changing the password or the email, and
 * re-sending an invitation end all the others (`revokeAccountLinks`).
 */
export interface LinkAccount {
  type: 'user' | 'customer';
  id: string;
  courierId: string | null;
}

type LinkRow = typeof passwordResetTokens.$inferSelect;

async function issueLink(tx: DbOrTx, account: LinkAccount, link: { purpose: 'password' | 'email'; newEmail?: string; ttlMs: number }): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await tx.insert(passwordResetTokens).values({
    principalType: account.type,
    principalId: account.id,
    courierId: account.courierId,
    purpose: link.purpose,
    newEmail: link.newEmail ?? null,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + link.ttlMs),
  });
  return token;
}

/** Stores the hash of a fresh single-use password link (reset or invitation) and returns the raw token. */
export function issueResetToken(tx: DbOrTx, account: LinkAccount): Promise<string> {
  return issueLink(tx, account, { purpose: 'password', ttlMs: RESET_TOKEN_TTL_MINUTES * 60 * 1000 });
}

/** A link that, once opened, makes `newEmail` the account's address (issue 15 #2). */
export function issueEmailChangeToken(tx: DbOrTx, account: LinkAccount, newEmail: string): Promise<string> {
  return issueLink(tx, account, { purpose: 'email', newEmail, ttlMs: EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000 });
}

/** Ends every outstanding link of the account, except `keepId` (the one being used). */
export async function revokeAccountLinks(tx: DbOrTx, account: Pick<LinkAccount, 'type' | 'id'>, keepId?: string): Promise<void> {
  await tx.update(passwordResetTokens).set({ revokedAt: new Date() }).where(and(
    eq(passwordResetTokens.principalType, account.type),
    eq(passwordResetTokens.principalId, account.id),
    isNull(passwordResetTokens.usedAt),
    isNull(passwordResetTokens.revokedAt),
    keepId ? ne(passwordResetTokens.id, keepId) : undefined,
  ));
}

/**
 * Marks an open link of the purpose used and returns it, or null when unknown, used, revoked or
 * expired. Using a link ends every other link of the same account.
 */
async function consumeLink(tx: DbOrTx, token: string, purpose: 'password' | 'email', principalType?: 'user' | 'customer'): Promise<LinkRow | null> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(
      eq(passwordResetTokens.tokenHash, hashOpaqueToken(token)),
      eq(passwordResetTokens.purpose, purpose),
      principalType ? eq(passwordResetTokens.principalType, principalType) : undefined,
      isNull(passwordResetTokens.usedAt),
      isNull(passwordResetTokens.revokedAt),
      gt(passwordResetTokens.expiresAt, new Date()),
    ))
    .returning();
  if (!row) return null;
  await revokeAccountLinks(tx, { type: row.principalType, id: row.principalId }, row.id);
  return row;
}

/** A password link (reset or invitation) of the principal type: whose it was, or null. */
export function consumeResetToken(tx: DbOrTx, token: string, principalType: 'user' | 'customer'): Promise<LinkRow | null> {
  return consumeLink(tx, token, 'password', principalType);
}

/** An email-change link, with the address it confirms, or null. */
export async function consumeEmailChangeToken(tx: DbOrTx, token: string): Promise<(LinkRow & { newEmail: string }) | null> {
  const row = await consumeLink(tx, token, 'email');
  return row?.newEmail ? { ...row, newEmail: row.newEmail } : null;
}

/** The address an account asked to move to and has not confirmed yet, if any. */
export async function pendingEmailOf(db: DbOrTx, account: Pick<LinkAccount, 'type' | 'id'>): Promise<string | null> {
  const [row] = await db.select({ newEmail: passwordResetTokens.newEmail }).from(passwordResetTokens).where(and(
    eq(passwordResetTokens.principalType, account.type),
    eq(passwordResetTokens.principalId, account.id),
    eq(passwordResetTokens.purpose, 'email'),
    isNull(passwordResetTokens.usedAt),
    isNull(passwordResetTokens.revokedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  )).limit(1);
  return row?.newEmail ?? null;
}

export function staffResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/courier/reset-password?token=${encodeURIComponent(token)}`;
}

export function customerResetLink(publicUrl: string, token: string, apiKey: string): string {
  return `${publicUrl}/courier/customer-reset-password?token=${encodeURIComponent(token)}&api_key=${encodeURIComponent(apiKey)}`;
}

/** The confirmation page; a customer's carries the courier's key for its branding. */
export function confirmEmailLink(publicUrl: string, token: string, apiKey?: string): string {
  const key = apiKey ? `&api_key=${encodeURIComponent(apiKey)}` : '';
  return `${publicUrl}/courier/confirm-email?token=${encodeURIComponent(token)}${key}`;
}
