import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccess, principalOfProfile, type Access } from '@parceldesk/shared/access';
import { PERMISSIONS } from '@parceldesk/shared/permissions';
import { ROLES, STAFF_SIDE_ROLES, type Role } from '@parceldesk/shared/roles';
import { authUserSchema, customerProfileSchema } from '@parceldesk/shared/schemas/auth';
import { loadPrincipal } from '../lib/principal';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer } from '../test/factories';
import { authorize } from './auth';

/**
 * Issue 10: the server's auth hook and the web's screens answer every access declaration the same,
 * each from what it really holds: the server its principal loaded from the session, the browser
 * the profile the API sends it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROLE_LISTS: readonly (readonly Role[])[] = [ROLES, STAFF_SIDE_ROLES, ['courier_admin', 'branch_manager', 'staff'], ['super_admin', 'courier_admin'], ['customer']];
const DECLARATIONS: Access[] = ROLE_LISTS.flatMap((roles) => [{ roles }, ...PERMISSIONS.map((permission) => ({ roles, permission }))]);

const sessionOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid;

function serverAllows(principal: NonNullable<Awaited<ReturnType<typeof loadPrincipal>>>, access: Access): boolean {
  try {
    authorize(principal, access);
    return true;
  } catch {
    return false;
  }
}

async function callers() {
  const courier = await makeCourier(t.database.db);
  const half = (parity: number) => PERMISSIONS.filter((_, index) => index % 2 === parity);
  const users = [
    await makeUser(t.database.db, { role: 'super_admin' }),
    await makeUser(t.database.db, { role: 'courier_admin', courier }),
    // Own permissions on top of the built-in role's, so both sources count.
    await makeUser(t.database.db, { role: 'branch_manager', courier, permissions: half(0) }),
    await makeUser(t.database.db, { role: 'staff', courier, permissions: half(1).slice(0, 4) }),
    await makeUser(t.database.db, { role: 'staff', courier }),
  ];
  const staffSide = await Promise.all(users.map(async (user) => {
    const { token, headers } = await signIn(t.app, user);
    const profile = authUserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).json().user);
    return { label: `${user.role} ${user.id}`, token, web: principalOfProfile(profile) };
  }));
  const { token, headers } = await signInCustomer(t.app, await makeCustomer(t.database.db, courier), courier.apiKey);
  const customer = customerProfileSchema.parse((await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers })).json().customer);
  return [...staffSide, { label: 'customer', token, web: principalOfProfile(customer) }];
}

describe('access rules, server and web', () => {
  it('answer the same for every role and every permission', async () => {
    let allowed = 0;
    let refused = 0;
    for (const caller of await callers()) {
      const principal = await loadPrincipal(t.database.db, sessionOf(caller.token));
      if (!principal) throw new Error(`no principal for ${caller.label}`);
      for (const access of DECLARATIONS) {
        const server = serverAllows(principal, access);
        expect({ caller: caller.label, access, web: canAccess(caller.web, access) }).toEqual({ caller: caller.label, access, web: server });
        if (server) allowed += 1;
        else refused += 1;
      }
    }
    // Both answers occur, so the comparison means something.
    expect(allowed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });
});
