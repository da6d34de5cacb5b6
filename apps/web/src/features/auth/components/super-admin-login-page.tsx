import { StaffSideLoginPage } from './staff-side-login-page';

/** /superadmin/login: the network operator (spec section 2). */
export function SuperAdminLoginPage() {
  return <StaffSideLoginPage portal="super_admin" title="Super Admin Sign In" />;
}
