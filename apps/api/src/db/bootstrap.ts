import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { users } from './schema/index';
import { hashPassword } from '../security/passwords';

const BOOTSTRAP_LOCK_ID = 727_002;

/**
 * On an empty database, creates the network's super admin from SUPERADMIN_EMAIL and
 * SUPERADMIN_PASSWORD, or with a generated password that is printed once.
 */
export async function ensureSuperAdmin(
  db: Database,
  input: { email: string; password?: string },
  announce: (message: string) => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'super_admin')).limit(1);
    if (existing) return;
    const password = input.password ?? randomBytes(12).toString('base64url');
    await tx.insert(users).values({
      role: 'super_admin', firstName: 'Super', lastName: 'Admin', email: input.email.toLowerCase(), passwordHash: await hashPassword(password),
    });
    announce(input.password
      ? `Super admin created: ${input.email} (password from SUPERADMIN_PASSWORD)`
      : `Super admin created: ${input.email} / ${password}  (shown once; set SUPERADMIN_PASSWORD to choose it)`);
  });
}
