import {
  IconArrowsExchange, IconBriefcase, IconChartBar, IconClipboardList, IconClockExclamation, IconCreditCard, IconFileInvoice,
  IconLayoutDashboard, IconLifebuoy, IconPackage, IconPackageOff, IconScan, IconSettings, IconSignature,
  IconTruckDelivery, IconUserCircle, IconUsers,
} from '@tabler/icons-react';
import type { NavArea } from './nav-types';

/** Staff sidebar: each entry shows only with its permission (spec section 2, staff table). */
export const staffNav: NavArea = {
  root: '/staff',
  items: [
    { label: 'Dashboard', path: '/staff/dashboard', icon: IconLayoutDashboard, permission: 'dashboard_view', available: true },
    { label: 'Scan', path: '/staff/scan', icon: IconScan, permission: 'packages_scan', available: true },
    { label: 'Packages', path: '/staff/packages', icon: IconPackage, permission: 'packages_view', available: true },
    { label: 'Customers', path: '/staff/customers', icon: IconUserCircle, permission: 'customers_view', available: true },
    { label: 'Business Customers', path: '/staff/business-customers', icon: IconBriefcase, permission: 'customers_business', available: true },
    { label: 'Staff', path: '/staff/staff', icon: IconUsers, permission: 'staff_view', available: true },
    { label: 'Reports', path: '/staff/reports', icon: IconChartBar, permission: 'reports_view', available: true },
    { label: 'Packages Delivery Request', path: '/staff/delivery-requests', icon: IconTruckDelivery, permission: 'delivery_requests_view', available: true },
    { label: 'Unknown Packages', path: '/staff/unknown-packages', icon: IconPackageOff, permission: 'packages_unknown', available: true },
    // Spelled so on purpose (spec section 2).
    { label: 'Maniefest', path: '/staff/maniefest', icon: IconClipboardList, permission: 'manifests_view', available: true },
    // Spec section 2 lists /staff/reconciliation among the staff routes; the entry is held with manifests_reconcile (decision 013).
    { label: 'Reconciliation', path: '/staff/reconciliation', icon: IconArrowsExchange, permission: 'manifests_reconcile', available: true },
    { label: 'Invoices', path: '/staff/invoices', icon: IconFileInvoice, permission: 'invoices_view', available: true },
    { label: 'Payments', path: '/staff/payments', icon: IconCreditCard, permission: 'payments_view', available: true },
    { label: 'Uncollected', path: '/staff/uncollected', icon: IconClockExclamation, permission: 'packages_uncollected', available: true },
    { label: 'Support Tickets', path: '/staff/support-tickets', icon: IconLifebuoy, permission: 'tickets_view', available: true, badge: 'unreadTickets' },
    { label: 'Signature', path: '/staff/sign-signature', icon: IconSignature, permission: 'packages_sign', available: true },
    // The staff Settings screen is the My Profile page (spec section 2).
    { label: 'Settings', path: '/staff/settings', icon: IconSettings, permission: 'settings_view', available: true },
  ],
};
