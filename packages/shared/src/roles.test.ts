import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_DASHBOARD, ROLE_HOME, loginPathFor, normaliseRole } from './roles';

describe('loginPathFor', () => {
  it.each([
    ['/superadmin', '/superadmin/login'],
    ['/superadmin/couriers/42', '/superadmin/login'],
    ['/admin/settings', '/admin/login'],
    ['/admin', '/admin/login'],
    ['/staff/packages', '/staff/login'],
    ['/customer/dashboard', '/login'],
    ['/', '/login'],
    ['/something-else', '/login'],
  ])('%s goes to %s', (path, login) => {
    expect(loginPathFor(path)).toBe(login);
  });
});

describe('role homes', () => {
  it('sends a signed-in user whose role is not allowed to their own area', () => {
    expect(ROLE_HOME).toEqual({
      super_admin: '/superadmin',
      courier_admin: '/admin',
      branch_manager: '/staff',
      staff: '/staff',
      customer: '/',
    });
  });

  it('sends each role to its dashboard after login', () => {
    expect(ROLE_DASHBOARD.super_admin).toBe('/superadmin/dashboard');
    expect(ROLE_DASHBOARD.courier_admin).toBe('/admin/dashboard');
    expect(ROLE_DASHBOARD.customer).toBe('/customer/dashboard');
    expect(ROLE_DASHBOARD.staff).toBe('/staff/dashboard');
    for (const role of ROLES) expect(ROLE_HOME[role]).toBeDefined();
  });

  it('reads admin as courier_admin and rejects unknown roles', () => {
    expect(normaliseRole('admin')).toBe('courier_admin');
    expect(normaliseRole('staff')).toBe('staff');
    expect(normaliseRole('root')).toBeNull();
  });
});
