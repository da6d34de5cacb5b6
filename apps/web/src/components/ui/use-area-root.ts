import { useLocation } from 'react-router';

export type AreaRoot = '/superadmin' | '/admin' | '/staff' | '/customer';

/**
 * The area a shared screen is shown in, from the path: the same staff or customer screen serves
 * /superadmin, /admin and /staff, and its links must stay in that area.
 */
export function useAreaRoot(): AreaRoot {
  const { pathname } = useLocation();
  const first = pathname.split('/')[1];
  if (first === 'superadmin' || first === 'admin' || first === 'staff' || first === 'customer') return `/${first}`;
  return '/admin';
}
