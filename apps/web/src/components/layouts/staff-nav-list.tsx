import { usePermissions } from '../../lib/use-permissions';
import { NavList } from './nav-list';
import { staffNav } from './nav/staff-nav';

/** The staff sidebar hides every entry whose permission the user lacks (spec sections 2 and 6). */
export function StaffNavList() {
  const { can } = usePermissions();
  const items = staffNav.items.filter((entry) => !entry.permission || can(entry.permission));
  return <NavList area={staffNav} items={items} />;
}
