import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS } from '@parceldesk/shared/permissions';
import type { DbOrTx } from '../../db/client';
import { branches, couriers, roles } from '../../db/schema/index';
import { loadPlatformSettings, seedCourierDefaults } from '../../lib/platform-defaults';

/** A short upper-case code from the company name (first letters), made unique with a number. */
export async function uniqueCourierCode(db: DbOrTx, name: string): Promise<string> {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  const words = name.toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
  const initials = words.length >= 2 ? words.map((w) => w[0]).join('') : letters;
  const base = (initials.length >= 2 ? initials : `${letters}XXX`).slice(0, 4);
  for (let n = 1; n < 1000; n += 1) {
    const code = n === 1 ? base : `${base}${n}`;
    const taken = await db.execute(sql`select 1 from couriers where lower(code) = lower(${code}) limit 1`);
    if (taken.rowCount === 0) return code;
  }
  return `${base}${randomBytes(3).toString('hex').toUpperCase()}`;
}

export function newApiKey(): string {
  return `pk_${randomBytes(24).toString('hex')}`;
}

export interface NewCourier {
  name: string;
  code?: string;
  contactEmail?: string | null;
  contactPhone?: string | null;
  supportsMembership?: boolean;
}

/**
 * Creates a courier ready to take customers: unique code and api_key, the two built-in roles
 * with their default permissions, a first branch (registration requires choosing one), and its
 * settings copied from the platform's defaults (/superadmin/settings, decision 023).
 */
export async function createCourier(tx: DbOrTx, input: NewCourier) {
  const code = input.code ?? (await uniqueCourierCode(tx, input.name));
  const defaults = await loadPlatformSettings(tx);
  const [courier] = await tx.insert(couriers).values({
    name: input.name,
    code,
    apiKey: newApiKey(),
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
    supportsMembership: input.supportsMembership ?? false,
    volumetricDivisor: defaults.volumetricDivisor,
  }).returning();
  if (!courier) throw new Error('courier insert returned nothing');
  await seedCourierDefaults(tx, courier.id, defaults);
  const builtRoles = await tx.insert(roles).values([
    { courierId: courier.id, name: 'Branch Manager', builtin: 'branch_manager', permissions: DEFAULT_ROLE_PERMISSIONS.branch_manager, description: 'Runs a branch: everything but hiring staff' },
    { courierId: courier.id, name: 'Staff', builtin: 'staff', permissions: DEFAULT_ROLE_PERMISSIONS.staff, description: 'Front counter and warehouse work' },
  ]).returning();
  const [branch] = await tx.insert(branches).values({ courierId: courier.id, name: 'Head Office', code: 'HQ' }).returning();
  if (!branch) throw new Error('branch insert returned nothing');
  return { courier, branch, roles: builtRoles };
}
