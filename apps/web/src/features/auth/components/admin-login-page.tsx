import { StaffSideLoginPage } from './staff-side-login-page';

/** /admin/login: courier admins; accepts an impersonation token (spec section 2). */
export function AdminLoginPage() {
  return <StaffSideLoginPage portal="courier_admin" title="Courier Admin Sign In" acceptsToken />;
}
