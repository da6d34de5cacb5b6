/**
 * Permission strings are `module_action` (spec section 6). The module is the part before the
 * first underscore, so `delivery_requests_view` belongs to module `delivery`.
 */
export const PERMISSIONS = [
  'dashboard_view',
  'packages_view', 'packages_scan', 'packages_unknown', 'packages_uncollected', 'packages_sign', 'packages_manage',
  'customers_view', 'customers_business', 'customers_manage',
  'staff_view', 'staff_manage',
  'reports_view',
  'delivery_requests_view', 'delivery_requests_manage',
  'manifests_view', 'manifests_manage',
  // Issue 12, reconciliation at the destination (docs/decisions/013-reconciliation.md).
  'manifests_reconcile',
  'invoices_view', 'invoices_manage',
  'payments_view', 'payments_manage',
  'tickets_view', 'tickets_reply',
  'settings_view',
  // Issue 15, branch scope (docs/decisions/008): customers and tickets of every branch, not only one's own.
  'branches_all',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  dashboard_view: 'View dashboard',
  packages_view: 'View packages',
  packages_scan: 'Scan packages',
  packages_unknown: 'Unknown packages',
  packages_uncollected: 'Uncollected packages',
  packages_sign: 'Signature (release packages)',
  packages_manage: 'Create and edit packages',
  customers_view: 'View customers',
  customers_business: 'View business customers',
  customers_manage: 'Edit customers',
  staff_view: 'View staff',
  staff_manage: 'Manage staff',
  reports_view: 'View reports',
  delivery_requests_view: 'View delivery requests',
  delivery_requests_manage: 'Handle delivery requests',
  manifests_view: 'View manifests',
  manifests_manage: 'Manage manifests',
  manifests_reconcile: 'Reconcile manifests',
  invoices_view: 'View invoices',
  invoices_manage: 'Manage invoices',
  payments_view: 'View payments',
  payments_manage: 'Record payments',
  tickets_view: 'View support tickets',
  tickets_reply: 'Answer support tickets',
  settings_view: 'My profile',
  branches_all: 'Customers and tickets of all branches',
};

/** Built-in role defaults, used when a courier is created. */
export const DEFAULT_ROLE_PERMISSIONS: Record<'branch_manager' | 'staff', Permission[]> = {
  // Their own branch by default: seeing every branch is granted on purpose (docs/decisions/008).
  branch_manager: PERMISSIONS.filter((p) => p !== 'staff_manage' && p !== 'branches_all'),
  // Not manifests_reconcile: finishing a reconciliation marks parcels missing and tells their
  // customers, so it is granted on purpose, as manifests_view is (docs/decisions/013-reconciliation.md).
  staff: ['dashboard_view', 'packages_view', 'packages_scan', 'customers_view', 'tickets_view', 'tickets_reply', 'settings_view'],
};

/** Roles whose holders may hire and edit any account of their reach, whatever it holds (issue 15). */
export const GRANTS_ANY_PERMISSION: readonly string[] = ['super_admin', 'courier_admin'];

/** What an account holds: its role's permissions plus its own extra ones. */
export function accountPermissions(account: { rolePermissions?: Iterable<string> | null; permissions?: Iterable<string> | null }): Set<string> {
  return new Set([...(account.rolePermissions ?? []), ...(account.permissions ?? [])]);
}

/**
 * Issue 15 #1/#2, the effective-permission rule: the permissions of `account` that `editor` does
 * not hold. Nobody but a courier admin or super admin may create, edit or re-invite an account
 * holding anything beyond their own set (a built-in role's defaults count like any other). Empty
 * means the editor may manage the account.
 */
export function permissionsBeyond(editor: { role: string; permissions: Iterable<string> }, account: Iterable<string>): string[] {
  if (GRANTS_ANY_PERMISSION.includes(editor.role)) return [];
  const held = new Set(editor.permissions);
  return [...new Set(account)].filter((p) => !held.has(p)).sort();
}

/**
 * Whether a staff-side reader may open a screen guarded by `permission` (null: a screen of the
 * admins only). Courier admins and super admins open every screen of their scope; branch
 * managers and staff need the permission (issue 15 #10: summaries follow the same rule).
 */
export function mayOpenScreen(reader: { role: string; permissions: Iterable<string> }, permission: string | null): boolean {
  if (GRANTS_ANY_PERMISSION.includes(reader.role)) return true;
  if (reader.role !== 'branch_manager' && reader.role !== 'staff') return false;
  return permission !== null && new Set(reader.permissions).has(permission);
}

/**
 * Issue 15, branch scope (docs/decisions/008): branch managers and staff see and change the
 * customers and tickets of their own branch only, unless they hold `branches_all`.
 */
export function isBranchScoped(reader: { role: string; permissions: Iterable<string> }): boolean {
  if (reader.role !== 'branch_manager' && reader.role !== 'staff') return false;
  return !new Set(reader.permissions).has('branches_all');
}

export function permissionName(module: string, action: string): string {
  return `${module}_${action}`;
}

export function permissionModule(permission: string): string {
  const at = permission.indexOf('_');
  return at === -1 ? permission : permission.slice(0, at);
}

/** Groups permission names by module, keeping the order in which modules first appear. */
export function groupPermissionsByModule(permissions: readonly string[]): Record<string, string[]> {
  const groups: Record<string, string[]> = {};
  for (const permission of permissions) {
    const module = permissionModule(permission);
    (groups[module] ??= []).push(permission);
  }
  return groups;
}
