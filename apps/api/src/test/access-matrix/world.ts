import { eq } from 'drizzle-orm';
import type { Role } from '@parceldesk/shared/roles';
import { branches, couriers, courierFeeSettings, sessions, users } from '../../db/schema/index';
import type { TenantKind } from '@parceldesk/shared/access';
import { createTokenSigner } from '../../security/tokens';
import { makeCourier, makeCustomer, makeUser, unique, type TestCourier } from '../factories';
import type { TestApp } from '../test-app';
import { insertRow, type RowIds } from './fixture-rows';

/** The staff user's partial permission set: enough to open the dashboard and the customer list. */
export const PARTIAL_PERMISSIONS = ['dashboard_view', 'customers_view'];

type CourierRole = 'courier_admin' | 'branch_manager' | 'staff' | 'customer';
const COURIER_ROLES: CourierRole[] = ['courier_admin', 'branch_manager', 'staff', 'customer'];
const SHORT: Record<CourierRole, string> = { courier_admin: 'ca', branch_manager: 'bm', staff: 'st', customer: 'cu' };

/**
 * Kinds a single person owns: a customer's tickets (and their numbers and attachments), a
 * staff-side user's notifications. Someone else's row of such a kind is not found, even inside
 * the same courier.
 */
const CUSTOMER_OWNED: TenantKind[] = [
  'customer', 'ticket', 'ticket_no', 'ticket_attachment', 'package', 'pre_alert', 'package_claim', 'package_file', 'invoice_no', 'payment', 'payment_proof',
  'delivery_request',
];
const USER_OWNED: TenantKind[] = ['notification'];
/**
 * Kinds that follow a branch (docs/decisions/008): a branch manager's or staff member's request
 * naming another branch's row of the courier gets 404, like another courier's.
 */
const BRANCH_BOUND: TenantKind[] = ['customer', 'ticket', 'ticket_no', 'ticket_attachment', 'invoice_no', 'payment', 'payment_proof', 'package', 'pre_alert', 'delivery_request'];
/**
 * Routes whose parameter names a row of any branch on purpose: a manifest carries the parcels of
 * every branch (the warehouse's work), so taking one off does not follow the caller's branch.
 */
const COURIER_WIDE = new Set(['DELETE /api/manifests/:id/packages/:packageId packageId']);

export interface Caller {
  /** Column name in the printed table: anon, SA, A.ca, B.cu … */
  name: string;
  role: Role | null;
  courier: SeededCourier | null;
  principal: { type: 'user' | 'customer'; id: string } | null;
  /** What the principal loader will find: user permissions plus the role's. */
  permissions: ReadonlySet<string>;
  /** This caller's own rows of the kinds a person owns. */
  owned: Partial<Record<TenantKind, string>>;
}

export interface SeededCourier extends TestCourier {
  label: 'A' | 'B' | 'C';
  /** Rows of every kind that belong to the courier and to none of its callers. */
  targets: RowIds;
  callers: Partial<Record<CourierRole, Caller>>;
  /** Rows of the branch-bound kinds whose customer belongs to another branch than the callers'. */
  otherBranch: Partial<Record<TenantKind, string>>;
}

