import {
  IconBell, IconBuilding, IconChartBar, IconClipboardList, IconCreditCard, IconFileInvoice, IconHistory,
  IconLayoutDashboard, IconLifebuoy, IconPackage, IconPackageOff, IconSettings, IconShieldLock, IconTruck, IconUsers,
} from '@tabler/icons-react';
import type { NavArea } from './nav-types';

/** Super admin sidebar in spec order (section 2, super admin area). */
export const superAdminNav: NavArea = {
  root: '/superadmin',
  items: [
    { label: 'Dashboard', path: '/superadmin/dashboard', icon: IconLayoutDashboard },
    { label: 'Couriers', path: '/superadmin/couriers', icon: IconTruck },
    { label: 'Branches', path: '/superadmin/branches', icon: IconBuilding },
    { label: 'Staff', path: '/superadmin/staff', icon: IconUsers },
    { label: 'Roles', path: '/superadmin/roles', icon: IconShieldLock },
    { label: 'Packages', path: '/superadmin/packages', icon: IconPackage },
    { label: 'Unknown Packages', path: '/superadmin/unknown-packages', icon: IconPackageOff },
    { label: 'Invoices', path: '/superadmin/invoices', icon: IconFileInvoice },
    { label: 'Payments', path: '/superadmin/payments', icon: IconCreditCard },
    { label: 'Reports', path: '/superadmin/reports', icon: IconChartBar },
    // Not in the spec's super admin sidebar, but the area has a ticket list (issue 5) and the header title needs an entry.
    { label: 'Support Tickets', path: '/superadmin/support-tickets', icon: IconLifebuoy, badge: 'unreadTickets' },
    { label: 'Notifications', path: '/superadmin/notifications', icon: IconBell },
    { label: 'Audit Logs', path: '/superadmin/audit-logs', icon: IconHistory },
    { label: 'Settings', path: '/superadmin/settings', icon: IconSettings },
    { label: 'Manifests', path: '/superadmin/manifests', icon: IconClipboardList },
  ],
};
