import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { couriers, customers } from '../../db/schema/index';
import { auditAction, type Actor } from '../../lib/actor';

/** PUT /settings/volumetric-divisor: new packages are measured with it; each package keeps the divisor it was measured under. */
export async function saveVolumetricDivisor(db: Tx, input: { actor: Actor; courierId: string; volumetricDivisor: number }): Promise<void> {
  const { actor, courierId, volumetricDivisor } = input;
  const [before] = await db.select({ divisor: couriers.volumetricDivisor }).from(couriers).where(eq(couriers.id, courierId)).for('update');
  await db.update(couriers).set({ volumetricDivisor, updatedAt: new Date() }).where(eq(couriers.id, courierId));
  await auditAction(db, actor, {
    courierId, action: 'settings.volumetric_divisor_updated', targetType: 'courier', targetId: courierId,
    details: { from: before?.divisor ?? null, to: volumetricDivisor },
  });
}

/** PUT /customers/me/package-emails: the customer's switch for package status emails (in-app notifications stay). */
export async function savePackageEmails(db: DbOrTx, input: { actor: Actor; packageEmails: boolean }): Promise<void> {
  const { actor, packageEmails } = input;
  await db.update(customers).set({ packageEmails, updatedAt: new Date() }).where(eq(customers.id, actor.principal.id));
  await auditAction(db, actor, { courierId: actor.principal.courierId, action: 'customer.package_emails_changed', targetType: 'customer', targetId: actor.principal.id, details: { packageEmails } });
}
