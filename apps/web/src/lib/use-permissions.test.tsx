import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { AuthContextValue } from './auth-context';
import { usePermissions } from './use-permissions';

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('./auth-context', () => ({ useAuth: () => auth.current }));

function userWith(role: AuthUser['role']['name'], own: string[], fromRole: string[] = []): AuthUser {
  return {
    id: 'u1', first_name: 'A', last_name: 'B', email: 'a@example.com', role: { name: role, permissions: fromRole },
    permissions: own, user_type: role === 'super_admin' ? 'super_admin' : 'staff', courier: null, branch: null,
  };
}

function checks(user: AuthUser | null) {
  auth.current = { user };
  return renderHook(() => usePermissions()).result.current;
}

describe('usePermissions', () => {
  it('lets super_admin pass every check', () => {
    const { can, canAny } = checks(userWith('super_admin', []));
    expect(can('staff_manage')).toBe(true);
    expect(canAny(['invoices_view'])).toBe(true);
  });

  it('uses the own and the role permissions of other users', () => {
    const { can, canAny } = checks(userWith('staff', ['packages_view'], ['tickets_view']));
    expect(can('packages_view')).toBe(true);
    expect(can('tickets_view')).toBe(true);
    expect(can('staff_view')).toBe(false);
    expect(canAny(['staff_view', 'tickets_view'])).toBe(true);
    expect(canAny(['staff_view', 'reports_view'])).toBe(false);
  });

  it('grants nothing without a staff-side user (customers)', () => {
    const { can, canAny } = checks(null);
    expect(can('dashboard_view')).toBe(false);
    expect(canAny(['dashboard_view'])).toBe(false);
  });
});
