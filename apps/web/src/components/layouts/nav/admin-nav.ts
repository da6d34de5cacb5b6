import {
  IconArrowsExchange, IconBell, IconBriefcase, IconBuilding, IconChartBar, IconClipboardList, IconClockExclamation,
  IconCreditCard, IconCrown, IconFileInvoice, IconHistory, IconLayoutDashboard, IconLifebuoy, IconMail, IconMapPin,
  IconPackage, IconPackageOff, IconScan, IconSettings, IconShieldLock, IconSignature, IconTruckDelivery, IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { NavArea } from './nav-types';

/** Courier admin sidebar (spec section 2); no per-item permission gating (section 6). */
export const adminNav: NavArea = {
  root: '/admin',
  items: [
    { label: 'Dashboard', path: '/admin/dashboard', icon: IconLayoutDashboard },
    { label: 'Scan', path: '/admin/scan', icon: IconScan },
    { label: 'Branches', path: '/admin/branches', icon: IconBuilding },
    { label: 'Staff', path: '/admin/staff', icon: IconUsers },
    { label: 'Roles', path: '/admin/roles', icon: IconShieldLock },
    { label: 'Customers', path: '/admin/customers', icon: IconUserCircle },
    { label: 'Business Customers', path: '/admin/business-customers', icon: IconBriefcase },
    { label: 'Packages', path: '/admin/packages', icon: IconPackage },
    { label: 'Packages Delivery Request', path: '/admin/delivery-requests', icon: IconTruckDelivery },
    { label: 'Delivery Locations', path: '/admin/delivery-locations', icon: IconMapPin },
    { label: 'Unknown Packages', path: '/admin/unknown-packages', icon: IconPackageOff },
    // Spelled so on purpose (spec section 2).
    { label: 'Maniefest', path: '/admin/maniefest', icon: IconClipboardList },
    { label: 'Reconciliation', path: '/admin/reconciliation', icon: IconArrowsExchange },
    { label: 'Invoices', path: '/admin/invoices', icon: IconFileInvoice },
    { label: 'Payments', path: '/admin/payments', icon: IconCreditCard },
    { label: 'Reports', path: '/admin/reports', icon: IconChartBar },
    { label: 'Uncollected', path: '/admin/uncollected', icon: IconClockExclamation },
    { label: 'Support Tickets', path: '/admin/support-tickets', icon: IconLifebuoy, badge: 'unreadTickets' },
    { label: 'Batch Emails', path: '/admin/batch-emails', icon: IconMail },
    { label: 'Audit Logs', path: '/admin/audit-logs', icon: IconHistory },
    { label: 'Notifications', path: '/admin/notifications', icon: IconBell },
    { label: 'Membership Rates', path: '/admin/membership-rates', icon: IconCrown },
    { label: 'Sign Signature', path: '/admin/sign-signature', icon: IconSignature },
    { label: 'Settings', path: '/admin/settings', icon: IconSettings },
  ],
};
