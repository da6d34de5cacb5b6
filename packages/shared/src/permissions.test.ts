import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, PERMISSION_LABELS, effectivePermissions, groupPermissionsByModule, hasAllPermissions,
  accountPermissions, hasAnyPermission, hasPermission, hasRole, mayOpenScreen, normalisePermissions, permissionModule, permissionName, permissionsBeyond,
} from './permissions';

const staffWithStrings = { role: 'staff' as const, permissions: ['packages_view', 'customers_view'] };
const staffWithObjects = { role: 'staff' as const, permissions: [{ name: 'packages_view' }, { name: 'tickets_view' }] };
const staffViaRole = { role: { name: 'staff', permissions: [{ name: 'dashboard_view' }, 'reports_view'] }, permissions: null };
const superAdmin = { role: 'super_admin' as const, permissions: [] };
const superAdminObject = { role: { name: 'super_admin' } };

describe('normalisePermissions', () => {
  it('turns strings and {name} objects into names', () => {
    expect(normalisePermissions(['a_view', { name: 'b_edit' }])).toEqual(['a_view', 'b_edit']);
  });

  it('treats a missing list as empty', () => {
    expect(normalisePermissions(null)).toEqual([]);
    expect(normalisePermissions(undefined)).toEqual([]);
  });
});

describe('hasPermission', () => {
  it('finds a permission in the user\'s own list of strings or objects', () => {
    expect(hasPermission(staffWithStrings, 'packages_view')).toBe(true);
    expect(hasPermission(staffWithObjects, 'tickets_view')).toBe(true);
    expect(hasPermission(staffWithStrings, 'tickets_view')).toBe(false);
  });

  it('finds a permission carried by the role object', () => {
    expect(hasPermission(staffViaRole, 'dashboard_view')).toBe(true);
    expect(hasPermission(staffViaRole, 'reports_view')).toBe(true);
    expect(hasPermission(staffViaRole, 'packages_view')).toBe(false);
  });

  it('combines own and role permissions', () => {
    const holder = { role: { name: 'branch_manager', permissions: ['reports_view'] }, permissions: ['staff_view'] };
    expect([...effectivePermissions(holder)].sort()).toEqual(['reports_view', 'staff_view']);
  });

  it('does not match on a prefix or a different case', () => {
    expect(hasPermission(staffWithStrings, 'packages')).toBe(false);
    expect(hasPermission(staffWithStrings, 'Packages_View')).toBe(false);
  });

  it('lets a super admin pass every check, as a string role or a role object', () => {
    for (const holder of [superAdmin, superAdminObject]) {
      expect(hasPermission(holder, 'staff_manage')).toBe(true);
      expect(hasPermission(holder, 'anything_at_all')).toBe(true);
      expect(hasAnyPermission(holder, ['x_y'])).toBe(true);
      expect(hasAllPermissions(holder, ['x_y', 'z_w'])).toBe(true);
    }
  });

  it('gives a courier admin nothing it does not hold', () => {
    expect(hasPermission({ role: 'courier_admin', permissions: [] }, 'packages_view')).toBe(false);
  });
});

describe('hasAnyPermission and hasAllPermissions', () => {
  it('any-of needs one', () => {
    expect(hasAnyPermission(staffWithStrings, ['tickets_view', 'customers_view'])).toBe(true);
    expect(hasAnyPermission(staffWithStrings, ['tickets_view', 'reports_view'])).toBe(false);
    expect(hasAnyPermission(staffWithStrings, [])).toBe(false);
  });

  it('all-of needs every one, across own and role permissions', () => {
    const holder = { role: { name: 'staff', permissions: ['reports_view'] }, permissions: [{ name: 'packages_view' }] };
    expect(hasAllPermissions(holder, ['reports_view', 'packages_view'])).toBe(true);
    expect(hasAllPermissions(holder, ['reports_view', 'packages_view', 'staff_view'])).toBe(false);
    expect(hasAllPermissions(holder, [])).toBe(true);
  });
});

