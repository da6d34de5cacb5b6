import { describe, expect, it } from 'vitest';
import { ACCESS, ADMINS, canAccess, principalOfProfile, PUBLIC, staffSideWith, type Access } from './access';
import { PERMISSIONS } from './permissions';
import { STAFF_SIDE_ROLES } from './roles';

const staff = (permissions: string[]) => ({ role: 'staff' as const, permissions });

describe('canAccess', () => {
  it('lets anyone, signed in or not, through a public declaration', () => {
    expect(canAccess(null, PUBLIC)).toBe(true);
    expect(canAccess(staff([]), PUBLIC)).toBe(true);
  });

  it('refuses the anonymous caller and every role not listed', () => {
    expect(canAccess(null, ADMINS)).toBe(false);
    expect(canAccess(staff(['staff_manage']), ADMINS)).toBe(false);
    expect(canAccess({ role: 'customer', permissions: [] }, ACCESS.ticketsStaffView)).toBe(false);
  });

  it('asks branch managers and staff for the permission, in a list or a set', () => {
    expect(canAccess(staff(['tickets_view']), ACCESS.ticketsStaffView)).toBe(true);
    expect(canAccess(staff(['tickets_reply']), ACCESS.ticketsStaffView)).toBe(false);
    expect(canAccess({ role: 'branch_manager', permissions: new Set(['customers_manage']) }, ACCESS.customersManage)).toBe(true);
    expect(canAccess({ role: 'branch_manager', permissions: new Set<string>() }, ACCESS.customersManage)).toBe(false);
  });

  it('admits branch managers and staff holding any one of a list of permissions', () => {
    const search: Access = { roles: STAFF_SIDE_ROLES, permission: ['packages_scan', 'packages_unknown'] };
    expect(canAccess(staff(['packages_unknown']), search)).toBe(true);
    expect(canAccess({ role: 'branch_manager', permissions: new Set(['packages_scan']) }, search)).toBe(true);
    expect(canAccess(staff(['packages_view', 'customers_view']), search)).toBe(false);
    expect(canAccess({ role: 'courier_admin', permissions: [] }, search)).toBe(true);
  });

  it('does not match a permission on a prefix or a different case', () => {
    expect(canAccess(staff(['packages', 'Packages_View']), staffSideWith('packages_view'))).toBe(false);
  });

  it('lets super admins and courier admins pass every permission of a route that lists them (spec section 6)', () => {
    for (const permission of PERMISSIONS) {
      const access: Access = { roles: STAFF_SIDE_ROLES, permission };
      expect(canAccess({ role: 'super_admin', permissions: [] }, access)).toBe(true);
      expect(canAccess({ role: 'courier_admin', permissions: [] }, access)).toBe(true);
    }
  });

  it('lets customers through ticket routes that list them, with no permission of their own', () => {
    expect(canAccess({ role: 'customer', permissions: [] }, ACCESS.ticketsView)).toBe(true);
    expect(canAccess({ role: 'customer', permissions: [] }, ACCESS.ticketsReply)).toBe(true);
  });
});

describe('principalOfProfile', () => {
  it('reads the role name and the resolved permissions of a staff-side profile', () => {
    const profile = { role: { name: 'staff' as const, permissions: ['reports_view'] }, permissions: ['tickets_view', 'reports_view'] };
    expect(principalOfProfile(profile)).toEqual({ role: 'staff', permissions: ['tickets_view', 'reports_view'] });
  });

  it('gives a customer no permissions and nobody a principal without a profile', () => {
    expect(principalOfProfile({ role: 'customer' })).toEqual({ role: 'customer', permissions: [] });
    expect(principalOfProfile(null)).toBeNull();
  });
});
