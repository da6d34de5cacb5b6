import { staffSideWith } from '@parceldesk/shared/access';
import { useCanAccess } from '../../lib/use-access';
import { NavList } from './nav-list';
import { staffNav } from './nav/staff-nav';

/** The staff sidebar hides every entry whose permission the user lacks (spec sections 2 and 6). */
export function StaffNavList() {
  const canAccess = useCanAccess();
  const items = staffNav.items.filter((entry) => !entry.permission || canAccess(staffSideWith(entry.permission)));
  return <NavList area={staffNav} items={items} />;
}
