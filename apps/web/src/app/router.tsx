import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { ROLE_DASHBOARD, type Role } from '@parceldesk/shared/roles';
import type { AreaRoot } from '../components/ui/use-area-root';
import { config } from '../config';
import { BrandingProvider } from '../lib/branding';
import { useAuth } from '../lib/auth-context';
import { FullPageSpinner, RouteGuard } from './route-guard';
// The sign-in pages are where nearly every visit starts: they ship in the entry chunk, so a phone
// renders the form after one round of downloads instead of two (entry, then the lazy page).
import { AdminLoginPage } from '../features/auth/components/admin-login-page';
import { CustomerLoginPage } from '../features/auth/components/customer-login-page';
import { StaffLoginPage } from '../features/auth/components/staff-login-page';
import { SuperAdminLoginPage } from '../features/auth/components/super-admin-login-page';

/** Page groups load on demand (spec section 1): each import() below is its own chunk (the sign-in pages above excepted). */
function page<T extends ComponentType>(loader: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(loader);
}
const named = <K extends string>(key: K) => <M extends Record<K, ComponentType>>(m: M) => ({ default: m[key] });

const ResetPasswordPage = page(() => import('../features/auth/components/reset-password-page').then(named('ResetPasswordPage')));
const ConfirmEmailPage = page(() => import('../features/auth/components/confirm-email-page').then(named('ConfirmEmailPage')));
const CustomerResetPasswordPage = page(() => import('../features/auth/components/customer-reset-password-page').then(named('CustomerResetPasswordPage')));
const ConfirmSignupPage = page(() => import('../features/auth/components/confirm-signup-page').then(named('ConfirmSignupPage')));
const RegistrationPage = page(() => import('../features/registration/components/registration-page').then(named('RegistrationPage')));

const SuperAdminLayout = page(() => import('../components/layouts/super-admin-layout').then(named('SuperAdminLayout')));
const AdminLayout = page(() => import('../components/layouts/admin-layout').then(named('AdminLayout')));
const StaffLayout = page(() => import('../components/layouts/staff-layout').then(named('StaffLayout')));
const CustomerLayout = page(() => import('../components/layouts/customer-layout').then(named('CustomerLayout')));

const SuperAdminDashboard = page(() => import('../features/dashboard/components/super-admin-dashboard').then(named('SuperAdminDashboard')));
const PlatformSettingsPage = page(() => import('../features/platform-settings/components/platform-settings-page').then(named('PlatformSettingsPage')));
const AdminDashboard = page(() => import('../features/dashboard/components/admin-dashboard').then(named('AdminDashboard')));
const StaffDashboard = page(() => import('../features/dashboard/components/staff-dashboard').then(named('StaffDashboard')));
const CustomerDashboard = page(() => import('../features/dashboard/components/customer-dashboard').then(named('CustomerDashboard')));
const StaffProfilePage = page(() => import('../features/profile/components/staff-profile-page').then(named('StaffProfilePage')));
const SettingsPage = page(() => import('../features/settings/components/settings-page').then(named('SettingsPage')));
const CustomerRateSheetPage = page(() => import('../features/rate-sheet/components/customer-rate-sheet-page').then(named('CustomerRateSheetPage')));

// Issue 3: the people of the network.
const CouriersPage = page(() => import('../features/couriers/components/couriers-page').then(named('CouriersPage')));
const CourierDetailPage = page(() => import('../features/couriers/components/courier-detail-page').then(named('CourierDetailPage')));
const CourierCustomersPage = page(() => import('../features/couriers/components/courier-customers-page').then(named('CourierCustomersPage')));
const BranchesPage = page(() => import('../features/branches/components/branches-page').then(named('BranchesPage')));
const BranchDetailPage = page(() => import('../features/branches/components/branch-detail-page').then(named('BranchDetailPage')));
const RolesPage = page(() => import('../features/roles/components/roles-page').then(named('RolesPage')));
const RoleDetailPage = page(() => import('../features/roles/components/role-detail-page').then(named('RoleDetailPage')));
const StaffPage = page(() => import('../features/staff/components/staff-page').then(named('StaffPage')));
const StaffDetailPage = page(() => import('../features/staff/components/staff-detail-page').then(named('StaffDetailPage')));
const CustomersPage = page(() => import('../features/customers/components/customers-page').then(named('CustomersPage')));
const BusinessCustomersPage = page(() => import('../features/customers/components/customers-page').then(named('BusinessCustomersPage')));
const CustomersMonthPage = page(() => import('../features/customers/components/customers-month-page').then(named('CustomersMonthPage')));
const CustomerDetailPage = page(() => import('../features/customers/components/customer-detail-page').then(named('CustomerDetailPage')));
const CourierCustomerDetailPage = page(() => import('../features/customers/components/customer-detail-page').then(named('CourierCustomerDetailPage')));
const BusinessCustomerDetailPage = page(() => import('../features/customers/components/customer-detail-page').then(named('BusinessCustomerDetailPage')));
const CustomerProfilePage = page(() => import('../features/customer-profile/components/customer-profile-page').then(named('CustomerProfilePage')));

