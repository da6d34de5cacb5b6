import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { ROLE_DASHBOARD } from '@parceldesk/shared/roles';
import { config } from '../config';
import { BrandingProvider } from '../lib/branding';
import { useAuth } from '../lib/auth-context';
import { FullPageSpinner, RouteGuard } from './route-guard';

/** Page groups load on demand (spec section 1): each import() below is its own chunk. */
function page<T extends ComponentType>(loader: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(loader);
}
const named = <K extends string>(key: K) => <M extends Record<K, ComponentType>>(m: M) => ({ default: m[key] });

const CustomerLoginPage = page(() => import('../features/auth/components/customer-login-page').then(named('CustomerLoginPage')));
const AdminLoginPage = page(() => import('../features/auth/components/admin-login-page').then(named('AdminLoginPage')));
const StaffLoginPage = page(() => import('../features/auth/components/staff-login-page').then(named('StaffLoginPage')));
const SuperAdminLoginPage = page(() => import('../features/auth/components/super-admin-login-page').then(named('SuperAdminLoginPage')));
const ResetPasswordPage = page(() => import('../features/auth/components/reset-password-page').then(named('ResetPasswordPage')));
const CustomerResetPasswordPage = page(() => import('../features/auth/components/customer-reset-password-page').then(named('CustomerResetPasswordPage')));
const RegistrationPage = page(() => import('../features/registration/components/registration-page').then(named('RegistrationPage')));

const SuperAdminLayout = page(() => import('../components/layouts/super-admin-layout').then(named('SuperAdminLayout')));
const AdminLayout = page(() => import('../components/layouts/admin-layout').then(named('AdminLayout')));
const StaffLayout = page(() => import('../components/layouts/staff-layout').then(named('StaffLayout')));
const CustomerLayout = page(() => import('../components/layouts/customer-layout').then(named('CustomerLayout')));

const SuperAdminDashboard = page(() => import('../features/dashboard/components/super-admin-dashboard').then(named('SuperAdminDashboard')));
const AdminDashboard = page(() => import('../features/dashboard/components/admin-dashboard').then(named('AdminDashboard')));
const StaffDashboard = page(() => import('../features/dashboard/components/staff-dashboard').then(named('StaffDashboard')));
const CustomerDashboard = page(() => import('../features/dashboard/components/customer-dashboard').then(named('CustomerDashboard')));
const StaffProfilePage = page(() => import('../features/profile/components/staff-profile-page').then(named('StaffProfilePage')));

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

/** Index and unknown sub-paths of an area open that area's dashboard (absolute: splat-relative paths would loop). */
const toDashboard = (area: string) => <Navigate to={`${area}/dashboard`} replace />;

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/login', element: <CustomerLoginPage /> },
      { path: '/register', element: <RegistrationPage /> },
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/staff/login', element: <StaffLoginPage /> },
      { path: '/superadmin/login', element: <SuperAdminLoginPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/customer-reset-password', element: <CustomerResetPasswordPage /> },
      {
        path: '/superadmin',
        element: <RouteGuard roles={['super_admin']}><SuperAdminLayout /></RouteGuard>,
        children: [
          { index: true, element: toDashboard('/superadmin') },
          { path: 'dashboard', element: <SuperAdminDashboard /> },
          { path: '*', element: toDashboard('/superadmin') },
        ],
      },
      {
        path: '/admin',
        element: <RouteGuard roles={['courier_admin']}><AdminLayout /></RouteGuard>,
        children: [
          { index: true, element: toDashboard('/admin') },
          { path: 'dashboard', element: <AdminDashboard /> },
          { path: '*', element: toDashboard('/admin') },
        ],
      },
      {
        path: '/staff',
        element: <RouteGuard roles={['branch_manager', 'staff']}><StaffLayout /></RouteGuard>,
        children: [
          { index: true, element: toDashboard('/staff') },
          { path: 'dashboard', element: <StaffDashboard /> },
          { path: 'settings', element: <StaffProfilePage /> },
          { path: '*', element: toDashboard('/staff') },
        ],
      },
      {
        path: '/customer',
        element: <RouteGuard roles={['customer']}><CustomerLayout /></RouteGuard>,
        children: [
          { index: true, element: toDashboard('/customer') },
          { path: 'dashboard', element: <CustomerDashboard /> },
          { path: '*', element: toDashboard('/customer') },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
], { basename: config.basePath });
