import {
  IconBell, IconBuilding, IconChartBar, IconClipboardList, IconCreditCard, IconFileInvoice, IconHistory,
  IconLayoutDashboard, IconLifebuoy, IconPackage, IconPackageOff, IconSettings, IconShieldLock, IconTruck, IconUsers,
} from '@tabler/icons-react';
import type { NavArea } from './nav-types';

/** Super admin sidebar in spec order (section 2, super admin area). */
export const superAdminNav: NavArea = {
  root: '/superadmin',
  items: [
    { label: 'Dashboard', path: '/superadmin/dashboard', icon: IconLayoutDashboard, available: true },
    { label: 'Couriers', path: '/superadmin/couriers', icon: IconTruck, available: true },
    { label: 'Branches', path: '/superadmin/branches', icon: IconBuilding, available: true },
    { label: 'Staff', path: '/superadmin/staff', icon: IconUsers, available: true },
    { label: 'Roles', path: '/superadmin/roles', icon: IconShieldLock, available: true },
    { label: 'Packages', path: '/superadmin/packages', icon: IconPackage, available: true },
    { label: 'Unknown Packages', path: '/superadmin/unknown-packages', icon: IconPackageOff, available: true },
    { label: 'Invoices', path: '/superadmin/invoices', icon: IconFileInvoice, available: true },
    { label: 'Payments', path: '/superadmin/payments', icon: IconCreditCard, available: true },
    { label: 'Reports', path: '/superadmin/reports', icon: IconChartBar, available: true },
    // Not in the spec's super admin sidebar, but the area has a ticket list (issue 5) and the header title needs an entry.
    { label: 'Support Tickets', path: '/superadmin/support-tickets', icon: IconLifebuoy, available: true, badge: 'unreadTickets' },
    { label: 'Notifications', path: '/superadmin/notifications', icon: IconBell, available: true },
    { label: 'Audit Logs', path: '/superadmin/audit-logs', icon: IconHistory, available: true },
    { label: 'Settings', path: '/superadmin/settings', icon: IconSettings, available: true },
    { label: 'Manifests', path: '/superadmin/manifests', icon: IconClipboardList, available: true },
  ],
};
