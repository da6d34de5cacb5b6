import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MINUTES } from '@parceldesk/shared/constants';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/index';
import { hashOpaqueToken, newOpaqueToken } from '../../security/tokens';

/** Stores the hash of a fresh single-use token and returns the raw token for the email link. */
export async function issueResetToken(
  tx: DbOrTx,
  principal: { type: 'user' | 'customer'; id: string; courierId: string | null },
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await tx.insert(passwordResetTokens).values({
    principalType: principal.type,
    principalId: principal.id,
    courierId: principal.courierId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
  });
  return token;
}

/** Marks the token used and returns whose it was, or null when unknown, used or expired. */
export async function consumeResetToken(tx: DbOrTx, token: string, principalType: 'user' | 'customer') {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(
      eq(passwordResetTokens.tokenHash, hashOpaqueToken(token)),
      eq(passwordResetTokens.principalType, principalType),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, new Date()),
    ))
    .returning();
  return row ?? null;
}

export function staffResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/courier/reset-password?token=${encodeURIComponent(token)}`;
}

export function customerResetLink(publicUrl: string, token: string, apiKey: string): string {
  return `${publicUrl}/courier/customer-reset-password?token=${encodeURIComponent(token)}&api_key=${encodeURIComponent(apiKey)}`;
}
