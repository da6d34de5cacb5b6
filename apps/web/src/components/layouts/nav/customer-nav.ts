import {
  IconBell, IconCalculator, IconCreditCard, IconFileInvoice, IconFileSpreadsheet, IconLayoutDashboard, IconLifebuoy,
  IconPackage, IconTruckDelivery, IconUser,
} from '@tabler/icons-react';
import type { NavArea } from './nav-types';

/** Customer sidebar (spec section 2, customer area). */
export const customerNav: NavArea = {
  root: '/customer',
  items: [
    { label: 'Dashboard', path: '/customer/dashboard', icon: IconLayoutDashboard },
    { label: 'Packages', path: '/customer/packages', icon: IconPackage },
    { label: 'Delivery Requests', path: '/customer/delivery-requests', icon: IconTruckDelivery },
    { label: 'Invoices', path: '/customer/invoices', icon: IconFileInvoice },
    { label: 'Payments', path: '/customer/payments', icon: IconCreditCard },
    // Issue 14: parcel, invoice, payment and claim news of their own.
    { label: 'Notifications', path: '/customer/notifications', icon: IconBell },
    { label: 'Profile', path: '/customer/profile', icon: IconUser },
    { label: 'Customs Calculator', path: '/customer/customs-calculator', icon: IconCalculator },
    { label: 'Rate Sheet', path: '/customer/rate-sheet', icon: IconFileSpreadsheet },
    { label: 'Support Tickets', path: '/customer/support-tickets', icon: IconLifebuoy, badge: 'unreadTickets' },
  ],
};
