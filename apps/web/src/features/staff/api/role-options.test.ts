import { describe, expect, it } from 'vitest';
import { rolesForPosition, type RoleOption } from './role-options';

const role = (id: string, builtin: RoleOption['builtin']): RoleOption => ({ id, name: id, builtin, permissions: [] });

describe('rolesForPosition', () => {
  const roles = [role('manager', 'branch_manager'), role('staff', 'staff'), role('front-desk', null)];

  it('offers a position its own built-in role and every custom role', () => {
    expect(rolesForPosition(roles, 'staff').map((r) => r.id)).toEqual(['staff', 'front-desk']);
    expect(rolesForPosition(roles, 'branch_manager').map((r) => r.id)).toEqual(['manager', 'front-desk']);
  });
});