// Issue 5: support tickets, notifications and the audit log.
const StaffTicketsPage = page(() => import('../features/tickets/components/staff-tickets-page').then(named('StaffTicketsPage')));
const StaffTicketPage = page(() => import('../features/tickets/components/staff-ticket-page').then(named('StaffTicketPage')));
const CustomerTicketsPage = page(() => import('../features/tickets/components/customer-tickets-page').then(named('CustomerTicketsPage')));
const NotificationsPage = page(() => import('../features/notifications/components/notifications-page').then(named('NotificationsPage')));
const AuditLogsPage = page(() => import('../features/audit-logs/components/audit-logs-page').then(named('AuditLogsPage')));

// Issue 11: packages, unknown packages, claims and the public tracking page.
const PackagesPage = page(() => import('../features/packages/components/packages-page').then(named('PackagesPage')));
const PackageDetailPage = page(() => import('../features/packages/components/package-detail-page').then(named('PackageDetailPage')));
const UnknownPackagesPage = page(() => import('../features/packages/components/unknown-packages-page').then(named('UnknownPackagesPage')));
const CustomerPackagesPage = page(() => import('../features/packages/components/customer-packages-page').then(named('CustomerPackagesPage')));
const PublicTrackingPage = page(() => import('../features/packages/components/public-tracking-page').then(named('PublicTrackingPage')));
// Issue 12: reconciliation at the destination.
const ReconciliationPage = page(() => import('../features/reconciliation/components/reconciliation-page').then(named('ReconciliationPage')));
// Issue 11: the scan station and bulk receive.
const ScanStationPage = page(() => import('../features/packages/scan/components/scan-station-page').then(named('ScanStationPage')));
const BulkReceivePage = page(() => import('../features/packages/scan/components/bulk-receive-page').then(named('BulkReceivePage')));

// Issue 13: the pickup counter and the signing page, outside the layouts (spec section 2).
const CounterPage = page(() => import('../features/pickups/components/counter-page').then(named('CounterPage')));
const SigningPage = page(() => import('../features/pickups/components/signing-page').then(named('SigningPage')));
// Issue 13: payments, receipts and bank-transfer proofs.
const PaymentsPage = page(() => import('../features/payments/components/payments-page').then(named('PaymentsPage')));
const CustomerPaymentsPage = page(() => import('../features/payments/components/customer-payments-page').then(named('CustomerPaymentsPage')));
// Issue 12: manifests (the courier areas' route is spelled "maniefest", spec section 2).
const ManifestsPage = page(() => import('../features/manifests/components/manifests-page').then(named('ManifestsPage')));
const ManifestDetailPage = page(() => import('../features/manifests/components/manifest-detail-page').then(named('ManifestDetailPage')));

// Issue 13: membership rates and the customs calculator.
const MembershipRatesPage = page(() => import('../features/pricing/components/membership-rates-page').then(named('MembershipRatesPage')));
const CustomsCalculatorPage = page(() => import('../features/pricing/components/customs-calculator-page').then(named('CustomsCalculatorPage')));
// Issue 13: invoices.
const BatchEmailsPage = page(() => import('../features/batch-emails/components/batch-emails-page').then(named('BatchEmailsPage')));
const UnsubscribePage = page(() => import('../features/batch-emails/components/unsubscribe-page').then(named('UnsubscribePage')));
const DeliveryRequestsPage = page(() => import('../features/delivery/components/delivery-requests-page').then(named('DeliveryRequestsPage')));
const DeliveryLocationsPage = page(() => import('../features/delivery/components/delivery-locations-page').then(named('DeliveryLocationsPage')));
const CustomerDeliveryPage = page(() => import('../features/delivery/components/customer-delivery-page').then(named('CustomerDeliveryPage')));
const UncollectedPage = page(() => import('../features/uncollected/components/uncollected-page').then(named('UncollectedPage')));
const InvoicesPage = page(() => import('../features/invoices/components/invoices-page').then(named('InvoicesPage')));
const InvoiceDetailPage = page(() => import('../features/invoices/components/invoice-detail-page').then(named('InvoiceDetailPage')));
const CustomerInvoicesPage = page(() => import('../features/invoices/components/customer-invoices-page').then(named('CustomerInvoicesPage')));
const CustomerInvoicePage = page(() => import('../features/invoices/components/customer-invoices-page').then(named('CustomerInvoicePage')));