async function seedCourier(test: TestApp, label: 'A' | 'B' | 'C', withCallers: boolean): Promise<SeededCourier> {
  const db = test.database.db;
  const courier = await makeCourier(db, { name: `Matrix Courier ${label} ${unique('')}` });
  await db.insert(courierFeeSettings).values({ courierId: courier.id }).onConflictDoNothing();
  const targetUser = await makeUser(db, { role: 'staff', courier });
  // A business account: routes for business customers find it, and so do those for any customer.
  const targetCustomer = await makeCustomer(db, courier, { accountType: 'business', businessName: 'Matrix Business Ltd', title: null });
  const rowsOf = async (kinds: TenantKind[], owner: { userId: string; customerId: string }) => {
    const rows: Partial<Record<TenantKind, string>> = {};
    for (const kind of kinds) rows[kind] = await insertRow(db, kind, { courier, ...owner });
    return rows;
  };
  const targets = await rowsOf(['branch', 'role', 'shipping_rate', 'processing_fee', 'file', 'ticket', 'ticket_no', 'ticket_attachment', 'notification',
    'package', 'pre_alert', 'package_claim', 'package_file', 'tracking_number', 'manifest', 'invoice_no', 'payment', 'payment_proof', 'pickup', 'email_batch',
    'delivery_location', 'delivery_request',
    'webhook_endpoint', 'webhook_delivery', 'integration_key', 'packing_parcel'], {
    userId: targetUser.id, customerId: targetCustomer.id,
  }) as RowIds;
  targets.user = targetUser.id;
  targets.customer = targetCustomer.id;
  // A current rate sheet, so routes that serve it answer 200 to the courier's own people.
  const sheet = await insertRow(db, 'file', { courier, userId: targetUser.id, customerId: targetCustomer.id, fileKind: 'rate_sheet' });
  await db.update(couriers).set({ rateSheetFileId: sheet }).where(eq(couriers.id, courier.id));
  const seeded: SeededCourier = { ...courier, label, targets, callers: {}, otherBranch: {} };
  if (!withCallers) return seeded;

  const [branch] = await db.insert(branches).values({ courierId: courier.id, name: `Other branch ${label}` }).returning({ id: branches.id });
  const elsewhere = await makeCustomer(db, courier, { branchId: branch!.id });
  seeded.otherBranch = { customer: elsewhere.id, ...await rowsOf(BRANCH_BOUND.filter((k) => k !== 'customer'), { userId: targetUser.id, customerId: elsewhere.id }) };

  const bmRole = courier.roles.find((r) => r.builtin === 'branch_manager');
  for (const role of COURIER_ROLES) {
    const name = `${label}.${SHORT[role]}`;
    if (role === 'customer') {
      const customer = await makeCustomer(db, courier);
      const owned = await rowsOf(CUSTOMER_OWNED.filter((k) => k !== 'customer'), { userId: targetUser.id, customerId: customer.id });
      // Customers read their own notifications too (their packages, issue 11).
      owned.notification = await insertRow(db, 'notification', { courier, userId: targetUser.id, customerId: customer.id, notifyCustomer: true });
      seeded.callers[role] = { name, role, courier: seeded, principal: { type: 'customer', id: customer.id }, permissions: new Set(), owned: { ...owned, customer: customer.id } };
      continue;
    }
    const user = await makeUser(db, { role, courier, permissions: role === 'staff' ? PARTIAL_PERMISSIONS : [] });
    // The partial set must be the staff user's whole set: no built-in role behind it.
    if (role === 'staff') await db.update(users).set({ roleId: null }).where(eq(users.id, user.id));
    const permissions = role === 'staff' ? PARTIAL_PERMISSIONS : role === 'branch_manager' ? bmRole?.permissions ?? [] : [];
    const owned = await rowsOf(USER_OWNED, { userId: user.id, customerId: targetCustomer.id });
    seeded.callers[role] = { name, role, courier: seeded, principal: { type: 'user', id: user.id }, permissions: new Set(permissions), owned };
  }
  return seeded;
}

/**
 * Couriers A and B, each with every courier role as a caller, plus the super admin and an
 * anonymous caller. Courier C holds the rows the super admin names as its own, so nothing the
 * super admin changes touches A's or B's callers.
 */
