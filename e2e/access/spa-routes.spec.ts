import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@parceldesk/shared/roles';
import { newPage } from '../support/browser';
import { setupWorld, signInThroughForm, spaPath, SUPERADMIN, type World } from '../support/world';

/**
 * Issue 6, the access matrix for the SPA: every role visiting a path of every area lands where
 * spec section 2 (route guard) says. The areas and the spec's answers are written out here once,
 * on purpose not imported from the app, so the test checks the app against the spec.
 */
const AREAS: { path: string; login: string; roles: Role[] }[] = [
  { path: '/superadmin/dashboard', login: '/superadmin/login', roles: ['super_admin'] },
  { path: '/admin/dashboard', login: '/admin/login', roles: ['courier_admin'] },
  { path: '/staff/dashboard', login: '/staff/login', roles: ['branch_manager', 'staff'] },
  { path: '/customer/dashboard', login: '/login', roles: ['customer'] },
];
/** Where a signed-in user of each role belongs: its area, whose index opens the dashboard. */
const OWN_DASHBOARD: Record<Role, string> = {
  super_admin: '/superadmin/dashboard',
  courier_admin: '/admin/dashboard',
  branch_manager: '/staff/dashboard',
  staff: '/staff/dashboard',
  customer: '/customer/dashboard',
};
const UNKNOWN = '/nonexistent';
const PATHS = [...AREAS.map((a) => a.path), '/', UNKNOWN];

/**
 * Spec section 2: anonymous → the area's login page; wrong role → their own area; `/` → home;
 * unknown → /login, whose page sends a user who is already signed in on to their dashboard.
 */
function expectedLanding(role: Role | null, path: string): string {
  const area = AREAS.find((a) => a.path === path);
  if (path === '/') return role ? OWN_DASHBOARD[role] : '/login';
  if (!area) return role ? OWN_DASHBOARD[role] : '/login';
  if (!role) return area.login;
  return area.roles.includes(role) ? path : OWN_DASHBOARD[role];
}

describe('SPA route matrix (spec section 2, route guard)', () => {
  let world: World;
  beforeAll(async () => {
    world = await setupWorld();
  });
  afterAll(() => world?.teardown());

  async function signIn(page: Page, role: Role) {
    switch (role) {
      case 'super_admin':
        await page.goto('/courier/superadmin/login');
        return signInThroughForm(page, SUPERADMIN.email, SUPERADMIN.password);
      case 'courier_admin':
        await page.goto('/courier/admin/login');
        return signInThroughForm(page, world.admin.email);
      case 'branch_manager':
      case 'staff':
        await page.goto('/courier/staff/login');
        return signInThroughForm(page, role === 'staff' ? world.staff.email : world.manager.email);
      case 'customer':
        await page.goto(`/courier/login?api_key=${world.islandCourier.apiKey}`);
        return signInThroughForm(page, world.customer.email);
    }
  }

  it.each<[string, Role | null]>([
    ['anonymous', null], ['super_admin', 'super_admin'], ['courier_admin', 'courier_admin'],
    ['branch_manager', 'branch_manager'], ['staff (partial permissions)', 'staff'], ['customer', 'customer'],
  ])('%s lands where the spec says on every area', async (_label, role) => {
    const { context, page } = await newPage(world.browser, world.server.baseUrl);
    if (role) {
      await signIn(page, role);
      await page.waitForURL(`**/courier${OWN_DASHBOARD[role]}`);
    }
    const landed: string[] = [];
    const expected: string[] = [];
    let visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(spaPath(page));
    });
    for (const path of PATHS) {
      const target = expectedLanding(role, path);
      visited = [];
      await page.goto(`/courier${path}`);
      // The guard may redirect more than once (area → its index → dashboard): wait for the end,
      // then for the page to settle, and read where it stayed.
      await expect.poll(() => spaPath(page), { timeout: 15_000 }).toBe(target);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.getByRole('status', { name: 'Checking your session' }).count()).toBe(0);
      landed.push(`${path} → ${spaPath(page)}`);
      expected.push(`${path} → ${target}`);
      if (path === UNKNOWN) expect(visited, `${path} passes through /login`).toContain('/login');
    }
    expect(landed).toEqual(expected);
    await context.close();
  });
});
