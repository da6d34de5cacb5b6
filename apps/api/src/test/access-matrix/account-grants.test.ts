import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '@parceldesk/shared/permissions';
import { STAFF_MSG } from '@parceldesk/shared/schemas/staff';
import { roles, users } from '../../db/schema/index';
import { makeCourier, makeUser, signIn, uniqueEmail, type TestCourier } from '../factories';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Issue 15 #1/#2, the effective-permission rule in the access matrix: for every pair of staff
 * permission sets, a staff manager can create, edit or re-invite only accounts whose effective
 * permissions are within their own set; a courier admin can do all three for any set.
 */
let t: TestApp;
let courier: TestCourier;
let courierAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  courier = await makeCourier(t.database.db);
  // The built-in staff role grants nothing here, so an account holds exactly the extras it is given.
  await t.database.db.update(roles).set({ permissions: [] }).where(eq(roles.courierId, courier.id));
  courierAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
});
afterAll(() => t?.close());

const api = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

/** A staff-position account holding exactly `permissions` (no role behind it). */
async function account(permissions: readonly string[]) {
  const user = await makeUser(t.database.db, { role: 'staff', courier, permissions: [...permissions] });
  await t.database.db.update(users).set({ roleId: null }).where(eq(users.id, user.id));
  return user;
}

/** What each of the three writes answered, for a target account holding `target`. */
async function attempts(editor: Record<string, string>, target: readonly string[]) {
  const hire = await api('POST', '/auth/staff/register', editor, { firstName: 'Kemar', lastName: 'Reid', email: uniqueEmail('hire'), role: 'staff', permissions: [...target] });
  const colleague = await account(target);
  const edit = await api('PUT', `/staff/${colleague.id}`, editor, { firstName: 'Kemar', lastName: 'Reid', email: colleague.email, role: 'staff', permissions: [...target] });
  const reinvite = await api('POST', `/staff/${colleague.id}/resend-invitation`, editor);
  return { hire, edit, reinvite };
}

const permissionSet = fc.subarray([...PERMISSIONS]);

describe('the effective-permission rule (access matrix)', () => {
  it('for every pair of staff permission sets, a staff manager creates, edits and re-invites only accounts within their own set', async () => {
    await fc.assert(fc.asyncProperty(
      // About half the targets fall within the editor's set: a part of it, sometimes with a little more.
      permissionSet.chain((own) => fc.tuple(fc.constant(own), fc.subarray(own), fc.oneof(fc.constant([]), fc.subarray([...PERMISSIONS], { maxLength: 2 })))),
      async ([own, part, more]) => {
        const held = new Set([...own, 'staff_view', 'staff_manage']);
        const target = [...new Set([...part, ...more])];
        const editor = (await signIn(t.app, await account([...held]))).headers;
        const within = target.every((p) => held.has(p));
        const { hire, edit, reinvite } = await attempts(editor, target);
        for (const [what, response, ok] of [['create', hire, 201], ['edit', edit, 200], ['re-invite', reinvite, 200]] as const) {
          const expected = within ? ok : 403;
          expect(response.statusCode, `${what} ${target.join(',')} holding ${[...held].join(',')}: ${response.body}`).toBe(expected);
          if (!within) expect(response.json().message).toBe(STAFF_MSG.permissionNotHeld);
        }
      },
    ), { numRuns: 60 });
  }, 120_000);

  it("the built-in staff role's defaults count: a staff manager without customers_view cannot hire a default staff member", async () => {
    const other = await makeCourier(t.database.db);
    const manager = await makeUser(t.database.db, { role: 'staff', courier: other, permissions: ['staff_view', 'staff_manage', 'dashboard_view'] });
    await t.database.db.update(users).set({ roleId: null }).where(eq(users.id, manager.id));
    const headers = (await signIn(t.app, manager)).headers;
    const hire = await api('POST', '/auth/staff/register', headers, { firstName: 'Kemar', lastName: 'Reid', email: uniqueEmail('default'), role: 'staff' });
    expect(hire.statusCode).toBe(403);
    expect(hire.json().fieldErrors.permissions).toContain('View customers');
    // A default staff member (built-in role) is beyond this manager too: no edit, no re-invite.
    const colleague = await makeUser(t.database.db, { role: 'staff', courier: other });
    expect(DEFAULT_ROLE_PERMISSIONS.staff).toContain('customers_view');
    expect((await api('PUT', `/staff/${colleague.id}`, headers, { firstName: 'A', lastName: 'B', email: uniqueEmail('takeover'), role: 'staff' })).statusCode).toBe(403);
    expect((await api('POST', `/staff/${colleague.id}/resend-invitation`, headers)).statusCode).toBe(403);
  });

  it('a courier admin creates, edits and re-invites accounts of any set', async () => {
    const { hire, edit, reinvite } = await attempts(courierAdmin, PERMISSIONS);
    expect([hire.statusCode, edit.statusCode, reinvite.statusCode]).toEqual([201, 200, 200]);
  });
});
