import {
  IconCalculator, IconCreditCard, IconFileInvoice, IconFileSpreadsheet, IconLayoutDashboard, IconLifebuoy,
  IconPackage, IconTruckDelivery, IconUser,
} from '@tabler/icons-react';
import type { NavArea } from './nav-types';

/** Customer sidebar (spec section 2, customer area). */
export const customerNav: NavArea = {
  root: '/customer',
  items: [
    { label: 'Dashboard', path: '/customer/dashboard', icon: IconLayoutDashboard, available: true },
    { label: 'Packages', path: '/customer/packages', icon: IconPackage, available: true },
    { label: 'Delivery Requests', path: '/customer/delivery-requests', icon: IconTruckDelivery, available: true },
    { label: 'Invoices', path: '/customer/invoices', icon: IconFileInvoice, available: true },
    { label: 'Payments', path: '/customer/payments', icon: IconCreditCard, available: true },
    { label: 'Profile', path: '/customer/profile', icon: IconUser, available: true },
    { label: 'Customs Calculator', path: '/customer/customs-calculator', icon: IconCalculator, available: true },
    { label: 'Rate Sheet', path: '/customer/rate-sheet', icon: IconFileSpreadsheet, available: true },
    { label: 'Support Tickets', path: '/customer/support-tickets', icon: IconLifebuoy, available: true, badge: 'unreadTickets' },
  ],
};