describe('role checks and module_action names', () => {
  it('hasRole reads string and object roles', () => {
    expect(hasRole(staffWithStrings, 'branch_manager', 'staff')).toBe(true);
    expect(hasRole(staffViaRole, 'staff')).toBe(true);
    expect(hasRole(superAdmin, 'courier_admin')).toBe(false);
  });

  it('builds and splits module_action names at the first underscore', () => {
    expect(permissionName('packages', 'view')).toBe('packages_view');
    expect(permissionModule('packages_view')).toBe('packages');
    expect(permissionModule('delivery_requests_view')).toBe('delivery');
    expect(permissionModule('standalone')).toBe('standalone');
  });
});

describe('groupPermissionsByModule', () => {
  it('groups by the part before the first underscore, keeping first-seen order', () => {
    const groups = groupPermissionsByModule(['packages_view', 'delivery_requests_view', 'customers_view', 'packages_scan', 'delivery_requests_manage']);
    expect(groups).toEqual({
      packages: ['packages_view', 'packages_scan'],
      delivery: ['delivery_requests_view', 'delivery_requests_manage'],
      customers: ['customers_view'],
    });
    expect(Object.keys(groups)).toEqual(['packages', 'delivery', 'customers']);
  });

  it('returns no groups for no permissions', () => {
    expect(groupPermissionsByModule([])).toEqual({});
  });
});

describe('the permission catalogue', () => {
  it('covers every staff sidebar item of the spec', () => {
    const sidebar = [
      'dashboard_view', 'packages_scan', 'packages_view', 'customers_view', 'customers_business', 'staff_view', 'reports_view',
      'delivery_requests_view', 'packages_unknown', 'manifests_view', 'invoices_view', 'payments_view', 'packages_uncollected',
      'tickets_view', 'packages_sign', 'settings_view',
    ];
    expect(PERMISSIONS).toEqual(expect.arrayContaining(sidebar));
  });

  it('labels every permission and gives built-in roles only known permissions', () => {
    for (const permission of PERMISSIONS) expect(PERMISSION_LABELS[permission]).toBeTruthy();
    for (const list of Object.values(DEFAULT_ROLE_PERMISSIONS)) {
      for (const permission of list) expect(PERMISSIONS).toContain(permission);
    }
    expect(DEFAULT_ROLE_PERMISSIONS.branch_manager).not.toContain('staff_manage');
  });
});

describe('permissionsBeyond (issue 15, the effective-permission rule)', () => {
  it('names what an account holds that its editor does not, sorted and once each', () => {
    const editor = { role: 'staff', permissions: new Set(['staff_manage', 'packages_view']) };
    expect(permissionsBeyond(editor, ['tickets_view', 'packages_view', 'customers_view', 'tickets_view'])).toEqual(['customers_view', 'tickets_view']);
    expect(permissionsBeyond(editor, ['packages_view'])).toEqual([]);
  });

  it('lets courier admins and super admins grant anything', () => {
    expect(permissionsBeyond({ role: 'courier_admin', permissions: [] }, PERMISSIONS)).toEqual([]);
    expect(permissionsBeyond({ role: 'super_admin', permissions: [] }, PERMISSIONS)).toEqual([]);
    expect(permissionsBeyond({ role: 'branch_manager', permissions: [] }, ['dashboard_view'])).toEqual(['dashboard_view']);
  });

  it("counts a role's permissions and the account's extras together", () => {
    expect([...accountPermissions({ rolePermissions: ['a_view'], permissions: ['b_edit', 'a_view'] })]).toEqual(['a_view', 'b_edit']);
    expect([...accountPermissions({ rolePermissions: null })]).toEqual([]);
  });
});

describe('mayOpenScreen (issue 15 #10)', () => {
  it('opens every screen to admins, a guarded one to staff holding its permission, and admin screens to nobody else', () => {
    expect(mayOpenScreen({ role: 'courier_admin', permissions: [] }, null)).toBe(true);
    expect(mayOpenScreen({ role: 'staff', permissions: ['customers_view'] }, 'customers_view')).toBe(true);
    expect(mayOpenScreen({ role: 'branch_manager', permissions: ['customers_view'] }, 'staff_view')).toBe(false);
    expect(mayOpenScreen({ role: 'branch_manager', permissions: PERMISSIONS }, null)).toBe(false);
    expect(mayOpenScreen({ role: 'customer', permissions: PERMISSIONS }, 'customers_view')).toBe(false);
  });
});
