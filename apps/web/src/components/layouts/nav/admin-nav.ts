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
    { label: 'Dashboard', path: '/admin/dashboard', icon: IconLayoutDashboard, available: true },
    { label: 'Scan', path: '/admin/scan', icon: IconScan, available: true },
    { label: 'Branches', path: '/admin/branches', icon: IconBuilding, available: true },
    { label: 'Staff', path: '/admin/staff', icon: IconUsers, available: true },
    { label: 'Roles', path: '/admin/roles', icon: IconShieldLock, available: true },
    { label: 'Customers', path: '/admin/customers', icon: IconUserCircle, available: true },
    { label: 'Business Customers', path: '/admin/business-customers', icon: IconBriefcase, available: true },
    { label: 'Packages', path: '/admin/packages', icon: IconPackage, available: true },
    { label: 'Packages Delivery Request', path: '/admin/delivery-requests', icon: IconTruckDelivery, available: true },
    { label: 'Delivery Locations', path: '/admin/delivery-locations', icon: IconMapPin, available: true },
    { label: 'Unknown Packages', path: '/admin/unknown-packages', icon: IconPackageOff, available: true },
    // Spelled so on purpose (spec section 2).
    { label: 'Maniefest', path: '/admin/maniefest', icon: IconClipboardList, available: true },
    { label: 'Reconciliation', path: '/admin/reconciliation', icon: IconArrowsExchange, available: true },
    { label: 'Invoices', path: '/admin/invoices', icon: IconFileInvoice, available: true },
    { label: 'Payments', path: '/admin/payments', icon: IconCreditCard, available: true },
    { label: 'Reports', path: '/admin/reports', icon: IconChartBar, available: true },
    { label: 'Uncollected', path: '/admin/uncollected', icon: IconClockExclamation, available: true },
    { label: 'Support Tickets', path: '/admin/support-tickets', icon: IconLifebuoy, available: true, badge: 'unreadTickets' },
    { label: 'Batch Emails', path: '/admin/batch-emails', icon: IconMail, available: true },
    { label: 'Audit Logs', path: '/admin/audit-logs', icon: IconHistory, available: true },
    { label: 'Notifications', path: '/admin/notifications', icon: IconBell, available: true },
    { label: 'Membership Rates', path: '/admin/membership-rates', icon: IconCrown, available: true },
    { label: 'Sign Signature', path: '/admin/sign-signature', icon: IconSignature, available: true },
    { label: 'Settings', path: '/admin/settings', icon: IconSettings, available: true },
  ],
};
