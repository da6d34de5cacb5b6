export const ROLES = ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that live in the users table (everyone but customers, spec section 3). */
export const STAFF_SIDE_ROLES = ['super_admin', 'courier_admin', 'branch_manager', 'staff'] as const;
export type StaffSideRole = (typeof STAFF_SIDE_ROLES)[number];

/** Roles a courier admin may give to the people it hires. */
export const HIREABLE_ROLES = ['branch_manager', 'staff'] as const;
export type HireableRole = (typeof HIREABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Administrator',
  courier_admin: 'Administrator',
  branch_manager: 'Branch Manager',
  staff: 'Staff',
  customer: 'Customer',
};

/** The ticket area also accepts 'admin' for courier_admin (spec section 6). */
export function normaliseRole(role: string): Role | null {
  if (role === 'admin') return 'courier_admin';
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : null;
}

export function isStaffRole(role: Role): role is 'branch_manager' | 'staff' {
  return role === 'branch_manager' || role === 'staff';
}

/** Where a signed-in user of each role belongs (spec section 2, route guard). */
export const ROLE_HOME: Record<Role, string> = {
  super_admin: '/superadmin',
  courier_admin: '/admin',
  branch_manager: '/staff',
  staff: '/staff',
  customer: '/',
};

export const ROLE_DASHBOARD: Record<Role, string> = {
  super_admin: '/superadmin/dashboard',
  courier_admin: '/admin/dashboard',
  branch_manager: '/staff/dashboard',
  staff: '/staff/dashboard',
  customer: '/customer/dashboard',
};

/** The login page that serves a path, by prefix (spec section 2, route guard and login expiry). */
export function loginPathFor(path: string): string {
  if (path.startsWith('/superadmin')) return '/superadmin/login';
  if (path.startsWith('/admin')) return '/admin/login';
  if (path.startsWith('/staff')) return '/staff/login';
  return '/login';
}
