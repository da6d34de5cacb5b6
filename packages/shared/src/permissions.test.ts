import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, PERMISSION_LABELS, accountPermissions, groupPermissionsByModule, permissionModule, permissionName,
  permissionsBeyond, mayOpenScreen,
} from './permissions';

describe('module_action names', () => {
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