// Issue 14: reports, one screen for the three staff-side areas.
const ReportsPage = page(() => import('../features/reports/components/reports-page').then(named('ReportsPage')));

function Root() {
  return (
    <BrandingProvider>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </BrandingProvider>
  );
}

/** `/` sends a signed-in user to their dashboard (a customer's home is `/`), anyone else to /login. */
function Home() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageSpinner />;
  return <Navigate to={auth.role ? ROLE_DASHBOARD[auth.role] : '/login'} replace />;
}

/**
 * The spec lists the sign-signature pages also under /courier/admin (the app's own base path
 * written into the route): such a link opens the same page.
 */
function WithoutCourierPrefix() {
  const { pathname, search } = useLocation();
  return <Navigate to={`${pathname.replace(/^\/courier/, '')}${search}`} replace />;
}

/** The sign-signature pages: full screen for a counter tablet, guarded like their area. */
const signSignature = (root: '/admin' | '/staff', roles: readonly Role[]): RouteObject[] => [
  { path: `${root}/sign-signature`, element: <RouteGuard roles={roles}><CounterPage /></RouteGuard> },
  { path: `${root}/sign-signature/:invoiceNumber`, element: <RouteGuard roles={roles}><SigningPage /></RouteGuard> },
];

/** Index and unknown sub-paths of an area open that area's dashboard (absolute: splat-relative paths would loop). */
const toDashboard = (area: string) => <Navigate to={`${area}/dashboard`} replace />;

// Screens several areas share: each area lists the groups its sidebar offers (spec section 2).
const branchAndRoleScreens: RouteObject[] = [
  { path: 'branches', element: <BranchesPage /> },
  { path: 'branches/:id', element: <BranchDetailPage /> },
  { path: 'roles', element: <RolesPage /> },
  { path: 'roles/:id', element: <RoleDetailPage /> },
];
const staffScreens: RouteObject[] = [
  { path: 'staff', element: <StaffPage /> },
  { path: 'staff/:id', element: <StaffDetailPage /> },
];
const customerScreens: RouteObject[] = [
  { path: 'customers', element: <CustomersPage /> },
  { path: 'customers/:id', element: <CustomerDetailPage /> },
  { path: 'business-customers', element: <BusinessCustomersPage /> },
  { path: 'business-customers/:id', element: <BusinessCustomerDetailPage /> },
];
const ticketScreens: RouteObject[] = [
  { path: 'support-tickets', element: <StaffTicketsPage /> },
  { path: 'support-tickets/:id', element: <StaffTicketPage /> },
];
const packageScreens: RouteObject[] = [
  { path: 'packages', element: <PackagesPage /> },
  { path: 'packages/:id', element: <PackageDetailPage /> },
  { path: 'unknown-packages', element: <UnknownPackagesPage /> },
];
const uncollectedScreens: RouteObject[] = [{ path: 'uncollected', element: <UncollectedPage /> }];
const deliveryScreens: RouteObject[] = [{ path: 'delivery-requests', element: <DeliveryRequestsPage /> }];
const invoiceScreens: RouteObject[] = [
  { path: 'invoices', element: <InvoicesPage /> },
  { path: 'invoices/:invoiceNo', element: <InvoiceDetailPage /> },
];
const scanScreens: RouteObject[] = [
  { path: 'scan', element: <ScanStationPage /> },
  { path: 'scan/bulk-receive', element: <BulkReceivePage /> },
];
const manifestScreens: RouteObject[] = [
  { path: 'maniefest', element: <ManifestsPage /> },
  { path: 'maniefest/:id', element: <ManifestDetailPage /> },
];
const reportScreens: RouteObject[] = [{ path: 'reports', element: <ReportsPage /> }];
const reconciliationScreens: RouteObject[] = [{ path: 'reconciliation', element: <ReconciliationPage /> }];
const recordScreens: RouteObject[] = [
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'audit-logs', element: <AuditLogsPage /> },
];

