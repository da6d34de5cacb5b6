import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import type { Principal } from '../../lib/principal';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';

export type InvoiceRow = typeof invoices.$inferSelect;

const isGated = (principal: Principal) => principal.role === 'branch_manager' || principal.role === 'staff';

/** Admins hold every invoice permission; branch managers and staff the ones their role grants. */
export function holdsInvoicePermission(principal: Principal, permission: 'invoices_view' | 'invoices_manage'): boolean {
  if (principal.kind === 'customer') return false;
  return !isGated(principal) || principal.permissions.has(permission);
}

/**
 * The invoices a principal may open: a customer their own (another customer's is simply not
 * found), the super admin the network, everyone else their courier's; branch-scoped staff only
 * those of their branch's customers (docs/decisions/008), like tickets.
 */
export function visibleInvoices(principal: Principal, ...conditions: (SQL | undefined)[]): SQL {
  if (principal.kind === 'customer') {
    if (!principal.courierId) throw notFound();
    return and(eq(invoices.courierId, principal.courierId), eq(invoices.customerId, principal.id), ...conditions) ?? sql`false`;
  }
  const scope = scopeOf(principal);
  const branch = scope.branch
    ? scope.branch.id
      ? sql`${invoices.customerId} in (select ${customers.id} from ${customers} where ${customers.branchId} = ${scope.branch.id})`
      : sql`false`
    : undefined;
  return tenantWhere(invoices, { courierId: scope.courierId }, branch, ...conditions) ?? sql`true`;
}

/**
 * One invoice by its number (INV-000123, any case), or 404. Numbers are per courier: a super admin
 * names the courier (`courierId`), else the first match is opened; anyone else naming another
 * courier gets 404. `lock` takes the row lock that orders its changes (lines, void, payments).
 */
export async function loadInvoiceByNumber(
  db: DbOrTx,
  principal: Principal,
  invoiceNo: string,
  options: { courierId?: string | undefined; lock?: boolean } = {},
): Promise<InvoiceRow> {
  const { courierId } = options;
  if (courierId && principal.role !== 'super_admin' && courierId !== principal.courierId) throw notFound();
  const number = invoiceNo.trim().toUpperCase();
  const query = db.select().from(invoices)
    .where(visibleInvoices(principal, eq(invoices.invoiceNo, number), courierId ? eq(invoices.courierId, courierId) : undefined))
    .orderBy(invoices.issuedAt)
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}
