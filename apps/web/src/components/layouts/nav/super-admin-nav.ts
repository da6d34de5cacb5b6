import {
  IconBell, IconBuilding, IconChartBar, IconClipboardList, IconCreditCard, IconFileInvoice, IconHistory,
  IconLayoutDashboard, IconPackage, IconPackageOff, IconSettings, IconShieldLock, IconTruck, IconUsers,
} from '@tabler/icons-react';
import type { NavArea } from './nav-types';

/** Super admin sidebar in spec order (section 2, super admin area). */
export const superAdminNav: NavArea = {
  root: '/superadmin',
  items: [
    { label: 'Dashboard', path: '/superadmin/dashboard', icon: IconLayoutDashboard, available: true },
    { label: 'Couriers', path: '/superadmin/couriers', icon: IconTruck, available: false },
    { label: 'Branches', path: '/superadmin/branches', icon: IconBuilding, available: false },
    { label: 'Staff', path: '/superadmin/staff', icon: IconUsers, available: false },
    { label: 'Roles', path: '/superadmin/roles', icon: IconShieldLock, available: false },
    { label: 'Packages', path: '/superadmin/packages', icon: IconPackage, available: false },
    { label: 'Unknown Packages', path: '/superadmin/unknown-packages', icon: IconPackageOff, available: false },
    { label: 'Invoices', path: '/superadmin/invoices', icon: IconFileInvoice, available: false },
    { label: 'Payments', path: '/superadmin/payments', icon: IconCreditCard, available: false },
    { label: 'Reports', path: '/superadmin/reports', icon: IconChartBar, available: false },
    { label: 'Notifications', path: '/superadmin/notifications', icon: IconBell, available: false },
    { label: 'Audit Logs', path: '/superadmin/audit-logs', icon: IconHistory, available: false },
    { label: 'Settings', path: '/superadmin/settings', icon: IconSettings, available: false },
    { label: 'Manifests', path: '/superadmin/manifests', icon: IconClipboardList, available: false },
  ],
};