/** One area: guarded by role, in its layout; its index and unknown paths open its dashboard. */
function area(root: AreaRoot, roles: readonly Role[], layout: ReactElement, dashboard: ReactElement, screens: RouteObject[]): RouteObject {
  return {
    path: root,
    element: <RouteGuard roles={roles}>{layout}</RouteGuard>,
    children: [
      { index: true, element: toDashboard(root) },
      { path: 'dashboard', element: dashboard },
      ...screens,
      { path: '*', element: toDashboard(root) },
    ],
  };
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/login', element: <CustomerLoginPage /> },
      { path: '/register', element: <RegistrationPage /> },
      { path: '/register/confirm', element: <ConfirmSignupPage /> },
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/staff/login', element: <StaffLoginPage /> },
      { path: '/superadmin/login', element: <SuperAdminLoginPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/customer-reset-password', element: <CustomerResetPasswordPage /> },
      { path: '/confirm-email', element: <ConfirmEmailPage /> },
      // Outside the sign-in: anyone with a tracking number (issue 11), branded like the login page.
      { path: '/track', element: <PublicTrackingPage /> },
      // The unsubscribe link of every batch email (issue 14): no sign-in.
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      ...signSignature('/admin', ['courier_admin']),
      ...signSignature('/staff', ['branch_manager', 'staff']),
      { path: '/courier/admin/sign-signature', element: <WithoutCourierPrefix /> },
      { path: '/courier/admin/sign-signature/:invoiceNumber', element: <WithoutCourierPrefix /> },
      area('/superadmin', ['super_admin'], <SuperAdminLayout />, <SuperAdminDashboard />, [
        { path: 'couriers', element: <CouriersPage /> },
        { path: 'couriers/:id', element: <CourierDetailPage /> },
        { path: 'couriers/:id/customers', element: <CourierCustomersPage /> },
        { path: 'couriers/:courierId/customers/:id', element: <CourierCustomerDetailPage /> },
        ...branchAndRoleScreens,
        ...staffScreens,
        ...packageScreens,
        ...invoiceScreens,
        { path: 'manifests', element: <ManifestsPage /> },
        { path: 'manifests/:id', element: <ManifestDetailPage /> },
        ...ticketScreens,
        ...recordScreens,
        { path: 'payments', element: <PaymentsPage /> },
        { path: 'settings', element: <PlatformSettingsPage /> },
        ...reportScreens,
      ]),
      area('/admin', ['courier_admin'], <AdminLayout />, <AdminDashboard />, [
        ...branchAndRoleScreens,
        ...staffScreens,
        ...customerScreens,
        { path: 'customers/month/:year/:month', element: <CustomersMonthPage /> },
        ...packageScreens,
        ...invoiceScreens,
        ...uncollectedScreens,
        { path: 'batch-emails', element: <BatchEmailsPage /> },
        ...deliveryScreens,
        { path: 'delivery-locations', element: <DeliveryLocationsPage /> },
        { path: 'settings', element: <SettingsPage /> },
        { path: 'membership-rates', element: <MembershipRatesPage /> },
        ...scanScreens,
        ...manifestScreens,
        ...reconciliationScreens,
        ...ticketScreens,
        ...recordScreens,
        { path: 'payments', element: <PaymentsPage /> },
        ...reportScreens,
      ]),
      area('/staff', ['branch_manager', 'staff'], <StaffLayout />, <StaffDashboard />, [
        ...staffScreens,
        ...customerScreens,
        ...packageScreens,
        ...invoiceScreens,
        ...uncollectedScreens,
        ...deliveryScreens,
        { path: 'settings', element: <StaffProfilePage /> },
        ...scanScreens,
        ...manifestScreens,
        ...reconciliationScreens,
        ...ticketScreens,
        { path: 'payments', element: <PaymentsPage /> },
        ...reportScreens,
      ]),
      area('/customer', ['customer'], <CustomerLayout />, <CustomerDashboard />, [
        { path: 'packages', element: <CustomerPackagesPage /> },
        { path: 'delivery-requests', element: <CustomerDeliveryPage /> },
        { path: 'invoices', element: <CustomerInvoicesPage /> },
        { path: 'invoices/:invoiceNo', element: <CustomerInvoicePage /> },
        { path: 'profile', element: <CustomerProfilePage /> },
        { path: 'rate-sheet', element: <CustomerRateSheetPage /> },
        { path: 'customs-calculator', element: <CustomsCalculatorPage /> },
        { path: 'support-tickets', element: <CustomerTicketsPage /> },
        { path: 'payments', element: <CustomerPaymentsPage /> },
      ]),
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
], { basename: config.basePath });
