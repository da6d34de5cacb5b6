import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { router } from '../../../app/router';
import { adminNav } from './admin-nav';
import { customerNav } from './customer-nav';
import { staffNav } from './staff-nav';
import { superAdminNav } from './super-admin-nav';

/** Every path the router knows, parents joined to children (no wildcard fallbacks). */
function routePaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent
      : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined && !route.path.includes('*') ? [own] : [];
    return [...here, ...routePaths(route.children ?? [], own)];
  });
}

describe('the sidebars (issue 14: no entry of any area is disabled)', () => {
  const known = new Set(routePaths(router.routes));

  it.each([['super admin', superAdminNav], ['courier admin', adminNav], ['staff', staffNav], ['customer', customerNav]])(
    '%s: every entry has a screen of its own in the router', (_area, nav) => {
      const missing = nav.items.map((item) => item.path).filter((path) => !known.has(path));
      expect(missing).toEqual([]);
      expect(nav.items.length).toBeGreaterThan(5);
    },
  );
});