export async function seedWorld(test: TestApp) {
  const db = test.database.db;
  const secret = test.env.JWT_SECRET;
  if (!secret) throw new Error('the test app has no JWT_SECRET');
  const signer = createTokenSigner(secret);
  const a = await seedCourier(test, 'A', true);
  const b = await seedCourier(test, 'B', true);
  const c = await seedCourier(test, 'C', false);
  const superAdmin = await makeUser(db, { role: 'super_admin' });
  const superAdminCaller: Caller = { name: 'SA', role: 'super_admin', courier: null, principal: { type: 'user', id: superAdmin.id }, permissions: new Set(), owned: {} };
  for (const kind of USER_OWNED) {
    superAdminCaller.owned[kind] = await insertRow(db, kind, { courier: c, userId: superAdmin.id, customerId: c.targets.customer });
  }
  const callers: Caller[] = [
    { name: 'anon', role: null, courier: null, principal: null, permissions: new Set(), owned: {} },
    superAdminCaller,
    ...[a, b].flatMap((courier) => COURIER_ROLES.map((role) => courier.callers[role]!)),
  ];

  /**
   * A fresh session per request, so a call that signs out or changes a password affects no other
   * cell. Sessions are made in bulk (one insert per caller) and handed out one by one.
   */
  const spare = new Map<Caller, string[]>();
  async function mintTokens(caller: Caller, count: number): Promise<string[]> {
    const principal = caller.principal!;
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
    const made = await db.insert(sessions).values(Array.from({ length: count }, () => ({
      principalType: principal.type, principalId: principal.id, courierId: caller.courier?.id ?? null, expiresAt,
    }))).returning({ id: sessions.id });
    return Promise.all(made.map(({ id }) => signer.sign(
      { sub: principal.id, sid: id, role: caller.role!, type: 'access', courier_id: caller.courier?.id ?? null }, expiresAt,
    )));
  }
  const minting = new Map<Caller, Promise<string[]>>();
  async function headersFor(caller: Caller): Promise<Record<string, string>> {
    if (!caller.principal || !caller.role) return {};
    let tokens = spare.get(caller);
    while (!tokens || tokens.length === 0) {
      // One batch at a time per caller, however many requests ask at once.
      let pending = minting.get(caller);
      if (!pending) {
        pending = mintTokens(caller, 100).finally(() => minting.delete(caller));
        minting.set(caller, pending);
        spare.set(caller, await pending);
      } else {
        await pending;
      }
      tokens = spare.get(caller);
    }
    return { authorization: `Bearer ${tokens.pop()!}` };
  }
  /** After a write that succeeded: it may have ended the caller's other sessions (a password change does). */
  function forgetTokens(caller: Caller) {
    spare.delete(caller);
  }

  const other = (courier: SeededCourier) => (courier === a ? b : a);
  const home = (caller: Caller) => caller.courier ?? c;

  function standingRow(kind: TenantKind, courier: SeededCourier, caller: Caller | null): string {
    if (kind === 'courier') return courier.id;
    if (kind === 'api_key') return courier.apiKey;
    if (kind === 'self') return caller?.principal?.id ?? courier.targets.user;
    const owned = caller?.owned[kind];
    if (owned) return owned;
    const row = courier.targets[kind as keyof RowIds];
    if (!row) {
      throw new Error(`The access matrix has no fixture for tenancy kind '${String(kind)}': add it to fixture-rows.ts (insertRow) and the targets in apps/api/src/test/access-matrix/world.ts`);
    }
    return row;
  }

  /**
   * The row of `kind` a caller names as its own; `fresh` makes a new one (for a DELETE, so each
   * caller deletes its own). Kinds a person owns are the caller's own row.
   */
  async function ownRow(kind: TenantKind, caller: Caller, fresh = false): Promise<string> {
    const courier = home(caller);
    if (fresh && !caller.owned[kind] && !['self', 'api_key'].includes(kind) && (kind !== 'courier' || caller.role === 'super_admin')) {
      if (kind === 'courier') return (await seedCourier(test, 'C', false)).id;
      return insertRow(db, kind, { courier, userId: courier.targets.user, customerId: courier.targets.customer });
    }
    return standingRow(kind, courier, caller);
  }

  /**
   * Rows a courier caller must not reach, each with the answer it must get: the other courier's
   * row of the kind (404; 403 for `self`), and for kinds one person owns, another person's row in
   * the same courier (404: a customer never sees another customer's record).
   */
  function foreignRows(kind: TenantKind, caller: Caller, param?: string): { id: string; what: string; status: number }[] {
    const courier = caller.courier;
    if (!courier) return [];
    const them = other(courier);
    const peer = caller.role ? them.callers[caller.role as CourierRole] ?? null : null;
    if (kind === 'self') return [{ id: standingRow('self', them, peer), what: `${them.label}'s ${caller.role}`, status: 403 }];
    const rows = [{ id: standingRow(kind, them, peer), what: `${them.label}'s ${kind}`, status: 404 }];
    if (caller.owned[kind]) rows.push({ id: standingRow(kind, courier, null), what: `someone else's ${kind} in ${courier.label}`, status: 404 });
    const branchBound = (caller.role === 'branch_manager' || caller.role === 'staff') && !caller.permissions.has('branches_all');
    const elsewhere = courier.otherBranch[kind];
    if (branchBound && BRANCH_BOUND.includes(kind) && elsewhere && !(param && COURIER_WIDE.has(param))) rows.push({ id: elsewhere, what: `another branch's ${kind} in ${courier.label}`, status: 404 });
    return rows;
  }

  return { db, a, b, c, callers, headersFor, forgetTokens, ownRow, foreignRows };
}
export type MatrixWorld = Awaited<ReturnType<typeof seedWorld>>;
